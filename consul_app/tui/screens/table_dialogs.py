"""The table's decisions and dialogs: a step's decision (pick one, pick many: the relics),
the boss sighting's Dark Reflection tiles, status effects on the boss, a mini-boss, a spawning
point or a monster on the dungeon, a mini-boss or a spawning point picked. Each answer goes
through the table's `dispatch`; a question every answer of which the engine refuses is not
asked (its reason is said). A mixin of `TableScreen`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from consul_app.rules import (
    Action,
    AddStatus,
    Choice,
    MiniBossOption,
    SpawnMiniBoss,
    Step,
    answer,
    edition,
    immune_to,
    marked_monsters,
    mini_bosses_left,
    reflected_sighting,
    refusal,
    summons_out,
)
from consul_app.tui.choices import (
    Target,
    boss_choices,
    boss_ref,
    marked_choices,
    mini_boss_choice,
    monster_ref,
    point_statuses,
    relic_choice,
    relic_slots,
    spawning_point_choices,
    spawning_point_ref,
    status_action,
    status_choices,
    statuses_of,
)
from consul_app.tui.screens.chart_edit import ChartEditScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.widgets.pool import PoolTable

Answer = TypeVar("Answer")

FRESH = "A {name} without wounds or status effects"
"""The choice of a monster on the dungeon not yet marked."""



class TableDialogs:
    """The dialog flows of the table screen (mixed into `TableScreen`)."""

    def _decide(self, step: Step) -> None:
        """A decision's dialog; the engine turns the ids picked into the answer."""
        if step.key == "relics":
            pack, state = self.session.pack, self.session.state
            choices = [relic_choice(pack, c) for c in step.choices]

            def check(picked: list[str]) -> tuple[str, str | None]:
                return relic_slots(pack, picked), refusal(pack, state, answer(step, picked))

            self.app.push_screen(
                PickManyScreen(step.title, step.text, choices, step.limit or 0, check),
                self._then(lambda picked: answer(step, picked)),
            )
        elif step.key == "boss-sighting" and self.session.state.setup.heroes_with(
            "dark-reflection"
        ):
            self._reflect(step, {})
        else:
            self._pick(step.title, step.text, step.choices, lambda picked: answer(step, [picked]))

    def _reflect(self, step: Step, reflected: dict[str, int]) -> None:
        """Dark Reflection: ask each such hero's tile (the sighting's text says what it does),
        then the sighting itself with every tile it hits."""
        state = self.session.state
        left = [h for h in state.setup.heroes_with("dark-reflection") if h not in reflected]
        if not left:
            shown = reflected_sighting(self.session.pack, state, step, reflected)
            self._pick(
                shown.title, shown.text, shown.choices, lambda id_: answer(step, [id_], reflected)
            )
            return
        hero = left[0]
        tiles = [Choice(str(n), f"Tile {n}") for n in range(1, state.setup.tiles + 1)]

        def asked(tile: str | None) -> None:
            if tile is not None:
                self._reflect(step, {**reflected, hero: int(tile)})

        self.app.push_screen(
            PickOneScreen(
                f"{step.title}: Dark Reflection", f"{step.text}\n\nWhich tile is {hero} on?", tiles
            ),
            asked,
        )

    def _pick(
        self,
        title: str,
        text: str,
        choices: list[Choice],
        action: Callable[[str], Action],
        unavailable: list[Choice] | None = None,
    ) -> None:
        """Ask for one of `choices`; dispatch `action(choice)` unless put off."""
        if not choices:
            self.notify(f"{title}: there is nothing to choose from.", severity="warning")
            return
        refused = self._every_answer_refused([action(c.id) for c in choices])
        if refused is not None:  # no question whose every answer the engine would refuse
            self.notify(refused, title="Not now", severity="warning")
            return
        self.app.push_screen(PickOneScreen(title, text, choices, unavailable), self._then(action))

    def _every_answer_refused(self, actions: list[Action | None]) -> str | None:
        """The engine's first reason if it refuses every one of `actions` now, else None."""
        reasons = []
        for made in actions:
            reason = None if made is None else refusal(self.session.pack, self.session.state, made)
            if reason is None:
                return None
            reasons.append(reason)
        return reasons[0]

    def _then(self, action: Callable[[Answer], Action | None]) -> Callable[[Answer | None], None]:
        """A dialog's callback: dispatch the action for its answer (none when put off)."""

        def answered(answer: Answer | None) -> None:
            made = action(answer) if answer is not None else None
            if made is not None:
                self.dispatch(made)

        return answered

    def _on_point(self, verb: str, count: int, action: Callable[[dict, int], Action]) -> None:
        """Pick a standing spawning point (the only one needs no dialog) for a hit or heal."""
        choices = spawning_point_choices(self.session.pack, self.session.state, wounds=True)
        if len(choices) == 1:
            self.dispatch(action(spawning_point_ref(choices[0].id), count))
            return
        self._pick(
            f"Spawning point {verb} {count} wound{'s' * (count != 1)}",
            "Which spawning point?",
            choices,
            lambda choice: action(spawning_point_ref(choice), count),
        )

    def action_status(self, target: Target) -> None:
        state = self.session.state
        choices = boss_choices(self.session.pack, state) if target == "boss" else []
        if not choices:
            self._status_on({"target": target}, statuses_of(state, target), target)
            return

        def on(boss: str | None) -> None:
            if boss is not None:
                name = next(c.name for c in choices if c.id == boss)
                self._status_on(boss_ref(state, boss), statuses_of(state, target, boss), name)

        if len(choices) == 1:  # (one left in play: Mugg once Ugg is destroyed)
            on(choices[0].id)
            return
        self.app.push_screen(PickOneScreen("Status effect on a boss", "Which boss?", choices), on)

    def _status_on(self, on: dict, has: list[str], who: str) -> None:
        """Pick a status effect to put on the model `on` (the action's target fields), or one
        it has to take off."""
        pack, state = self.session.pack, self.session.state

        def immune(status: str) -> str | None:
            return immune_to(pack, state, AddStatus(**on, status=status))

        self._pick(
            f"Status effect on the {who}",
            "Put one on, or take off one it has:",
            status_choices(pack, has, immune),
            lambda status: status_action(on, status, has),
        )

    def action_point_status(self) -> None:
        """A status effect on a standing spawning point (the only one needs no dialog)."""
        pack, state = self.session.pack, self.session.state
        choices = spawning_point_choices(pack, state)

        def on(choice: str | None) -> None:
            if choice is not None:
                has = point_statuses(pack, state, choice)
                name = next(c.name for c in choices if c.id == choice)
                self._status_on(spawning_point_ref(choice), has, name)

        if len(choices) == 1:
            on(choices[0].id)
        elif not choices:
            self.notify("No spawning point stands.", severity="warning")
        else:
            self.app.push_screen(
                PickOneScreen("Status effect on a spawning point", "Which one?", choices), on
            )

    def action_monster_status(self) -> None:
        """A status effect on a monster of the kind under the pool's cursor: the marked one on
        the cursor's row, else a fresh one from the dungeon or one already marked (asked when
        there are several)."""
        monster = self._highlighted()
        if monster is None:
            return
        pack, state = self.session.pack, self.session.state
        name = pack.monsters[monster].name
        marked = marked_monsters(state, monster)

        def on(picked: str | None) -> None:
            if picked is None:
                return
            which = None if picked == "fresh" else int(picked)
            has = [] if which is None else marked[which].status
            who = name if which is None else f"{name} #{which + 1}"
            self._status_on(monster_ref(monster, which), has, who)

        row = self.query_one(PoolTable).highlighted_mark()
        choices = marked_choices(pack, state, monster, fresh=FRESH)
        if row is not None:
            on(str(row))
        elif not choices:
            self.notify(f"No {name} is on the dungeon.", severity="warning")
        elif len(choices) == 1:
            on(choices[0].id)
        else:
            self.app.push_screen(
                PickOneScreen(f"Status effect on a {name}", "Which one?", choices), on
            )

    def action_spawn_mini_boss(self) -> None:
        """Those the engine would spawn now; the others are listed, greyed, with the reason.
        The only mini-boss of the game spawns with no question."""
        options = mini_bosses_left(self.session.pack, self.session.state)
        may = [mini_boss_choice(o) for o in options if o.may_spawn]
        if not may:
            said = _no_mini_boss(options)
            self.notify(said, title="No mini-boss may spawn now", severity="warning")
            return
        if len(options) == 1:
            self.dispatch(SpawnMiniBoss(mini_boss=may[0].id))
            return
        self._pick(
            "Spawn a mini-boss",
            "Which mini-boss comes onto the dungeon?",
            may,
            lambda mini_boss: SpawnMiniBoss(mini_boss=mini_boss),
            [mini_boss_choice(o) for o in options if not o.may_spawn],
        )

    def _summoned(self, what: str, action: Callable[[str, int], Action]) -> None:
        """The fight card's counted models ("until four are out"): pick the kind if several."""
        count = self._take_count(hit=True)
        kinds = summons_out(self.session.pack, self.session.state)
        if not kinds:
            self.notify("This boss's fight card brings no counted models.", severity="warning")
        elif len(kinds) == 1:
            self.dispatch(action(kinds[0][0], count))
        else:
            choices = [Choice(name, f"{name}: {out} of {up_to} out") for name, out, up_to in kinds]
            self._pick(f"{count} {what}", "Which models?", choices, lambda n: action(n, count))

    def action_correct_chart(self) -> None:
        """Correct this game's chart against the printed board, for the games to come: the
        game in progress keeps the chart it started with."""
        state = self.session.state
        played = edition(state.setup.edition)
        if state.chart is None:
            self.notify(
                f"{played.name} plays with a {played.words.chart.lower()}, not a chart "
                "(see data/README.md).",
                severity="warning",
            )
            return
        content = self.app.content  # type: ignore[attr-defined]
        chart = played.pack(content).charts.get(state.chart)
        chart = chart or self.session.pack.charts[state.chart]
        self.app.push_screen(ChartEditScreen(content, chart))


def _no_mini_boss(options: list[MiniBossOption]) -> str:
    """Why no mini-boss may spawn: the engine's reason for one waiting or on the dungeon."""
    for where in ("waiting", "on the dungeon"):
        option = next((o for o in options if o.where == where), None)
        if option is not None:
            return f"{option.name}: {option.refusal}"
    if options:
        return "Every mini-boss brought to this game is destroyed."
    return "No mini-boss was brought to this game."
