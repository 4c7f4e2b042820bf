# Two commands: `make run` and `make test`. Each creates .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench screenshots soak clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

run: $(VENV)/.installed
	$(BIN)/consul

# The tests keep the modules they compile (__pycache__, git-ignored) even where
# PYTHONDONTWRITEBYTECODE is set: else every xdist worker and every `consul` a test starts
# compiles the app (and rewrites the tests) again on every run.
test: $(VENV)/.installed
	$(BIN)/ruff check consul_app tests benchmarks scripts
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n auto

# The key monkey's long run: random setups and random keys for MINUTES, from setup SEED on
# (SETUPS: at most that many setups; KEYS: keys per setup; JOBS: processes, one per core if
# not given). It goes on past a failure and tells every one at the end, each with its seed,
# setup and last keys.
SEED ?= 1
MINUTES ?= 30
SETUPS ?= 0
KEYS ?= 80
JOBS ?= 0
soak: $(VENV)/.installed
	$(BIN)/python scripts/soak.py --seed $(SEED) --minutes $(MINUTES) --setups $(SETUPS) \
	  --keys $(KEYS) --jobs $(JOBS)

lint: $(VENV)/.installed
	$(BIN)/ruff check consul_app tests benchmarks scripts

bench: $(VENV)/.installed
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f; done

screenshots: $(VENV)/.installed
	$(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) build dist *.egg-info
