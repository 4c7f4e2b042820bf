"""Names a package exports but imports from its modules only when first used (PEP 562).

A package's `__init__` that imports every module makes importing any one of them import all of
them; `consul` starts faster when its first screen loads only the parts it uses.

    __getattr__, __dir__ = lazy_exports(__name__, {"actions": "Action EndTurn", ...})
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any


class _LazyPackage(ModuleType):
    """A package whose exported names are never replaced by a submodule of the same name
    (importing `rules.story`, the module, would otherwise hide `rules.story`, the function)."""

    _exported: frozenset[str] = frozenset()

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and name in self._exported:
            return
        super().__setattr__(name, value)


def lazy_exports(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, which exports the names of `homes` (a
    module, relative to the package: its names, separated by spaces) from their module,
    imported on first use."""
    home = {name: module for module, names in homes.items() for name in names.split()}
    namespace = sys.modules[package]
    namespace.__class__ = _LazyPackage
    namespace._exported = frozenset(home)  # type: ignore[attr-defined]

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        setattr(namespace, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(namespace), *home})

    return __getattr__, __dir__
