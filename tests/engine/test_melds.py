"""Melds (play: melds): sequences, fours and fixed cards, announced at the first turn (Belote's
'announcements' variant, Pagat's rules) or found in the cards of a trick (tests/rule_files/trick_melds.yaml,
Klaverjas-style 'roem'), and best_meld() deciding which team scores them."""
from __future__ import annotations

from pathlib import Path

import pytest

import interpreter
from interpreter.language.expressions import _best_meld
from interpreter.engine.phases import Melded
from helpers import ENGINES, layout_from_tricks, on, tiny
from test_belote import bid, codes, full, layout_for

GAME = interpreter.load("belote", "announcements")
TRICKS = interpreter.load(Path(__file__).resolve().parents[1] / "rule_files" / "trick_melds.yaml")
NS, EW = 0, 1


def mask(text: str, game: interpreter.Game = GAME) -> int:
    return sum(1 << game.deck.index[c] for c in text.split())


def found(text: str, game: interpreter.Game = GAME) -> list[tuple[str, str]]:
    """The melds in a set of cards as (label, cards), in the order find() gives them."""
    melds = game.melds
    out = []
    for meld in melds.find(mask(text, game)):
        label = melds.label(meld, game.deck.suit_codes, game.deck.rank_of)
        out.append((label, " ".join(sorted(codes(meld.cards)))))
    return out


def deal(final: list[list[str]], turnup: str, dealer: int = 3, taker: int = 0,
         call: str = "take") -> interpreter.State:
    state = GAME.new_deal(layout=layout_for(final, dealer, taker, turnup), dealer=dealer)
    bid(state, taker, call)
    return state


# --- finding melds in a set of cards -----------------------------------------------------------

def test_a_run_counts_once_as_the_longest_sequence_it_holds():
    assert found("AH KH QH") == [("tierce H", "AH KH QH")]
    assert found("KH QH JH 10H") == [("cinquante H", "10H JH KH QH")]
    assert found("AH KH QH JH 10H 9H") == [("cent H", "10H 9H AH JH KH QH")]   # six in a row: cent


def test_runs_follow_the_sequence_order_not_the_trick_order():
    assert found("AH KH QH") != []       # A K Q: in a row in the sequence order
    assert found("AH 10H KH") == []      # A 10 K: in a row in Belote's card order, not in a sequence
    assert found("JH 10H 9H 7H 8H") == [("cent H", "10H 7H 8H 9H JH")]


def test_two_runs_in_one_suit_and_runs_in_several_suits_are_each_a_meld():
    assert found("AH KH QH 9H 8H 7H") == [("tierce H", "AH KH QH"), ("tierce H", "7H 8H 9H")]
    assert found("AS KS QS 9D 8D") == [("tierce S", "AS KS QS")]
    assert found("AS KS QS JC 10C 9C 8C") == [("tierce S", "AS KS QS"), ("cinquante C", "10C 8C 9C JC")]


def test_a_four_is_one_rank_in_every_suit_and_the_first_combination_naming_a_rank_claims_it():
    assert found("JS JH JD JC") == [("four jacks J", "JC JD JH JS")]
    assert found("9S 9H 9D 9C") == [("four nines 9", "9C 9D 9H 9S")]
    assert found("10S 10H 10D 10C") == [("four 10", "10C 10D 10H 10S")]
    assert found("8S 8H 8D 8C") == []            # eights and sevens are worth nothing
    assert found("JS JH JD") == []
    assert found("QS QH QD QC KS") == [("four Q", "QC QD QH QS")]


def test_a_card_may_serve_in_a_four_and_a_sequence():
    assert found("JS JH JD JC 10H 9H") == [("tierce H", "10H 9H JH"), ("four jacks J", "JC JD JH JS")]


def test_fixed_cards_across_suits_and_ranks_held_in_one_suit():
    assert found("KH QH JS", TRICKS) == [("stuk H", "KH QH")]
    assert found("KH QS", TRICKS) == []
    assert [label for label, _ in found("KS QS KD QD", TRICKS)] == ["stuk S", "stuk D"]


