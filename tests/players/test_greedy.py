"""The greedy player (interpreter/players/greedy.py): the value it puts on a hand, and its choice
on clear positions of the bundled games and of tiny rule files: what it bids, calls, announces
and shows, what it gives or swaps, the card it leads and how it follows (winning as cheaply as
it can, leaving a winning partner the trick, ducking or shedding points where low scores win)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from helpers import FOLLOW_FROM_SEAT_0, SPOILING, TWO_SUITS_HEAD, texts, tiny
from test_french_tarot import at_play, bid, new, trumps

import interpreter
from interpreter.engine.parts import Standing
from interpreter.players.greedy import GreedyPlayer, _average_value, _hand_value, _trump_of


def greedy(state: interpreter.State) -> str:
    """The greedy player's choice, as action text."""
    return GreedyPlayer(0).choose(state).text


# --- the hand value it bids on -----------------------------------------------------------------

BELOTE = interpreter.load("belote")
OTHERS = [["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]]


def belote_deal(first: list[str], second: list[str], turnup: str = "8H",
                others: list[list[str]] = OTHERS) -> interpreter.State:
    """Seat 1 speaks first (the dealer, seat 0, sits at its left); seat 1 holds ``second``."""
    state = BELOTE.new_deal(layout={"hands": [first, second] + others, "turnup": [turnup], "fill": True})
    assert state.current_player == 1 and texts(state) == ["take", "pass"]
    return state


def mask(codes: list[str]) -> int:
    return sum(1 << BELOTE.deck.index[c] for c in codes)


def test_hand_value_is_card_points_plus_twice_the_trump_strengths():
    clubs = BELOTE.deck.suit_codes.index("C")
    hand = mask(["JC", "9C", "AC", "10C", "KC"])
    # under clubs: points 20 + 14 + 11 + 10 + 4 = 59; trump places J 7, 9 6, A 5, 10 4, K 3:
    # (8 + 7 + 6 + 5 + 4) x 2 = 60
    assert _hand_value(BELOTE, hand, clubs) == 119
    assert _hand_value(BELOTE, hand, 0) == 27           # spades: plain points 2 + 0 + 11 + 10 + 4
    assert _hand_value(BELOTE, hand, -1) == 27          # no trump: the same plain points
    # the whole pack under a trump: 152 card points + (1 + ... + 8) x 2; a hand of 5 gets 5/32 of it
    assert _hand_value(BELOTE, BELOTE.deck.all, clubs) == 152 + 72
    assert _average_value(BELOTE, 5, clubs) == 35


# --- bids and calls ------------------------------------------------------------------------------

def test_greedy_takes_in_belote_with_a_strong_hand_and_passes_with_a_weak_one():
    game = interpreter.load("belote")
    strong = ["JH", "9H", "AH", "10H", "9S"]
    weak = ["7S", "8S", "7D", "8D", "7C"]
    others = [["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]]
    state = game.new_deal(layout={"hands": [weak, strong] + others, "turnup": ["8H"], "fill": True})
    assert state.current_player == 1 and texts(state) == ["take", "pass"]
    assert greedy(state) == "take"
    state = game.new_deal(layout={"hands": [strong, weak] + others, "turnup": ["8H"], "fill": True})
    assert state.current_player == 1
    assert greedy(state) == "pass"


def test_greedy_takes_just_above_the_bidding_threshold_and_passes_just_below():
    # under hearts an average hand of five is worth 224 x 5/32 = 35; greedy takes from 1.3 x that = 45.5
    hearts = BELOTE.deck.suit_codes.index("H")
    below, above = ["JH", "KS", "QS", "JS", "7S"], ["JH", "10S", "7S", "8S", "7D"]
    assert _hand_value(BELOTE, mask(below), hearts) == 36 + 4 + 3 + 2     # the trump Jack: 20 + 8 x 2
    assert _hand_value(BELOTE, mask(above), hearts) == 36 + 10
    weak = ["AD", "8D", "7C", "AC", "KC"]
    assert greedy(belote_deal(weak, below)) == "pass"
    assert greedy(belote_deal(weak, above)) == "take"


ROUND_TWO = [["9D", "10D", "JD", "QD", "KD"], ["7H", "8H", "9H", "10H", "QH"]]


def test_greedy_names_the_suit_its_hand_is_strongest_in():
    state = belote_deal(["7S", "8S", "7D", "8D", "9S"], ["JC", "9C", "AC", "10C", "KC"], "AH", ROUND_TWO)
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == 1
    assert texts(state) == ["name S", "name D", "name C", "pass"]
    calls = [a for a in state.legal_actions() if a.kind == "call"]
    assert [BELOTE.deck.suit_codes[_trump_of(state, a)] for a in calls] == ["S", "D", "C"]
    assert greedy(state) == "name C"                 # the last call offered: not picked by position


def test_greedy_passes_the_second_round_with_a_weak_hand():
    state = belote_deal(["JC", "9C", "AC", "10C", "KC"], ["7S", "8S", "7D", "8D", "9S"], "AH", ROUND_TWO)
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == 1
    assert greedy(state) == "pass"


BID = "game: Bid\n" + TWO_SUITS_HEAD + """\
deal: 5 each, rest to unused
auction:
  first: seat(0)
  rounds:
    - calls:
        no trump: {trump: none}
        spades: {trump: S}
        hearts: {trump: H}
      ends: at the first call
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("hand,call", [(["AS", "KS", "QS", "JS", "10H"], "spades"),
                                       (["AH", "KH", "QH", "JH", "10S"], "hearts")])
def test_greedy_calls_the_trump_its_hand_is_long_in_not_no_trump(tmp_path, hand, call):
    game = tiny(tmp_path, BID)
    state = game.new_deal(layout={"hands": [hand, [c for c in game.deck.codes if c not in hand][:5]], "fill": True},
                          dealer=1)
    assert texts(state) == ["no trump", "spades", "hearts", "pass"]
    assert greedy(state) == call


CHOOSE = "game: Choose\n" + TWO_SUITS_HEAD + """\
deal: 5 each, rest to unused
""" + FOLLOW_FROM_SEAT_0 + """\
  actions:
    no trump: {at: start of play, by: seat(0), required: true, trump: none}
    spades: {at: start of play, by: seat(0), required: true, trump: S}
    hearts: {at: start of play, by: seat(0), required: true, trump: H}
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("hand,choice", [(["AS", "KS", "QS", "JS", "10H"], "spades"),
                                         (["AH", "KH", "QH", "JH", "10S"], "hearts")])
def test_greedy_names_the_trump_its_hand_is_long_in_not_no_trump(tmp_path, hand, choice):
    game = tiny(tmp_path, CHOOSE)
    state = game.new_deal(layout={"hands": [hand, [c for c in game.deck.codes if c not in hand]]}, dealer=1)
    assert texts(state) == ["no trump", "spades", "hearts"]
    assert greedy(state) == choice


SKAT = interpreter.load("skat")
FOREHAND = ["JC", "JS", "JH", "JD", "AC", "10C", "KC", "QC", "9C", "AS"]      # all four Jacks and six clubs
MIDDLEHAND = ["AH", "10H", "KH", "QH", "AD", "10D", "KD", "QD", "10S", "KS"]


def skat_bid_to_forehand(forehand: list[str], value: int) -> interpreter.State:
    rest = [c for c in SKAT.deck.codes if c not in forehand + MIDDLEHAND][:10]
    state = SKAT.new_deal(layout={"hands": [rest, forehand, MIDDLEHAND], "fill": True}, dealer=0)
    assert state.current_player == 2                                    # middlehand bids to forehand
    state.apply(f"bid {value}")
    assert state.current_player == 1 and texts(state) == ["hold", "pass"]
    return state


def test_greedy_holds_a_skat_bid_up_to_what_its_hand_is_worth():
    assert [greedy(skat_bid_to_forehand(FOREHAND, v)) for v in (18, 24, 33, 35, 36, 48)] == \
        ["hold", "hold", "hold", "pass", "pass", "pass"]
    weak = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D", "9D", "QS"]
    assert greedy(skat_bid_to_forehand(weak, 18)) == "pass"


def test_greedy_passes_a_skat_bid_with_a_hand_just_above_average():
    skat = interpreter.load("skat")
    middlehand = ["AH", "10H", "KH", "QH", "AD", "10D", "KD", "QD", "10S", "KS"]
    forehand = ["7D", "8C", "8D", "8S", "9C", "9D", "9H", "AC", "AS", "JS"]    # two aces, one Jack, low cards
    rest = [c for c in skat.deck.codes if c not in forehand + middlehand][:10]
    state = skat.new_deal(layout={"hands": [rest, forehand, middlehand], "fill": True}, dealer=0)
    state.apply("bid 18")
    assert [a.text for a in state.legal_actions()] == ["hold", "pass"]
    assert greedy(state) == "pass"


def test_greedy_takes_up_the_skat_rather_than_play_a_hand_game():
    state = interpreter.load("skat").new_deal(seed=0, dealer=0)
    for move in ("bid 18", "pass", "bid 20", "hold", "pass"):
        state.apply(move)
    assert [a.text for a in state.legal_actions()] == ["hand", "pick up"]
    assert greedy(state) == "pick up"


def test_greedy_bids_nil_without_a_spade_or_a_high_card():
    spades = interpreter.load("spades")
    hand = [r + s for s in "HDC" for r in "2345"] + ["6H"]
    rest = [c for c in spades.deck.codes if c not in hand]
    state = spades.new_deal(layout={"hands": [hand, rest[:13], rest[13:26], rest[26:]]}, dealer=3)
    assert state.current_player == 0 and [a.text for a in state.legal_actions()][:2] == ["bid 0", "bid 1"]
    assert greedy(state) == "bid 0"


# --- announcements and what it shows ---------------------------------------------------------------

def test_greedy_does_not_announce_a_chelem_with_an_ordinary_hand():
    state = new({0: "1T 2T 3T KS"})
    bid(state, 0, "garde sans")
    assert texts(state) == ["announce chelem", "pass"]
    assert greedy(state) == "pass"


def test_greedy_shows_a_poignee_only_on_the_takers_side():
    # seat 1, a defender, may show nine trumps and the Excuse: greedy keeps them hidden
    state = at_play({0: trumps(11, 21), 1: trumps(2, 10) + " EX"}, chien="KS KH KD KC QS 1T",
                    avoid={1: "TX", 2: "TX", 3: "TX"})
    assert state.current_player == 1 and "single poignée" in texts(state)
    assert GreedyPlayer(0).choose(state).kind == "play"
    # the taker, seat 0, holding ten trumps shows them
    state = at_play({0: trumps(2, 11), 1: "1T " + trumps(12, 21) + " EX"}, chien="KS KH KD KC QS QH",
                    avoid={0: "TX", 1: "TX", 2: "TX", 3: "TX"}, call="garde contre")
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    assert "single poignée" in texts(state)
    assert greedy(state) == "single poignée"


# --- the cards it gives, and a swap made only for a stronger card ----------------------------------

ONE_TO_GIVE = """\
game: One to give
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
piles:
  unused: {seen by: nobody}
order: A > K > Q > J > 10
deal: 1 each, rest to unused
transfers:
  give:
    who: each
    count: 1
    to: next(me)
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: the trick
      to: each_seat
      points: tricks(it)
"""


def test_greedy_gives_its_only_card(tmp_path: Path):
    path = tmp_path / "one.yaml"
    path.write_text(ONE_TO_GIVE, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [] and game is not None
    state = game.new_deal(layout={"hands": [["AS"], ["KH"]], "fill": True}, dealer=0)
    assert [a.text for a in state.legal_actions()] == ["give KH"]
    assert greedy(state) == "give KH"


def test_greedy_exchanges_the_trump_jack_in_sixty_six():
    game = interpreter.load("sixty-six")
    state = game.new_deal(layout={"hands": [["AH", "10H", "KH", "AD", "10D"], ["JS", "QH", "JH", "KD", "JD"]],
                                  "indicator": ["AS"], "fill": True})
    assert state.current_player == 1
    assert "exchange" in texts(state)
    assert greedy(state) == "exchange"
    state.apply("exchange")
    assert [game.deck.codes[c] for c in state.piles[game.pile_names.index("indicator")]] == ["JS"]
    assert state.hands[1] >> game.deck.index["AS"] & 1


@pytest.mark.parametrize("order,choice", [("A > 10 > K > Q > J", "exchange"),     # QH for JH: stronger
                                          ("A > 10 > K > Q = J", "play KD marriage")])  # its equal: no gain
def test_greedy_exchanges_the_trump_jack_only_for_a_stronger_card(tmp_path: Path, order, choice):
    text = (Path(interpreter.__file__).parent.parent / "games" / "sixty-six.yaml").read_text(encoding="utf-8")
    assert "order: A > 10 > K > Q > J\n" in text
    path = tmp_path / "sixty-six.yaml"
    path.write_text(text.replace("order: A > 10 > K > Q > J\n", f"order: {order}\n"), encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [] and game is not None
    state = game.new_deal(layout={"hands": [["AS", "10S", "KS", "QS", "JS"], ["JH", "AD", "10D", "KD", "QD"]],
                                  "indicator": ["QH"], "fill": True}, dealer=0)
    assert state.current_player == 1 and "exchange" in [a.text for a in state.legal_actions()]
    assert greedy(state) == choice


SIXTY_SIX = (interpreter.GAMES_DIR / "sixty-six.yaml").read_text(encoding="utf-8")
SWAP_HIGH = (SIXTY_SIX.replace("count(hand and trumps and J) > 0", "count(hand and trumps and (A or K)) > 0")
             .replace("swap: {cards: trumps and J, with: indicator}", "swap: {cards: trumps and (A or K), with: indicator}"))


@pytest.mark.parametrize("held, shown, chosen", [
    ("KS", "AS", "exchange"),       # gives the king for the ace: stronger
    ("AS", "KS", "play AS"),        # gives the ace for the king: weaker, so it leads its ace
    ("KS", "JS", "play JH"),        # the king for the jack: weaker; it leads its weakest card
])
def test_greedy_swaps_only_for_a_stronger_card(tmp_path, held, shown, chosen):
    assert SWAP_HIGH != SIXTY_SIX
    path = tmp_path / "swap.yaml"
    path.write_text(SWAP_HIGH, encoding="utf-8")
    game = interpreter.load(path)
    state = game.new_deal(layout={"hands": [["AH", "10H", "KH", "AD", "10D"], [held, "QH", "JH", "KD", "JD"]],
                                  "indicator": [shown], "fill": True})
    assert state.current_player == 1 and "exchange" in texts(state)
    assert greedy(state) == chosen


# --- the card it leads ------------------------------------------------------------------------------

# Aluette, dealer 3: seat 0 leads; seats 0 and 2 are partners.
def aluette(hands):
    return interpreter.load("aluette").new_deal(layout={"hands": hands, "fill": True}, dealer=3)


def test_greedy_leads_a_card_nobody_can_beat():
    state = aluette([["3O", "3C", "1O", "4O", "5O", "6O", "7O", "8O", "JO"],
                     ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
                     ["1B", "4B", "5B", "6B", "7B", "8B", "JB", "NB", "KB"],
                     ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]])
    assert greedy(state) == "play 3O"                # Monsieur: the highest card
    for card in ["3O", "4C", "4B", "4S"]:
        state.apply(card)
    assert state.current_player == 0
    assert greedy(state) == "play 3C"                # Madame, now that Monsieur is out


def test_greedy_leads_its_weakest_card_without_a_sure_winner():
    state = aluette([["2O", "1O", "4O", "5O", "6O", "7O", "8O", "JO", "NO"],
                     ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
                     ["1B", "4B", "5B", "6B", "7B", "8B", "JB", "NB", "KB"],
                     ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]])
    assert greedy(state) == "play 4O"                # 3O and 3C are unseen: le borgne can be beaten


@pytest.mark.parametrize("ties,lead", [("  ties: spoil\n", "play JS"), ("", "play KS")])
def test_greedy_does_not_lead_a_card_an_unseen_equal_card_could_spoil(tmp_path, ties, lead):
    """KS is the top spade, but QS (unseen) is its equal: where ties spoil, leading it may
    win nothing, and nothing else of the hand is safe, so greedy leads its weakest card."""
    game = tiny(tmp_path, SPOILING.replace("TIES\n", ties))
    state = game.new_deal(layout={"hands": [["KS", "JS"], ["QS", "10S"]], "fill": True}, dealer=1)
    assert state.current_player == 0
    assert greedy(state) == lead


def test_greedy_in_belote_leads_the_trump_jack_and_wins_cheaply():
    game = interpreter.load("belote")
    state = game.new_deal(layout={"hands": [["7S", "8S", "7D", "8D", "7C"], ["JH", "AH", "10H", "KH", "9S"],
                                            ["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]],
                                  "turnup": ["8H"], "fill": True})
    state.apply("take")
    assert game.deck.text(state.hands[1]) == "AS KS 9S AH KH JH 10H 8H"
    assert game.deck.text(state.hands[3]) == "QH 9H 7H QC JC 10C 9C 8C"
    assert state.current_player == 1
    assert greedy(state) == "play JH"                # 9H is unseen: only the trump Jack is sure to win
    state.apply("9S")
    assert texts(state) == ["play QS", "play JS", "play 10S"]
    assert greedy(state) == "play JS"                # the cheapest spade above 9S
    state.apply("JS")
    assert texts(state) == ["play QH", "play 9H", "play 7H"]
    assert greedy(state) == "play 7H"                # must trump: the cheapest trump


# --- how it follows --------------------------------------------------------------------------------

FOLLOW = [["9S", "1O", "4O", "5O", "6O", "7O", "8O", "JO", "NO"],
          ["9B", "JB", "KB", "3C", "8B", "4B", "5B", "6B", "7B"],
          ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
          ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]]


def test_greedy_wins_as_cheaply_as_it_can():
    state = aluette(FOLLOW)
    state.apply("9S")
    # 9B only ties 9S (a spoiled trick); JB is the cheapest card that wins
    assert greedy(state) == "play JB"


PARTNER = [["3O", "1O", "4O", "5O", "6O", "7O", "8O", "JO", "NO"],
           ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
           ["3C", "2O", "1B", "KB", "4B", "5B", "6B", "7B", "8B"],
           ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]]


def test_greedy_lets_a_winning_partner_keep_the_trick():
    state = aluette(PARTNER)
    state.apply("3O")
    state.apply("4C")
    assert state.current_player == 2
    assert greedy(state) == "play 4B"                # partner wins: its weakest card


def test_greedy_beats_an_opponent_who_is_winning():
    state = aluette(PARTNER)
    state.apply("4O")
    state.apply("5C")                                # the opponent is winning
    assert greedy(state) == "play 6B"                # 5B would tie (spoil); 6B wins cheapest


def hearts_deal(hands):
    game = interpreter.load("hearts")
    standing = Standing(4, (Fraction(0),) * 4, game.counter_starts)    # the fourth deal: no passing
    state = game.new_deal(layout={"hands": [h.split() for h in hands]}, standing=standing)
    assert state.current_player == 0 and texts(state) == ["play 2C"]
    return state


def test_greedy_ducks_under_the_winning_card_in_hearts():
    state = hearts_deal(["2C 5C 6C 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S",
                         "9C 2D 9D 10D JD QD KD AD 6S 7S 8S 9S 10S",
                         "3C QS AH AS KS JS KH QH JH 10H 9H 8H 7H",
                         "4C 7C 8C AC 10C JC QC KC 6H 5H 4H 3H 2H"])
    for card in ["2C", "9C", "3C"]:
        state.apply(card)
    assert greedy(state) == "play 8C"                # the highest club under 9C


def test_greedy_sheds_the_queen_of_spades_when_void():
    state = hearts_deal(["2C 5C 6C 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S",
                         "AC 2D 9D 10D JD QD KD AD 6S 7S 8S 9S 10S",
                         "3C QS AH AS KS JS KH QH JH 10H 9H 8H 7H",
                         "4C 7C 8C 9C 10C JC QC KC 6H 5H 4H 3H 2H"])
    for card in ["2C", "AC", "3C", "4C"]:
        state.apply(card)
    assert state.current_player == 1
    state.apply("2D")
    assert state.current_player == 2                 # no diamond: any card
    assert greedy(state) == "play QS"                # 13 points beat AH's 1 and AS's strength
