"""Where Consul keeps things on disk: the bundled pack, the user's pack and the saves."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_HOME = "CONSUL_DATA_DIR"
"""Overrides the user data dir (tests point it at a temporary folder)."""


def bundled_data_dir() -> Path:
    """The bundled content pack: package data when installed, ./data in a source checkout."""
    package = Path(__file__).resolve().parent.parent  # consul_app/
    packaged = package / "data"
    if packaged.is_dir():
        return packaged
    return package.parent / "data"


def data_home() -> Path:
    """The user's data dir (platformdirs), or $CONSUL_DATA_DIR when set."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("consul", appauthor=False))


def user_content_dir() -> Path:
    """A user's own content folder; its entries add to or override the bundled pack by id."""
    return data_home() / "content"


def cache_dir() -> Path:
    """Where Consul keeps what it can rebuild (the validated content): platformdirs' user
    cache dir, or `cache/` in $CONSUL_DATA_DIR when set."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override) / "cache"
    return Path(platformdirs.user_cache_dir("consul", appauthor=False))


def saves_dir() -> Path:
    """Where game journals are kept, one per game."""
    return data_home() / "saves"


def crash_dir() -> Path:
    """Where a crash's report is written (`crashes/` in the data folder)."""
    return data_home() / "crashes"


def config_file() -> Path:
    """The preferences (TOML): platformdirs' user config dir, or `config.toml` in
    $CONSUL_DATA_DIR when set."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override) / "config.toml"
    return Path(platformdirs.user_config_dir("consul", appauthor=False)) / "config.toml"
