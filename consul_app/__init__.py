"""Consul: a terminal companion for the Consul in Super Dungeon Explore."""

__version__ = "0.1.0"