# --- announced at the first turn -----------------------------------------------------------------

TIERCE = full("AS KS QS 7H 8D 9D 7C 8C", "JS 10S 9S 8S JH 9H 7D JC", "*", "*")


def test_a_player_holding_a_meld_may_announce_it_at_his_first_turn_only():
    state = deal(TIERCE, turnup="7H")
    assert state.current_player == 0
    assert "announce" in [a.text for a in state.legal_actions()]
    state.apply("announce")
    assert state.melds[0] == 20
    assert state.current_player == 0                       # he still plays his card
    assert "announce" not in [a.text for a in state.legal_actions()]
    assert state.legal_actions()[0].kind == "play"
    state.apply("play 7C")
    assert "announce" in [a.text for a in state.legal_actions()]     # seat 1 holds J 10 9 8 of spades
    state.apply("announce")
    assert state.melds[1] == 50
    entries = [x for _, x in state.history if isinstance(x, Melded)]
    assert [str(e) for e in entries] == ["seat 0 melds tierce S: AS KS QS", "seat 1 melds cinquante S: JS 10S 9S 8S"]


def test_announced_cards_are_shown_to_everyone():
    state = deal(TIERCE, turnup="7H")
    state.apply("announce")
    assert set(codes(state.shown_cards[0])) == {"AS", "KS", "QS"}
    assert state.observation(2)["shown"][0] == ["AS", "KS", "QS"]


def test_no_announcement_without_a_meld_nor_after_the_first_trick():
    hands = full("AS KS 9S 7H 8D 9D 7C 8C", "JS 10S 8S 7S JH 9H 7D JC", "*", "*")
    state = deal(hands, turnup="7H")
    assert "announce" not in [a.text for a in state.legal_actions()]   # A K 9: no run of three
    state = deal(TIERCE, turnup="7H")
    state.apply("play 7C")                   # seat 0 plays without announcing: the chance is gone
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert state.winners and state.current_player is not None
    assert all(a.kind == "play" for a in state.legal_actions())


