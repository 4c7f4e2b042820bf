"""The bottom layer: what every layer uses and that knows no game.

Where Consul keeps things on disk (`paths`), reading a file someone named (`files`), names as
the screen may show them (`shown`), a package's lazy exports (`lazy`) and readers of tagged
msgspec unions (`tagged`). Imports nothing else of Consul (`tests/test_layers.py`), and
nothing heavy: the first frame needs `paths` and `shown`.
"""
