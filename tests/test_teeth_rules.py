"""Rule-file clauses a 300 + 60 mutation run (seed 2, issue 16) found unguarded by the fast tests:
each test plays a stacked position of a bundled game whose outcome the clause alone decides."""
from __future__ import annotations

from test_euchre import E, N, W, layout, name_hearts, play, scripted

import interpreter
from interpreter.language.expressions import _best_meld

EUCHRE = interpreter.load("euchre")


def test_euchre_queen_of_trumps_beats_the_ten():
    """trump order J > A > K > Q > 10 > 9: the 10 of trumps led, the Queen takes it."""
    hands = [["10H", "AC", "KC", "QC", "JC"], ["QH", "AS", "KS", "QS", "JS"],
             ["AD", "KD", "QD", "10D", "9D"], ["10C", "10S", "9C", "JD", "9H"]]
    state = EUCHRE.new_deal(layout=layout(hands, kitty=("JH", "AH", "KH")), dealer=W)
    name_hearts(state, N)
    for card in ("10H", "QH", "AD", "9H"):
        state.apply(card)
    assert state.current_player == E and state.winners == [E]


def test_euchre_openspiel_makers_euchred_lose_two_and_the_defenders_win_two():
    variant = interpreter.load("euchre", "openspiel")
    hands, tricks = scripted([E, W, E, N, E])               # North names hearts and takes one trick
    state = variant.new_deal(layout=layout(hands), dealer=W)
    while not (state.round == 1 and state.current_player == N):
        state.apply("pass")
    state.apply("name H")
    state.apply("with partner")
    play(state, tricks)
    result = state.result()
    assert result.team_scores == (-2, 2)
    assert [(r.rule, r.points) for r in result.reasons][-2:] == [("euchre (makers take fewer than 3)", -2),
                                                                  ("euchre (makers take fewer than 3)", 2)]


def test_tarot_four_kings_exception_counts_only_trumps_the_taker_discarded():
    """Four Kings and eight trumps, a garde whose discard holds no trump: no poignée at all
    (the discard counts toward a triple only for the trumps in it)."""
    from test_french_tarot import bid, legal, new, run, trumps
    state = new({0: "KS KH KD KC QS QH " + trumps(2, 9)}, chien="JS JH JD JC NS NH", avoid={0: "TX"})
    bid(state, 0, "garde")
    run(state, "discard QS", "discard QH", "discard JS", "discard JH", "discard JD", "discard JC", "pass")
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    assert not any("poignée" in t for t in legal(state))


BELOTE_MELDS = interpreter.load("belote", "announcements")


def test_belote_announcements_a_tierce_runs_through_each_step_of_the_sequence_order():
    """Q J 10 and 9 8 7 of hearts are each a tierce (A > K > Q > J > 10 > 9 > 8 > 7)."""
    others = [["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]]
    for run in (["QH", "JH", "10H"], ["9H", "8H", "7H"]):
        first = run + ["7S", "8S"]
        state = BELOTE_MELDS.new_deal(layout={"hands": [["AD", "8D", "7C", "AC", "KC"], first] + others,
                                              "turnup": ["7D"], "fill": True}, dealer=0)
        state.apply("take")
        assert state.current_player == 1 and "announce" in [a.text for a in state.legal_actions()]
        state.apply("announce")
        melded = state.history[-1][1]
        assert "tierce H" in melded.melds and set(run) <= set(melded.codes)
        assert state.melds[1] >= 20


def test_belote_announcements_a_tierce_to_the_jack_beats_one_to_the_ten():
    """Equal points, so the top card decides: J > 10 in the sequence order gives North-South
    (J 10 9 of spades) the announcements over East-West (10 9 8 of diamonds); neither is in
    trumps (hearts), so a tie would leave them to nobody."""
    from test_melds import announced, full
    hands = full("JS 10S 9S 7H AD 9C 7C KC", "10D 9D 8D AS JH 9H QC JC", "*", "*")
    state = announced(hands, [0, 1])
    assert (state.melds[0], state.melds[1]) == (20, 20)
    assert _best_meld(state) == 0


def test_tarot_explain_ranks_the_eleven_of_trumps_above_the_kings():
    """The order 21 > … > 11 > K > … decides no trick (11 exists only in trumps, K only in the
    suits), so the ranking line `atout explain` prints is what guards it."""
    from click.testing import CliRunner
    from cli import main
    shown = CliRunner().invoke(main, ["explain", "french-tarot"])
    line = next(l for l in shown.output.splitlines() if l.startswith("Ranking, highest first: "))
    assert "then 12, then 11, then K, then Q, then N, then J, then 10," in line


def test_belote_announcements_explain_gives_the_sequence_order_step_by_step():
    """No meld is topped by the 8, so `9 > 8` decides no announcement: the sentence `atout
    explain` prints for the sequence order is what guards each of its steps."""
    from click.testing import CliRunner
    from cli import main
    shown = CliRunner().invoke(main, ["explain", "belote", "--variant", "announcements"])
    assert ("Cards follow each other in the order A, then K, then Q, then J, then 10, then 9, then 8, "
            "then 7; a longer run counts once") in shown.output