def test_belote_announcements_a_tierce_runs_through_each_step_of_the_sequence_order():
    """Q J 10 and 9 8 7 of hearts are each a tierce (A > K > Q > J > 10 > 9 > 8 > 7)."""
    others = [["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]]
    for run in (["QH", "JH", "10H"], ["9H", "8H", "7H"]):
        first = run + ["7S", "8S"]
        state = GAME.new_deal(layout={"hands": [["AD", "8D", "7C", "AC", "KC"], first] + others,
                                      "turnup": ["7D"], "fill": True}, dealer=0)
        state.apply("take")
        assert state.current_player == 1 and "announce" in [a.text for a in state.legal_actions()]
        state.apply("announce")
        melded = state.history[-1][1]
        assert "tierce H" in melded.melds and set(run) <= set(melded.codes)
        assert state.melds[1] >= 20


# --- best_meld(): only the team with the best announcement scores --------------------------------

def announced(hands: list[list[str]], who: list[int], turnup: str = "7H") -> interpreter.State:
    """Seats in ``who`` announce at their first turn; the first trick is played out."""
    state = deal(hands, turnup=turnup)
    for _ in range(4):
        if state.current_player in who:
            state.apply("announce")
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    return state


def test_more_points_win():
    state = announced(TIERCE, [0, 1])          # tierce (NS) against cinquante (EW)
    assert _best_meld(state) == EW


def test_equal_points_the_higher_top_card_wins():
    hands = full("AS KS QS 7H 8D 9C 7C KC", "JD 10D 9D 8S JH 9H 7D JC", "*", "*")
    state = announced(hands, [0, 1])          # tierce to the Ace against tierce to the Jack
    assert (state.melds[0], state.melds[1]) == (20, 20)
    assert _best_meld(state) == NS


def test_belote_announcements_a_tierce_to_the_jack_beats_one_to_the_ten():
    """Equal points, so the top card decides: J > 10 in the sequence order gives North-South
    (J 10 9 of spades) the announcements over East-West (10 9 8 of diamonds); neither is in
    trumps (hearts), so a tie would leave them to nobody."""
    hands = full("JS 10S 9S 7H AD 9C 7C KC", "10D 9D 8D AS JH 9H QC JC", "*", "*")
    state = announced(hands, [0, 1])
    assert (state.melds[0], state.melds[1]) == (20, 20)
    assert _best_meld(state) == 0


def test_equal_points_and_top_a_trump_sequence_wins_else_nobody():
    hands = full("KS QS JS AH 8D 9C 7C 8C", "KD QD JD 8S 7H 9H 7D JC", "*", "*")
    state = announced(hands, [0, 1], turnup="AH")        # trump hearts: neither tierce is in trumps
    assert _best_meld(state) is None
    hands = full("KH QH JH AS 8D 9C 7C 8C", "KD QD JD 8S 7S 9S 7D JC", "*", "*")
    state = announced(hands, [0, 1], turnup="AS")         # trump spades: no tierce in trumps
    assert _best_meld(state) is None
    state = deal(hands, turnup="AS", call="name H")        # hearts named trump in round two
    for _ in range(4):
        if state.current_player in (0, 1):
            state.apply("announce")
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert _best_meld(state) == NS


def test_partners_on_equal_terms_are_no_tie():
    hands = full("AS KS QS 7H 8D 9C 7C 8C", "JD 10D 7D 8S JH 9H 9D JC", "AD KD QD 8H 7S 10H 10C QC", "*")
    state = announced(hands, [0, 1, 2])
    assert _best_meld(state) == NS


def with_ties(tmp_path, ties: str) -> interpreter.Game:
    """Belote's announcements with ``melds.ties`` set."""
    text = (Path(__file__).resolve().parents[2] / "games" / "belote.yaml").read_text(encoding="utf-8")
    anchor = "          sequence order: A > K > Q > J > 10 > 9 > 8 > 7\n"
    assert text.count(anchor) == 1
    path = tmp_path / "belote.yaml"
    path.write_text(text.replace(anchor, anchor + f"          ties: {ties}\n"), encoding="utf-8")
    return interpreter.load(path, "announcements")


def announced_in(game: interpreter.Game, engine: str, hands: list[list[str]], turnup: str = "7H") -> interpreter.State:
    state = on(game, engine).new_deal(layout=layout_for(hands, 3, 0, turnup), dealer=3)
    bid(state, 0, "take")
    for _ in range(4):
        if state.current_player in (0, 1):
            state.apply("announce")
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    return state


EQUAL = full("KS QS JS AH 8D 10C 7C AC", "KD QD JD 8S 7H 9H 7D JC", "*", "*")   # two tierces to the King


@pytest.mark.parametrize("engine", ENGINES)
def test_a_tie_broken_by_seat_goes_to_the_player_nearer_the_dealers_left(tmp_path, engine):
    state = announced_in(with_ties(tmp_path, "[points, top card, trump, seat]"), engine, EQUAL, turnup="AH")
    assert (state.melds[0], state.melds[1]) == (20, 20) and _best_meld(state) == NS      # seat 0, dealer 3


@pytest.mark.parametrize("engine", ENGINES)
def test_a_tie_broken_by_kind_goes_to_the_combination_listed_first(tmp_path, engine):
    # Four Queens (100, 'four', listed last) against a cent to the Jack (100, listed before it).
    hands = full("QS QH QD QC 7S 8H 9C KS", "JD 10D 9D 8D 7D AS AC 7C", "*", "*")
    by_top = announced_in(with_ties(tmp_path, "[points, top card]"), engine, hands, turnup="8H")
    assert (by_top.melds[0], by_top.melds[1]) == (100, 100) and _best_meld(by_top) == NS   # Q above J
    by_kind = announced_in(with_ties(tmp_path, "[points, kind]"), engine, hands, turnup="8H")
    assert _best_meld(by_kind) == EW


@pytest.mark.parametrize("engine", ENGINES)
def test_ties_that_leave_two_teams_equal_give_the_best_meld_to_nobody(tmp_path, engine):
    state = announced_in(with_ties(tmp_path, "[points]"), engine,
                         full("AS KS QS 7H 8D 9C 7C KC", "JD 10D 9D 8S JH 9H 7D JC", "*", "*"))
    assert (state.melds[0], state.melds[1]) == (20, 20) and _best_meld(state) is None      # top card not asked


# --- scoring -----------------------------------------------------------------------------------

def test_the_best_team_scores_all_its_announcements_and_the_other_none():
    state = deal(TIERCE, turnup="7H")
    state.apply("announce")
    state.apply("play 7C")
    state.apply("announce")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    rules = {(r.rule, r.to): r.points for r in result.reasons}
    made = ("card points", "North-South") in rules
    if made:
        assert ("announcements", "East-West") in rules and rules[("announcements", "East-West")] == 50
        assert not any(rule == "announcements" and to == "North-South" for rule, to in rules)
    else:
        assert rules[("announcements (dedans)", "East-West")] == 50


# Trump diamonds (10D turned up, taken by seat 0; dealer 3, seat 0 leads). Seat 0 announces two
# tierces (K Q J of hearts, Q J 10 of clubs: 40). North-South take 61 card points + 40 = 101,
# East-West 91 + the last trick 10 = 101: made at equality, and only North-South announced.

MELD_HANDS = [["10C", "QH", "KH", "JD", "QC", "JC", "JH", "10D"], ["KD", "AH", "JS", "7S", "AD", "QS", "9D", "7H"],
              ["8S", "AS", "7C", "8D", "KS", "8H", "8C", "7D"], ["10H", "9S", "9H", "9C", "10S", "KC", "QD", "AC"]]
MELD_TRICKS = [{0: "JH", 1: "AH", 2: "8H", 3: "10H"}, {1: "9D", 2: "7D", 3: "QD", 0: "JD"},
               {0: "10C", 1: "AD", 2: "8C", 3: "KC"}, {1: "7S", 2: "AS", 3: "9S", 0: "10D"},
               {0: "QH", 1: "7H", 2: "8D", 3: "9H"}, {2: "KS", 3: "10S", 0: "QC", 1: "QS"},
               {3: "AC", 0: "JC", 1: "JS", 2: "7C"}, {3: "9C", 0: "KH", 1: "KD", 2: "8S"}]


@pytest.mark.parametrize("engine", ENGINES)
def test_belote_announcements_count_toward_the_contract_made_at_equality_with_no_dedans(engine):
    """total(team) adds melds(team) only for the team with the best announcement (nothing for
    the other): 101 against 101 is made; and a made contract gives the defenders no
    'announcements (dedans)'."""
    state = on(GAME, engine).new_deal(layout=layout_for(MELD_HANDS, 3, 0, "10D"), dealer=3)
    bid(state, 0, "take")
    state.apply("announce")
    for trick in MELD_TRICKS:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    assert state.is_over and state.melds == [40, 0, 0, 0]
    result = state.result()
    assert result.facts["made"] is True and result.facts["belote"] is None
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [
        ("card points", "North-South", 61), ("card points", "East-West", 91),
        ("last trick (dix de der)", "East-West", 10), ("announcements", "North-South", 40)]
    assert result.team_scores == (101, 101)


# --- melds found in the cards of a trick ----------------------------------------------------------

def trick_state(tricks: list[dict[int, str]], played: int) -> interpreter.State:
    """The hands the eight tricks need, and the first ``played`` of them played."""
    state = TRICKS.new_deal(layout=layout_from_tricks(TRICKS, tricks), dealer=3)
    for trick in tricks[:played]:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    return state


PLAYED = ("9S AS 8S JS  7S 7H QS KS  7D QD KD AD  8D 9D AH JH  7C QC 8C 9C  QH KH 10H JC  8H KC 10S 9H  "
          "JD 10D AC 10C").split()


def test_the_winner_of_a_trick_scores_the_melds_among_its_cards():
    state = TRICKS.new_deal(seed=1, dealer=3)
    melds_after = []
    for card in PLAYED:
        state.apply("play " + card)
        if not state.trick:
            melds_after.append(list(state.melds))
    assert state.winners == [1, 2, 1, 3, 0, 2, 1, 2]
    assert melds_after[0] == [0, 0, 0, 0]             # 9 A 8 J of spades: no three in a row
    assert melds_after[2] == [0, 20, 0, 0]            # 7 Q K A of diamonds: A K Q in a row, to AD's seat 1
    assert melds_after[4] == [20, 20, 0, 0]           # 7 Q 8 9 of clubs: 9 8 7, to 9C's seat 0
    assert melds_after[5] == [20, 20, 20, 0]          # Q K of trumps (stuk), to 10H's seat 2; Q K 10 is no run
    assert [str(x) for _, x in state.history if isinstance(x, Melded)] == [
        "seat 1 melds three in a row D: AD KD QD", "seat 0 melds three in a row C: 9C 8C 7C",
        "seat 2 melds stuk H: KH QH"]
    result = state.result()
    teams = result.breakdown["teams"]
    assert [result.team_scores[t] for t in (NS, EW)] == [teams[t]["card_points"] + teams[t]["melds"] for t in (NS, EW)]
    assert [teams[t]["melds"] for t in (NS, EW)] == [40, 20]


def first_trick(hands: list[str], cards: dict[int, str]) -> interpreter.State:
    state = TRICKS.new_deal(layout={"hands": [h.split() for h in hands]}, dealer=3)
    for _ in range(4):
        state.apply("play " + cards[state.current_player])
    return state


def test_four_in_a_row_and_a_four_in_one_trick():
    hands = ["AS KS QS JS 10S 9S 8S 7S", "AH KH QH JH 10D 7C 8C 9C", "AD KD QD JD 9D 10C JC QC",
             "AC KC 10H 9H 8H 7H 8D 7D"]
    state = first_trick(hands, {0: "AS", 1: "AH", 2: "AD", 3: "AC"})
    assert state.winners == [1] and state.melds == [0, 100, 0, 0]     # the trump Ace takes four Aces
    state = first_trick(hands, {0: "JS", 1: "10D", 2: "9D", 3: "8D"})
    assert state.winners == [0] and state.melds == [20, 0, 0, 0]      # 10 9 8 of diamonds discarded: a run
    hands[0], hands[2] = "JD KS QS JS 10S 9S 8S 7S", "AD KD QD AS 9D 10C JC QC"
    state = first_trick(hands, {0: "JD", 1: "10D", 2: "9D", 3: "8D"})
    assert state.winners == [1] and state.melds == [0, 50, 0, 0]      # 10D wins J 10 9 8: four in a row


# Four players, eight cards (A and 10 of each suit), each seat its own side; melds found in the
# cards of a trick go to its winner, and the side of the best meld scores a point.
MELDS_GAME = """\
game: Trick fours
players: 4
cards:
  suits: {S: Spades, H: Hearts, D: Diamonds, C: Clubs}
  ranks: {A: Ace, "10": Ten}
order: A > 10
deal: 2 each
let:
  best: best_meld()
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  melds:
    at: trick
    combinations:
      four tens: {of a kind: "10", points: TENS}
      four aces: {of a kind: A, points: 0}
scoring:
  award:
    - rule: best meld
      when: best_meld() != none
      to: best_meld()
      points: 1
"""
FOURS = {"hands": [["10S", "AS"], ["10H", "AH"], ["10D", "AD"], ["10C", "AC"]]}


def fours(tmp_path, engine: str, tens: int, first: str) -> interpreter.State:
    """Seat 0 leads ``first`` then its other card, the others play the same rank: seat 0 wins both tricks."""
    game = tiny(tmp_path, MELDS_GAME.replace("TENS", str(tens)), name=f"fours{tens}")
    state = on(game, engine).new_deal(layout=FOURS)
    for rank in (first, "A" if first == "10" else "10"):
        for _ in range(4):
            state.apply(next(a for a in state.legal_actions() if a.text.startswith(f"play {rank}")))
    assert state.is_over and state.winners == [0, 0]
    return state


@pytest.mark.parametrize("engine", ENGINES)
def test_best_meld_counts_a_meld_whose_top_card_is_the_lowest_of_the_order(tmp_path, engine):
    """Four tens (the lowest rank: its place in the order is 0) are still the best meld."""
    state = fours(tmp_path, engine, 10, "10")
    assert state.melds == [10, 0, 0, 0]
    result = state.result()
    assert result.facts["best"] == "seat 0"
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("best meld", "seat 0", 1)]


@pytest.mark.parametrize("engine", ENGINES)
def test_melds_worth_nothing_make_no_best_meld(tmp_path, engine):
    """Four tens and four aces worth 0 each: no meld scored, so best_meld() is none, no award."""
    state = fours(tmp_path, engine, 0, "A")
    assert state.melds == [0, 0, 0, 0]
    result = state.result()
    assert result.facts["best"] is None
    assert result.seat_scores == (0, 0, 0, 0) and result.reasons == ()


# --- problems in rule files ---------------------------------------------------------------------

BASE = (Path(__file__).resolve().parents[1] / "rule_files" / "trick_melds.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ("      four in a row: {sequence: 4, points: 50}", "      four in a row: {sequence: 3, points: 50}",
     "two sequences of 3 cards: 'three in a row' and 'four in a row'"),
    ("    sequence order: A > K > Q > J > 10 > 9 > 8 > 7\n", "",
     "a sequence needs 'sequence order' under 'melds'"),
    ("{of a kind: [A, K, Q, J, 10, 9, 8, 7]", "{of a kind: [A, K, Q, B, 10]", "unknown rank 'B'"),
    ("      stuk: {cards: K or Q,", "      stuk: {cards: K or Z,", "unknown"),
    ("    at: trick", "    at: lead", "at"),
    ("      stuk: {cards: K or Q, points", "      stuk: {points", "stuk"),
])
def test_problems_in_melds_are_placed_and_named(tmp_path: Path, old: str, new: str, message: str):
    assert old in BASE
    path = tmp_path / "broken.yaml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert game is None
    assert any(message in p.message for p in problems), [p.format() for p in problems]
    line = BASE.replace(old, new).splitlines()
    for p in problems:
        assert 1 <= p.line <= len(line)


