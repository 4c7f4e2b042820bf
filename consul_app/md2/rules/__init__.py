"""The MD2 rules engine: the Bard's and the Tinkerer's dashboards as pure data.

`new_game(setup, content)` makes the first state and `apply(content, state, action)` the next
one (or raises `RuleError` with the reason); `views` says what the screen shows."""

from consul_app.md2.rules.actions import Md2Action, read_md2_action
from consul_app.md2.rules.engine import apply, label, new_game
from consul_app.md2.rules.state import Md2Setup, Md2State

__all__ = ["Md2Action", "Md2Setup", "Md2State", "apply", "label", "new_game", "read_md2_action"]
