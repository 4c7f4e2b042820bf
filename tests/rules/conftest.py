"""Fixtures: the hand-made packs of `packs.py`, one per edition."""

from __future__ import annotations

import pytest

from consul_app.content.pack import EditionPack

from .packs import classic_pack, fk_pack, sde2_pack


@pytest.fixture
def sde2() -> EditionPack:
    return sde2_pack()


@pytest.fixture
def fk() -> EditionPack:
    return fk_pack()


@pytest.fixture
def classic() -> EditionPack:
    return classic_pack()