def test_explain_reads_the_melds_back():
    from interpreter.authoring.explain import explain
    text = explain(Path(__file__).resolve().parents[1] / "rule_files" / "trick_melds.yaml")
    assert "The melds among a trick's cards, whoever played them, count for the trick's winner." in text
    assert "Four in a row: 4 cards in a row of one suit, worth 50." in text
    assert "Four of a kind: the four Aces, Kings, Queens, Jacks, Tens, Nines, Eights or Sevens, worth 100." in text
    assert "Stuk: the King and the Queen of one suit, worth 20 if the suit is the trump suit, otherwise 0." in text


def test_explain_reads_a_variant_as_it_stands():
    from click.testing import CliRunner
    from cli import main
    shown = CliRunner().invoke(main, ["explain", "belote", "--variant", "announcements"])
    assert shown.exit_code == 0
    assert shown.output.startswith("Belote (variant 'announcements')\n")
    assert "Four jacks: the four Jacks, worth 200." in shown.output
    assert "Announcements (dedans): the meld points of the side with the best meld to the defenders" in shown.output
    base = CliRunner().invoke(main, ["explain", "belote"])
    assert "Four jacks" not in base.output and "announce the melds" not in base.output
    wrong = CliRunner().invoke(main, ["explain", "belote", "--variant", "nope"])
    assert wrong.exit_code == 1 and "no variant 'nope' (variants: match, announcements)" in wrong.output


