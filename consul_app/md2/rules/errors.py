"""The MD2 engine's refusal: `str(err)` is a reason the players can read."""

from consul_app.rules.model.errors import RuleError

__all__ = ["RuleError"]
