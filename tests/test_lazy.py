"""The engine's and the session's packages export their names lazily (`consul_app.base.lazy`): each
name is the object of its module, whatever was imported before, and the package's three lists
of names (the imports type checkers read, `__all__`, where each is imported from) agree."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import consul_app.rules
import consul_app.session

PACKAGES = [consul_app.rules, consul_app.session]


def _static_imports(package: ModuleType) -> dict[str, str]:
    """Name -> module (relative to the package) of the `if TYPE_CHECKING:` imports."""
    tree = ast.parse(Path(package.__file__ or "").read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If))
    assert ast.unparse(block.test) == "TYPE_CHECKING"
    found: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names:
            found[alias.name] = node.module.removeprefix(f"{package.__name__}.")
    return found


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_the_lists_of_names_agree(package: ModuleType) -> None:
    homes = {
        name: module
        for module, names in package._HOMES.items()  # type: ignore[attr-defined]
        for name in names.split()
    }
    assert _static_imports(package) == homes
    assert sorted(package.__all__) == sorted(homes)
    assert len(package.__all__) == len(set(package.__all__))
    assert set(package.__all__) <= set(dir(package))


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_each_name_is_its_modules_object_after_any_import(package: ModuleType) -> None:
    """Also when a module has the name of a function it exports (`rules.story`): importing
    the module does not hide the function."""
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        importlib.import_module(info.name)
    for module, names in package._HOMES.items():  # type: ignore[attr-defined]
        home = importlib.import_module(f"{package.__name__}.{module}")
        for name in names.split():
            assert getattr(package, name) is getattr(home, name), name


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        consul_app.rules.nothing  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(ImportError):
        from consul_app.session import nothing  # type: ignore[attr-defined]  # noqa: F401


def test_a_part_of_the_engine_imports_only_what_it_needs() -> None:
    """The new-game screen's first page needs the setup, not the actions and the state."""
    code = (
        "import sys; from consul_app.rules import default_setup; "
        "from consul_app.session import list_saves; "
        "print(' '.join(m for m in sys.modules if m.startswith('consul_app.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "consul_app.rules.model.setup" in loaded and "consul_app.session.saves" in loaded
    for heavy in ("model.actions", "model.state", "engine", "views.cards"):
        assert f"consul_app.rules.{heavy}" not in loaded
    assert "consul_app.session.session" not in loaded


def test_starting_consul_imports_no_other_game() -> None:
    """SDE's start (the app, the session, the saves list, the parser of every command) never
    imports MD2: each game is imported only when a save of it is read or started."""
    code = (
        "import sys; from consul_app.commands.cli import build_parser; build_parser(); "
        "from consul_app.tui.app import ConsulApp; "
        "from consul_app.session import Session, list_saves; "
        "import consul_app.session.load, consul_app.session.export, consul_app.sde.game; "
        "print(' '.join(m for m in sys.modules if m.startswith('consul_app.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "consul_app.session.load" in loaded
    assert [m for m in loaded if m.startswith("consul_app.md2")] == []
