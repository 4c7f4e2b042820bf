"""Whatever the players press, the dashboards stay as the rules allow (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from consul_app.md2.content import load_md2
from consul_app.md2.rules import Md2Setup, Md2State, apply, new_game
from consul_app.md2.rules import actions as a
from consul_app.md2.rules.errors import RuleError
from consul_app.md2.rules.state import BOMBS_EACH, COLUMNS, NOTE_TOKENS

CONTENT = load_md2()
zones = st.sampled_from(["Hall", "Crypt", "Gate"])
tiers = st.sampled_from(["common", "rare", "epic", "legendary"])
heroes = st.sampled_from(["bard", "tinkerer"])
columns = st.integers(0, COLUMNS - 1)
lines = st.sampled_from(["G", "B", "E"])
kinds = st.sampled_from(["guard", "sentry", "scout"])
actions = st.one_of(
    st.builds(a.StartTurn, hero=heroes), st.just(a.EndTurn()), st.just(a.StartEnemyPhase()),
    st.builds(a.ExplodeBomb, zone=zones, size=st.sampled_from(["small", "large"])),
    st.just(a.EndRound()), st.just(a.StartTownPhase()), st.just(a.StartQuest()),
    st.builds(a.ChangeMana, hero=heroes, by=st.integers(-4, 6)),
    st.builds(a.SetSkill, skill=st.sampled_from(["constructs", "exo-armor"]),
              level=st.integers(0, 3)),
    st.builds(a.PlaceNote, line=lines, column=columns),
    st.builds(a.MoveNote, column=columns, to_line=lines, to_column=columns),
    st.builds(a.GainInstrument, tier=tiers),
    st.builds(a.PlaceBomb, size=st.sampled_from(["small", "large"]), zone=zones,
              pay=st.sampled_from(["mana", "item", "gizmo"]), mana=st.integers(0, 3)),
    st.builds(a.DrawGizmo, tier=tiers),
    st.builds(a.SpendGizmo, effect=st.sampled_from(sorted(CONTENT.gizmo_effects))),
    st.builds(a.CreateConstruct, construct=kinds),
    st.builds(a.ActivateConstruct, construct=kinds),
    st.builds(a.ConstructKilled, construct=kinds),
)


def check(state: Md2State) -> None:
    if state.bard is not None:
        notes = state.bard.notes
        assert len(notes) <= NOTE_TOKENS
        assert len({n.column for n in notes}) == len(notes), "two notes in a column"
        assert len(set(state.bard.chords)) == 3
        assert state.bard.mana >= 0
    tinkerer = state.tinkerer
    if tinkerer is not None:
        out = Counter(b.size for b in (*tinkerer.placed, *state.exploding))
        assert tinkerer.small_bombs + out["small"] == BOMBS_EACH
        assert tinkerer.large_bombs + out["large"] == BOMBS_EACH
        assert len(set(tinkerer.constructs)) == len(tinkerer.constructs)
        assert len(tinkerer.constructs) <= tinkerer.skill("constructs")
        assert len(set(tinkerer.used_effects)) == len(tinkerer.used_effects)


@settings(max_examples=150, deadline=None)
@given(campaign=st.booleans(), steps=st.lists(actions, max_size=60))
def test_no_sequence_of_actions_breaks_the_dashboards(campaign: bool, steps: list) -> None:
    state = new_game(Md2Setup(heroes=("bard", "tinkerer"), campaign=campaign), CONTENT)
    for action in steps:
        try:
            state = apply(CONTENT, state, action)
        except RuleError:
            continue
        check(state)