def test_belote_announcements_explain_gives_the_sequence_order_step_by_step():
    """No meld is topped by the 8, so `9 > 8` decides no announcement: the sentence `atout
    explain` prints for the sequence order is what guards each of its steps."""
    from click.testing import CliRunner
    from cli import main
    shown = CliRunner().invoke(main, ["explain", "belote", "--variant", "announcements"])
    assert ("For sequences the cards follow each other in this order: Ace, King, Queen, Jack, Ten, Nine, Eight, "
            "Seven; a longer run counts once") in shown.output


def test_equal_melds_the_one_in_trumps_wins_when_trumps_are_the_first_suit():
    hands = full("KS QS JS 8S 8D 9C 7C AC", "KD QD JD 8H 7H AH 7D JC", "*", "*")
    assert GAME.deck.suit_codes[0] == "S"
    state = announced(hands, [0, 1], turnup="8S")        # spades, suit 0, are trumps
    assert (state.melds[0], state.melds[1]) == (20, 20) and state.trump == 0
    assert _best_meld(state) == NS


# --- cards ranked equal in the sequence order ----------------------------------------------------

EQUAL_STEPS = """\
game: Equal steps
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, A2: Second Ace, K: King, Q: Queen, J: Jack}
order: A = A2 > K > Q > J
deal: 5 each
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  melds:
    at: trick
    sequence order: A = A2 > K > Q > J
    combinations:
      three in a row: {sequence: 3, points: 20}
scoring:
  award:
    - rule: melds
      to: each_seat
      points: melds(it)
"""


