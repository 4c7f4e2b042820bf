"""The bundled pack in data/ loads and validates, whole and edition by edition."""

from __future__ import annotations

import pytest

from consul_app.content import KINDS, ContentPack, Edition, load_pack
from consul_app.content.editions import declared_editions

EDITIONS, _ = declared_editions([])


def test_the_bundled_pack_validates() -> None:
    pack = load_pack(include_user=False)
    for edition in EDITIONS:
        assert pack.edition(edition).monsters, f"no monsters in {edition}"
    assert len(pack.content_hash) == 64


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_loads_alone_and_the_same(edition: Edition, content: ContentPack) -> None:
    alone = load_pack(include_user=False, editions=[edition]).edition(edition)
    whole = content.edition(edition)  # the whole bundled pack, loaded once per test process
    for kind in KINDS:
        assert alone.kind(kind) == whole.kind(kind)
