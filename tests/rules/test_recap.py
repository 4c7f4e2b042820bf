"""Since your last turn: the recap of the last finished power-up phase (a view of the states
and actions of the journal)."""

from __future__ import annotations

from consul_app.content.pack import EditionPack
from consul_app.rules import (
    Action,
    AnswerSighting,
    CancelSighting,
    EndTurn,
    GameState,
    Hero,
    Recap,
    Spawn,
    Step,
    Wound,
    answer,
    apply,
    new_game,
    phase_bounds,
    power_up_steps,
    recap,
)

from .packs import make_setup


class Tape:
    """A game played action by action, keeping every state (`states[n]` before `actions[n]`)."""

    def __init__(self, pack: EditionPack, state: GameState) -> None:
        self.pack = pack
        self.states = [state]
        self.actions: list[Action] = []

    def do(self, action: Action) -> None:
        self.states.append(apply(self.pack, self.states[-1], action))
        self.actions.append(action)

    def step(self) -> Step | None:
        return next((s for s in power_up_steps(self.pack, self.states[-1]) if s.current), None)

    def phase(self, spawn: str | None = None, sighted: bool = False) -> None:
        """End the turn, then do every step (spawning one `spawn` in spawn steps)."""
        self.do(EndTurn())
        while (step := self.step()) is not None:
            if step.spawns and spawn and self.states[-1].pool.get(spawn):
                self.do(Spawn(monsters={spawn: 1}))
            if step.key == "boss-sighting":
                self.do(AnswerSighting(heroes_present=sighted))
            elif step.action is not None:
                self.do(step.action)
            else:
                self.do(answer(step, [step.choices[0].id]))

    def recap(self) -> Recap | None:
        return recap(self.pack, self.states, self.actions)


def test_no_recap_before_the_first_phase_has_finished(sde2: EditionPack) -> None:
    tape = Tape(sde2, new_game(sde2, make_setup()))
    assert tape.recap() is None
    tape.do(EndTurn())
    assert tape.recap() is None  # the phase is still running
    assert phase_bounds(tape.states, tape.actions) is None


def test_recap_names_the_space_reached_and_what_spawned(sde2: EditionPack) -> None:
    tape = Tape(sde2, new_game(sde2, make_setup()))
    monster = next(iter(tape.states[0].pool))
    tape.phase(spawn=monster)
    recap = tape.recap()
    assert recap is not None
    assert recap.title == "Since your last turn: Turn 1, power-up phase"
    assert recap.lines[0].startswith("Reached chart space 1: ")
    name = sde2.monsters[monster].name
    assert f"Spawned 1 {name}." in recap.lines
    assert recap.start == 0


def test_recap_is_of_the_last_finished_phase_only(sde2: EditionPack) -> None:
    tape = Tape(sde2, new_game(sde2, make_setup()))
    while tape.states[-1].position < 7:  # space 7: spawn, a bonus and a boss sighting
        tape.phase()
    recap = tape.recap()
    assert recap is not None and recap.turn == 7
    assert recap.lines[0].startswith("Reached chart space 7: ")
    assert "Bonus gained: Elites +1 red STR." in recap.lines
    assert "Boss sighting: no heroes on the tiles." in recap.lines
    tape.do(EndTurn())  # the next phase has begun, not finished: still turn 7's
    assert tape.recap() == recap


def test_a_phase_that_did_nothing_says_so(fk: EditionPack) -> None:
    tape = Tape(fk, new_game(fk, make_setup("forgotten-king")))
    tape.phase()
    recap = tape.recap()
    assert recap is not None
    assert recap.title == "Since your last turn: Turn 1, end of the turn"
    assert recap.lines == ["Nothing to report."]


def test_recap_says_a_mini_boss_space_had_none_left_to_spawn(sde2: EditionPack) -> None:
    """'When Spawn Mini-Boss is reached, the Consul must place the mini-boss model ...': with
    every mini-boss the Consul brought destroyed, the recap says none was left to spawn."""
    tape = Tape(sde2, new_game(sde2, make_setup(mini_bosses=["chief"])))
    while tape.states[-1].position < 4:  # space 4 brings Chief
        tape.phase()
    tape.do(Wound(target="mini-boss", wounds=6))
    tape.phase()  # space 5: bonuses
    tape.phase()  # space 6: Spawn Mini-Boss only
    recap = tape.recap()
    assert recap is not None
    assert recap.lines[0] == "Reached chart space 6: Spawn Mini-Boss."
    assert "No mini-boss is left to spawn (Chief destroyed): this space brings none." in (
        recap.lines
    )


def sighting_phase(sde2: EditionPack, heroes: list[Hero], action: Action) -> Recap | None:
    """Play to chart space 3 (a boss sighting on tile 1), answer it with `action`."""
    tape = Tape(sde2, new_game(sde2, make_setup(heroes=heroes)))
    while tape.states[-1].position < 2:
        tape.phase()
    tape.do(EndTurn())
    while (step := tape.step()) is not None and step.key != "boss-sighting":
        tape.do(step.action)
    tape.do(action)
    while (step := tape.step()) is not None:
        tape.do(step.action)
    return tape.recap()


def test_recap_says_who_cancelled_a_boss_sighting(sde2: EditionPack) -> None:
    """Clever: 'a model with Clever may suffer a wound to cancel the Boss Sighting': the recap
    says it was cancelled, and by whom."""
    ace = Hero(name="Ace", keywords=["clever"])
    recap = sighting_phase(sde2, [ace], CancelSighting(hero="Ace"))
    assert recap is not None
    assert "Boss sighting cancelled: Ace (Clever) suffered a wound to cancel it." in recap.lines


def test_recap_names_a_dark_reflection_heros_tile(sde2: EditionPack) -> None:
    """Dark Reflection: 'Boss sightings always affect the tile this Hero is on, in addition to
    any tiles listed by the Mighty Monster Chart': the recap names the tiles hit, the hero's
    too."""
    dee = Hero(name="Dee", keywords=["dark-reflection"])
    action = AnswerSighting(heroes_present=False, reflected={"Dee": 3})
    recap = sighting_phase(sde2, [dee], action)
    assert recap is not None
    assert "Boss sighting hit tiles 1 and 3 (Dark Reflection: Dee on tile 3)." in recap.lines
