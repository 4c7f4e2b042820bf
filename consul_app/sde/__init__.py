"""Super Dungeon Explore as one game of the session layer (`consul_app.session.game`): its rules
are `consul_app.rules`, its content `consul_app.content`, its screens `consul_app.tui`; this
package binds them to the session (`game.py`), and holds what saves and exports need of SDE."""