def test_cards_ranked_equal_in_the_sequence_order_are_one_step(tmp_path):
    """With A = A2 > K > Q, Ace-King-Queen is a run of three (A2 would do as well), and
    Ace-Second Ace-King is a run of two steps only: no meld."""
    game = tiny(tmp_path, EQUAL_STEPS)
    index = game.deck.index

    def runs(*codes):
        found = game.melds.find(sum(1 << index[c] for c in codes))
        return [(game.melds.combinations[f.combination].name, sorted(game.deck.codes[c] for c in range(game.deck.size)
                 if f.cards >> c & 1)) for f in found]

    assert runs("AS", "KS", "QS") == [("three in a row", ["AS", "KS", "QS"])]
    assert runs("A2S", "KS", "QS") == [("three in a row", ["A2S", "KS", "QS"])]
    assert runs("AS", "A2S", "KS") == []
    assert runs("AS", "A2S", "KS", "QS") == [("three in a row", ["AS", "KS", "QS"])]


IN_FORCE = """\
game: Low and high
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten, "9": Nine}
order: A > K > Q > J > 10 > 9
rankings:
  low: {order: 9 > 10 > J > Q > K > A}
deal: 6 each
auction:
  first: seat(0)
  rounds:
    - calls:
        high: {}
        low: {ranking: low}
      ends: at the first call
  if all pass: annul
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  melds:
    at: first turn
    sequence order: A > K > Q > J > 10 > 9
    ties: [points, top card in force]
    combinations:
      tierce: {sequence: 3, points: 20}
scoring:
  award:
    - rule: the best meld
      to: each_seat
      points: 1 if best_meld() = team(it) else 0
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("call,best", [("high", 0), ("low", 1)])
def test_the_top_card_in_force_follows_a_reversed_ranking(tmp_path, engine, call, best):
    game = on(tiny(tmp_path, IN_FORCE), engine)
    state = game.new_deal(layout={"hands": [["AS", "KS", "QS", "AH", "KH", "9S"], ["QH", "JH", "10H", "9H", "JS", "10S"]]},
                          dealer=1)
    state.apply(call)
    for _ in range(2):
        state.apply("announce")
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert (state.melds[0], state.melds[1]) == (20, 20)     # A K Q of spades against Q J 10 9 of hearts
    assert _best_meld(state) == best
