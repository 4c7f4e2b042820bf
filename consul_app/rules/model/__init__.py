"""The game's model: the setup (`setup`, `placing`; its chart and the chart's spaces, `chart`),
the state (`state`, its steps `steps` and their order `agenda`), the actions (`actions`), the
engine's errors (`errors`) and the names labels use (`names`). Imports no handler and no view
(`tests/test_layers.py`)."""
