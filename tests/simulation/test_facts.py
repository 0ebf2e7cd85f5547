"""The facts of a deal (interpreter/simulation/facts.py), the values a simulation counts and a
data file holds: the values the rule file shows players (its 'facts', under their labels; its
marks and lets where it lists none), then the engine's own: who won the deal, the taker, the
call, the trump, each seat's tricks."""
from __future__ import annotations

import interpreter
from interpreter.players.table_view import table_view
from interpreter.simulation.facts import deal_facts, fact_kinds

from helpers import tiny, TWO_SUITS_HEAD

BELOTE_SHOWN = {"takers": "team", "takers' total": "num", "defenders' total": "num", "contract made": "bool",
                "belote": "team", "capot": "team"}
ENGINE = {"won by": "str", "taker": "int", "call": "str", "trump": "str", "tricks": "list", "trick_winners": "list"}


def test_fact_kinds_are_the_files_shown_values_then_the_engines():
    kinds = fact_kinds(interpreter.load("belote"))
    assert kinds == BELOTE_SHOWN | ENGINE and list(kinds)[:6] == list(BELOTE_SHOWN)


def test_deal_facts_are_the_shown_values_and_the_engines_not_the_lets():
    state = interpreter.load("belote").new_deal(seed=3)
    state.apply("take")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    facts = deal_facts(state.game, result)
    assert set(facts) == set(BELOTE_SHOWN) | set(ENGINE)
    assert "defenders" in result.facts and "defenders" not in facts      # a let the file does not show
    assert (facts["call"], facts["taker"], facts["trump"]) == ("take", result.breakdown["taker"], "S")
    takers, defenders = facts["takers"], next(t for t in ("North-South", "East-West") if t != facts["takers"])
    assert facts["contract made"] == (facts["takers' total"] >= facts["defenders' total"])
    assert facts["won by"] == (takers if result.team_scores[0 if takers == "North-South" else 1] >
                               result.team_scores[1 if takers == "North-South" else 0] else defenders)


def test_an_auctions_winner_is_a_taker_only_where_a_rule_speaks_of_the_taker():
    """Oh Hell's and Spades' bids are each seat's own; Whist's turn-up is the dealer's: the
    highest bidder is nobody's 'taker' there. Belote's and Tarot's rules read the taker."""
    named = {path.stem: interpreter.load(path.stem).names_taker for path in interpreter.bundled_games()}
    assert {name for name, yes in named.items() if not yes} == {"aluette", "hearts", "oh-hell", "sixty-six", "spades",
                                                                  "whist"}
    for name in ("oh-hell", "belote"):
        game = interpreter.load(name)
        state = game.new_deal(seed=5)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        assert state.taker is not None and state.result().breakdown["taker"] == state.taker
        facts = deal_facts(game, state.result())
        assert ("taker" in facts and "call" in facts) == (name == "belote"), (name, facts)
        view = table_view(state, 0)
        assert ("taker:" in view) == (name == "belote"), view


def test_every_bundled_game_shows_only_its_listed_facts():
    for path in interpreter.bundled_games():
        game = interpreter.load(path.stem)
        assert game.facts is not None, f"{path.stem} lists no facts: its lets would be shown"
        assert set(fact_kinds(game)) <= {label for label, _, _ in game.facts} | set(ENGINE), path.stem


def test_without_a_facts_list_the_marks_and_lets_are_shown_by_name(tmp_path):
    game = tiny(tmp_path, "game: T\n" + TWO_SUITS_HEAD + "deal: 2 each, rest to unused\nlet:\n  spare: \"3\"\nplay:\n  lead: seat(0)\n"
                "  follow: [led, any]\n  winner: highest of led suit\nscoring:\n  award:\n"
                "    - {rule: tricks, to: each_seat, points: tricks(it)}\n")
    assert game.facts is None and fact_kinds(game)["spare"] == "num"
    state = game.new_deal(seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert deal_facts(game, state.result())["spare"] == 3
    assert state.result().shown_facts == [{"label": "spare", "kind": "num", "value": 3}]
