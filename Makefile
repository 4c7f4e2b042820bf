# Two commands: `make run` and `make test`. Each creates .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench screenshots clean

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

lint: $(VENV)/.installed
	$(BIN)/ruff check consul_app tests benchmarks scripts

bench: $(VENV)/.installed
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f; done

screenshots: $(VENV)/.installed
	$(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) build dist *.egg-info
