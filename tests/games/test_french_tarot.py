"""French Tarot, clause by clause (/work/shared/rules/tarot.md, seed 001), on stacked deals.

Seats run counter-clockwise in the direction of play; seat (dealer + 1) speaks and leads first.
Most deals here are dealt by seat 0, so seat 1 speaks and leads first and seat 0, who takes,
speaks last and plays fourth in the first trick. A few use dealer 3 so the taker (seat 0) leads.

Deals are built from a few chosen cards per seat (``layout``), the rest filled in deck order,
or from the tricks they are meant to produce (``scripted``); ``drive`` plays a deal out, each
seat playing the first card of its preference list that is legal, else its first legal card.
"""
from __future__ import annotations

from fractions import Fraction
import random

from click.testing import CliRunner
import pytest

from cli import main
import interpreter
from interpreter.errors import IllegalActionError
from interpreter.engine.state import AUCTION, PLAY
from interpreter.players.greedy import GreedyPlayer
from helpers import ENGINES, on, texts

GAME = interpreter.load("french-tarot")
THREE = interpreter.load("french-tarot", "three")
FIVE = interpreter.load("french-tarot", "five")
CODES = GAME.deck.codes
TRUMPS = [f"{n}T" for n in range(1, 22)]
SUIT_CARDS = [c for c in CODES if c[-1] in "SHDC"]                 # KS … 1S, KH … 1C
FILL = SUIT_CARDS + TRUMPS[::-1] + ["EX"]                          # the filler: suit cards first, then 21T … 1T
VALUE = {"K": Fraction(9, 2), "Q": Fraction(7, 2), "N": Fraction(5, 2), "J": Fraction(3, 2)}
ATTACK, DEFENCE = "attack", "defence"


def value(code: str) -> Fraction:
    """Card points read from the rules: bouts and Kings 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, else 0.5."""
    if code in ("1T", "21T", "EX"):
        return Fraction(9, 2)
    return VALUE.get(code[:-1], Fraction(1, 2)) if code[-1] != "T" else Fraction(1, 2)


def points(codes) -> Fraction:
    return sum((value(c) for c in codes), Fraction(0))


def trumps(low: int, high: int) -> str:
    return " ".join(f"{n}T" for n in range(low, high + 1))


def kind(code: str) -> str:
    return "X" if code == "EX" else code[-1]


# --- building and driving deals ---------------------------------------------------------------

def layout(hands: dict[int, str], chien: str = "", avoid: dict[int, str] | None = None, game=GAME) -> dict:
    """Each seat gets its chosen cards, then is filled up in FILL order; ``avoid`` names the kinds
    (S H D C, T for trumps, X for the Excuse) a seat's filler must not contain. Seats with an
    ``avoid`` are filled first, the chien last."""
    avoid = avoid or {}
    n = game.players
    size = (78 - game.transfers[0].count) // n
    given = {s: hands.get(s, "").split() for s in range(n)}
    given["chien"] = chien.split()
    chosen = [c for h in given.values() for c in h]
    assert len(chosen) == len(set(chosen)), "a card is chosen twice"
    rest = [c for c in FILL if c not in chosen]
    out = {}
    for s in sorted(range(n), key=lambda s: s not in avoid) + ["chien"]:
        need = (size if s != "chien" else game.transfers[0].count) - len(given[s])
        take = [c for c in rest if kind(c) not in avoid.get(s, "")][:need]
        assert len(take) == need, f"cannot fill {s}"
        rest = [c for c in rest if c not in take]
        out[s] = given[s] + take
    assert not rest
    return {"hands": [out[s] for s in range(n)], "chien": out["chien"]}


def new(hands: dict[int, str], chien: str = "", avoid=None, dealer: int = 0, game=GAME) -> interpreter.State:
    state = game.new_deal(layout=layout(hands, chien, avoid, game), dealer=dealer)
    assert not state.is_over, "the deal was annulled"
    return state


def bid(state: interpreter.State, taker: int, call: str) -> None:
    """Everyone passes but ``taker``, who makes ``call``."""
    while state.phase == AUCTION:
        state.apply(call if state.current_player == taker else "pass")
    assert state.taker == taker


def run(state: interpreter.State, *actions: str) -> interpreter.State:
    for action in actions:
        state.apply(action)
    return state


def at_play(hands, chien="", avoid=None, taker=0, call="garde sans", dealer=0, chelem=False, game=GAME):
    """A deal at its first card: ``taker`` won with ``call`` (no discard) and did or did not announce a chelem."""
    state = new(hands, chien, avoid, dealer, game)
    bid(state, taker, call)
    state.apply("announce chelem" if chelem else "pass")
    assert state.phase == PLAY
    return state


def drive(state: interpreter.State, prefs: dict[int, list[str]] | None = None) -> interpreter.Result:
    """Play to the end: each seat plays the first legal card of its preferences, else its first legal card."""
    prefs = prefs or {}
    while not state.is_over:
        plays = [a.text for a in state.legal_actions() if a.kind == "play"]
        wanted = [f"play {c}" for c in prefs.get(state.current_player, [])]
        state.apply(next((w for w in wanted if w in plays), plays[0]))
    return state.result()


def legal(state: interpreter.State) -> set[str]:
    return {a.text for a in state.legal_actions()}


def legal_cards(state: interpreter.State) -> set[str]:
    return {a.text.split(" ", 1)[1] for a in state.legal_actions() if a.kind == "play"}


def hand(state: interpreter.State, seat: int) -> set[str]:
    return set(state.observation(seat)["hand"])


def assert_illegal(state: interpreter.State, action: str) -> None:
    before = (list(state.hands), list(state.history), state.current_player)
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert (list(state.hands), list(state.history), state.current_player) == before


def parse_trick(text: str) -> dict[int, str]:
    return {int(seat): card for seat, card in (item.split(":") for item in text.split())}


def scripted(tricks: list[str], chien: str, game=GAME) -> dict:
    """The layout whose hands are the cards each seat plays in ``tricks`` ("1:KC 2:QC 3:NC 0:1T")."""
    hands: list[list[str]] = [[] for _ in range(game.players)]
    for trick in tricks:
        for seat, card in parse_trick(trick).items():
            hands[seat].append(card)
    return {"hands": hands, "chien": chien.split()}


def play_tricks(state: interpreter.State, tricks: list[str]) -> None:
    """Each seat plays its card of the trick when its turn comes; the trick names every seat."""
    for trick in tricks:
        cards = parse_trick(trick)
        assert state.current_player == next(iter(cards)), f"{trick}: seat {state.current_player} leads"
        for _ in cards:
            state.apply("play " + cards[state.current_player])


def awards(result: interpreter.Result, rule: str) -> list[Fraction]:
    return [seat["awards"].get(rule, 0) for seat in result.breakdown["seats"]]


def card_points(result: interpreter.Result) -> list[Fraction]:
    return [seat["card_points"] for seat in result.breakdown["seats"]]


def won_by_trick(state: interpreter.State, result: interpreter.Result) -> list[Fraction]:
    """Card points per seat when every trick's four cards go to its winner (no Excuse exchange)."""
    plays = [code for seat, code in state.observation(0)["history"]
             if seat is not None and code in CODES]
    per_seat = [Fraction(0)] * GAME.players
    for i, winner in enumerate(result.facts["trick_winners"]):
        per_seat[winner] += points(plays[4 * i:4 * i + 4])
    return per_seat


# --- the deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_is_18_cards_each_in_packets_of_three_and_6_to_the_chien_between_packets(dealer):
    seed = 500 + dealer
    state = GAME.new_deal(seed=seed, dealer=dealer)
    pack = list(range(78))
    random.Random(seed).shuffle(pack)
    hands, chien, at = [0] * 4, [], 0

    def packets():
        nonlocal at
        for i in range(4):
            for card in pack[at:at + 3]:
                hands[(dealer + 1 + i) % 4] |= 1 << card
            at += 3

    packets()
    for _ in range(4):
        chien.append(pack[at])
        at += 1
        packets()
    chien += pack[at:at + 2]
    at += 2
    packets()
    assert at == 78
    assert state.dealt == hands
    assert [h.bit_count() for h in state.dealt] == [18, 18, 18, 18]
    assert state.piles[GAME.pile_names.index("chien")] == chien and len(chien) == 6
    assert state.observation(dealer)["pile_sizes"] == {"pack": 0, "chien": 6}
    assert "chien" not in state.observation(dealer)["piles"]


# --- annulled deals ---------------------------------------------------------------------------

def test_petit_sec_annuls_the_deal():
    state = GAME.new_deal(layout=layout({2: "1T"}, avoid={2: "TX"}), dealer=0)
    assert {c for c in hand(state, 2) if kind(c) in "TX"} == {"1T"}
    assert state.is_over and state.legal_actions() == []
    result = state.result()
    assert result.facts == {"annulled": True}
    assert result.seat_scores == (0, 0, 0, 0) and result.reasons == ()


@pytest.mark.parametrize("hands,chien", [({2: "1T 2T"}, ""), ({2: "1T EX"}, ""), ({}, "1T")],
                         ids=["with-another-trump", "with-the-excuse", "in-the-chien"])
def test_petit_with_another_trump_or_with_the_excuse_does_not_annul(hands, chien):
    state = GAME.new_deal(layout=layout(hands, chien, avoid={2: "TX"}), dealer=0)
    assert not state.is_over
    assert state.current_player == 1
    assert legal(state) == {"prise", "garde", "garde sans", "garde contre", "pass"}


def test_all_pass_annuls_the_deal():
    state = new({})
    for seat in (1, 2, 3, 0):
        assert state.current_player == seat
        state.apply("pass")
    assert state.is_over and state.taker is None
    result = state.result()
    assert result.facts == {"annulled": True}
    assert result.seat_scores == (0, 0, 0, 0)


# --- the auction ------------------------------------------------------------------------------

def test_each_player_speaks_once_and_each_call_must_be_higher_than_the_last():
    state = new({})
    assert legal(state) == {"prise", "garde", "garde sans", "garde contre", "pass"}
    state.apply("garde")
    assert state.current_player == 2
    assert legal(state) == {"garde sans", "garde contre", "pass"}
    assert_illegal(state, "prise")
    assert_illegal(state, "garde")
    state.apply("pass")
    assert legal(state) == {"garde sans", "garde contre", "pass"}
    state.apply("garde contre")
    assert state.current_player == 0
    assert legal(state) == {"pass"}
    assert_illegal(state, "garde sans")
    state.apply("pass")
    # seat 1 does not speak again: the highest call wins at once
    assert state.phase != AUCTION
    assert state.taker == 3 and state.contract == 6 and state.call.text == "garde contre"
    assert state.current_player == 3 and legal(state) == {"announce chelem", "pass"}


# --- the chien and the discard ----------------------------------------------------------------

CHIEN = "1S 2S 3S 4H 5H 6H"


@pytest.mark.parametrize("call", ["prise", "garde"])
def test_chien_is_shown_to_everyone_and_goes_to_the_taker_after_prise_or_garde(call):
    state = new({}, chien=CHIEN)
    bid(state, 2, call)
    for seat in range(4):
        assert [None, "chien: " + CHIEN] in state.observation(seat)["history"]
    assert hand(state, 2) >= set(CHIEN.split())
    assert state.observation(0)["hand_sizes"] == [18, 18, 24, 18]
    assert state.current_player == 2
    assert all(text.startswith("discard ") for text in legal(state))


@pytest.mark.parametrize("call", ["garde sans", "garde contre"])
def test_chien_stays_hidden_and_aside_after_garde_sans_or_garde_contre(call):
    state = new({}, chien=CHIEN)
    bid(state, 2, call)
    for seat in range(4):
        obs = state.observation(seat)
        assert not any(isinstance(x, str) and x.startswith("chien") for _, x in obs["history"])
        assert obs["hand_sizes"] == [18, 18, 18, 18]
        assert obs["pile_sizes"]["chien"] == 6 and "chien" not in obs["piles"]
    assert not hand(state, 2) & set(CHIEN.split())
    # no discard: the taker goes straight to the chelem decision
    assert state.current_player == 2 and legal(state) == {"announce chelem", "pass"}


def test_discard_offers_only_suit_cards_never_a_king_a_bout_or_a_trump():
    taker = "KS KH KD KC 1T 21T EX 2T 3T 4T 5T 6T 7T 8T 9T QS NS JS"
    state = new({0: taker}, chien="10S 9S 8S QH NH JH")
    bid(state, 0, "garde")
    assert legal(state) == {f"discard {c}" for c in "QS NS JS 10S 9S 8S QH NH JH".split()}
    for card in ("KS", "KC", "1T", "21T", "EX", "2T"):
        assert_illegal(state, f"discard {card}")
    run(state, "discard QS", "discard NS", "discard JS", "discard 10S", "discard 9S")
    assert legal(state) == {"discard 8S", "discard QH", "discard NH", "discard JH"}
    state.apply("discard 8S")
    assert state.observation(0)["pile_sizes"]["chien"] == 6
    assert hand(state, 0) == set(taker.split()) - {"QS", "NS", "JS"} | {"QH", "NH", "JH"}
    assert state.current_player == 0 and legal(state) == {"announce chelem", "pass"}


# The taker holds the four Kings, two Queens and 18 trumps after the chien: only two suit cards
# may go, so four (non-bout) trumps must fill the discard.
FOUR_KINGS = "KS KH KD KC QS QH " + trumps(2, 13)
FOUR_KINGS_CHIEN = trumps(14, 19)


def test_trumps_may_be_discarded_only_to_fill_the_shortfall_of_suit_cards():
    state = new({0: FOUR_KINGS, 1: "1T 20T 21T EX"}, chien=FOUR_KINGS_CHIEN)
    bid(state, 0, "garde")
    assert legal(state) == {"discard QS", "discard QH"} | {f"discard {n}T" for n in range(2, 20)}
    assert_illegal(state, "discard KS")
    run(state, "discard 2T", "discard 3T", "discard 4T", "discard 5T")
    # four trumps gone: the two suit cards must make up the rest
    assert legal(state) == {"discard QS", "discard QH"}
    assert_illegal(state, "discard 6T")


def test_discarded_trumps_are_shown_to_everyone_other_discards_are_not():
    state = new({0: FOUR_KINGS, 1: "1T 20T 21T EX"}, chien=FOUR_KINGS_CHIEN)
    bid(state, 0, "garde")
    order = ["QS", "2T", "QH", "3T", "4T", "5T"]
    run(state, *[f"discard {c}" for c in order])
    for seat in range(4):
        history = state.observation(seat)["history"]
        shown = history.index([None, "chien: " + FOUR_KINGS_CHIEN])
        assert history[shown + 1] == [None, "chien to seat 0: " + FOUR_KINGS_CHIEN]   # everyone saw it go
        tail = [x for s, x in history[shown + 2:]]
        if seat == 0:
            assert tail == [f"discard {c}" for c in order]
        else:
            assert tail == ["discard", "discard 2T", "discard", "discard 3T", "discard 4T", "discard 5T"]


# The chien holds the three bouts and three Kings (27 points); nobody holds a bout.
RICH_CHIEN = "1T 21T EX KS KH KD"


@pytest.mark.parametrize("call,bouts,target,chien_points", [("garde sans", 3, 36, 27), ("garde contre", 0, 56, 0)])
def test_chien_counts_for_the_taker_in_garde_sans_and_for_the_defenders_in_garde_contre(call, bouts, target, chien_points):
    assert points(RICH_CHIEN.split()) == 27
    state = at_play({}, chien=RICH_CHIEN, call=call)
    result = drive(state)
    facts = result.facts
    assert facts["kept"] == ("KS KH KD 1T 21T EX" if call == "garde sans" else "")
    assert facts["bouts"] == bouts and facts["target"] == target
    assert facts["taken"] == card_points(result)[0] + chien_points
    # the 91 points are the tricks' and the chien's
    assert sum(card_points(result)) == 91 - 27


def test_french_tarot_kept_is_a_fact_of_card_codes():
    game = interpreter.load("french-tarot")
    state = game.new_deal(seed=1)
    players = [GreedyPlayer(seat) for seat in range(game.players)]
    while not state.is_over:
        state.apply(players[state.current_player].choose(state))
    facts = state.result().facts
    chien = game.pile_names.index("chien")
    assert state.contract != 6
    assert facts["kept"] == game.deck.text(sum(1 << c for c in state.piles[chien]))
    assert isinstance(facts["kept"], str) and len(facts["kept"].split()) == 6
    assert all(code in game.deck.index for code in facts["kept"].split())


# --- following, trumping, overtrumping ----------------------------------------------------------
# Seat 0 takes (garde sans); seats 1, 2 and 3 defend. Seat 1 leads the first trick.

def first_trick(hands: dict[int, str], avoid: dict[int, str], *plays: str) -> interpreter.State:
    state = at_play(hands, avoid=avoid)
    run(state, *[f"play {c}" for c in plays])
    return state


def test_a_player_must_follow_the_suit_led():
    state = first_trick({1: "5S", 2: "KS 2S 10T 11T QH"}, {2: "STX"}, "5S")
    assert state.current_player == 2
    assert legal_cards(state) == {"KS", "2S"}
    assert_illegal(state, "play 10T")
    assert_illegal(state, "play QH")


def test_a_player_void_in_the_suit_led_must_trump():
    state = first_trick({1: "5S", 2: "3T 10T QH 1H"}, {2: "STX"}, "5S")
    assert legal_cards(state) == {"3T", "10T"}
    assert_illegal(state, "play QH")


def test_a_player_must_overtrump_even_a_fellow_defender():
    state = first_trick({1: "5S", 2: "10T", 3: "3T 12T 15T"}, {2: "STX", 3: "STX"}, "5S", "10T")
    assert state.team_of[2] == state.team_of[3] != state.team_of[0] and state.current_player == 3
    assert legal_cards(state) == {"12T", "15T"}
    assert_illegal(state, "play 3T")


def test_a_player_who_cannot_overtrump_must_still_play_a_lower_trump():
    state = first_trick({1: "5S", 2: "15T", 3: "3T 12T QH"}, {2: "STX", 3: "STX"}, "5S", "15T")
    assert legal_cards(state) == {"3T", "12T"}
    assert_illegal(state, "play QH")


@pytest.mark.parametrize("holding,expected", [("3T 12T 15T QH", {"12T", "15T"}), ("3T 5T QH", {"3T", "5T"})],
                         ids=["can-overtrump", "cannot"])
def test_when_trumps_are_led_a_player_must_overtrump_if_he_can(holding, expected):
    state = first_trick({1: "10T", 2: holding}, {2: "TX"}, "10T")
    assert legal_cards(state) == expected


@pytest.mark.parametrize("engine", ENGINES)
def test_tarot_the_fourteen_of_trumps_beats_the_thirteen(engine):
    """order … 15 > 14 > 13 > 12 …: on the 13 of trumps led, holding the 14 and the 3, the
    player must overtrump with the 14, which takes the trick (the others hold no trump)."""
    state = at_play({1: "13T", 2: "3T 14T QH"}, avoid={2: "TX", 3: "TX", 0: "TX"}, game=on(GAME, engine))
    run(state, "play 13T")
    assert legal_cards(state) == {"14T"}
    state.apply("play 14T")
    for _ in range(2):                                     # seats 3 and 0 hold no trump
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert state.observation(1)["trick_winners"] == [2]


def test_tarot_explain_ranks_the_trumps_and_the_suits_apart():
    """The order 21 > … > 11 > K > … decides no trick between 11 and K (11 exists only in
    trumps, K only in the suits), so the page ranks the suits and the trumps each on their
    own: the ranking lines `atout explain` prints are what guard the order's steps."""
    shown = CliRunner().invoke(main, ["explain", "french-tarot"])
    line = next(l for l in shown.output.splitlines() if "the cards rank, highest first" in l)
    assert "In Spades, Hearts, Diamonds and Clubs the cards rank, highest first: King, Queen, Knight, Jack, Ten, " \
           "Nine, Eight, Seven, Six, Five, Four, Three, Two, Ace." in line
    assert "In Trumps the cards rank, highest first: Monde, Twenty, Nineteen, Eighteen, Seventeen, Sixteen, " \
           "Fifteen, Fourteen, Thirteen, Twelve, Eleven, Ten, Nine, Eight, Seven, Six, Five, Four, Three, Two, " \
           "Petit." in line
    assert "Card points: Petit 4.5, Monde (21 of trumps) 4.5, Excuse 4.5, Kings 4.5, Queens 3.5, Knights 2.5, " \
           "Jacks 1.5, every other card 0.5." in shown.output


def test_a_player_with_neither_the_suit_nor_a_trump_may_play_any_card():
    state = first_trick({1: "5S"}, {2: "STX"}, "5S")
    assert legal_cards(state) == hand(state, 2)
    assert len(hand(state, 2)) == 18


@pytest.mark.parametrize("hands,avoid,plays,expected", [
    ({1: "5S", 2: "KS 2S 10T EX"}, {2: "STX"}, ["5S"], {"KS", "2S", "EX"}),
    ({1: "5S", 2: "3T 10T EX"}, {2: "STX"}, ["5S"], {"3T", "10T", "EX"}),
    ({1: "5S", 2: "10T", 3: "3T 12T EX"}, {2: "STX", 3: "STX"}, ["5S", "10T"], {"12T", "EX"}),
    ({1: "10T", 2: "3T 12T EX"}, {2: "TX"}, ["10T"], {"12T", "EX"}),
], ids=["when-following", "when-trumping", "when-overtrumping", "on-a-trump-lead"])
def test_the_excuse_may_always_be_played(hands, avoid, plays, expected):
    state = first_trick(hands, avoid, *plays)
    assert legal_cards(state) == expected


def test_after_the_excuse_is_led_the_next_card_sets_the_suit_to_follow():
    state = first_trick({1: "EX", 2: "5H 9T", 3: "KH 2H 4T", 0: "11T 12T"},
                        {3: "HTX", 0: "HTX"}, "EX")
    assert legal_cards(state) == hand(state, 2)            # nothing to follow yet
    state.apply("play 5H")
    assert legal_cards(state) == {"KH", "2H"}              # hearts now bind
    state.apply("play KH")
    assert legal_cards(state) == {"11T", "12T"}            # the taker, void in hearts, must trump
    state.apply("play 11T")
    obs = state.observation(1)
    assert obs["trick_winners"] == [0]                     # the Excuse never wins it
    assert state.current_player == 0


# --- the Excuse ---------------------------------------------------------------------------------
# The taker (seat 0, garde sans) holds 17 trumps and the Excuse; the defenders hold only suit cards.
# In the first trick he plays the Excuse under seat 1's King of spades, then wins every other trick,
# leading the Petit last.

def excuse_lost_then_petit_last():
    state = at_play({0: "1T " + trumps(6, 21) + " EX", 1: "KS", 2: "QS", 3: "NS"},
                    chien="2T 3T 4T 5T 1H 1D", avoid={1: "TX", 2: "TX", 3: "TX"})
    prefs = {0: ["EX"] + [f"{n}T" for n in range(21, 5, -1)] + ["1T"], 1: ["KS"], 2: ["QS"], 3: ["NS"]}
    return state, drive(state, prefs)


def test_the_excuse_stays_with_its_team_which_gives_half_a_point_for_it():
    state, result = excuse_lost_then_petit_last()
    assert result.facts["trick_winners"] == [1] + [0] * 17
    hands_points = 91 - points("2T 3T 4T 5T 1H 1D".split())          # 88
    first = points("KS QS NS".split())                                # 10.5 without the Excuse
    assert card_points(result) == [hands_points - first - Fraction(1, 2), first + Fraction(1, 2), 0, 0]
    assert card_points(result) == [Fraction(77), Fraction(11), 0, 0]
    assert result.facts["bouts"] == 3                                 # the Excuse is still the taker's
    assert result.facts["slam"] is None


# The taker (seat 0) holds 4T … 20T and the Excuse; seat 2 holds the 21 and no spade, so it trumps
# seat 1's King of spades with it. The taker then wins every trick and leads the Excuse last.

def excuse_led_last_after_a_lost_trick(chelem: bool):
    state = at_play({0: trumps(4, 20) + " EX", 1: "KS", 2: "21T"}, chien="1T 2T 3T 1S 1H 1D",
                    avoid={1: "TX", 2: "STX", 3: "TX"}, chelem=chelem)
    prefs = {0: [f"{n}T" for n in range(20, 3, -1)] + ["EX"], 1: ["KS"]}
    return state, drive(state, prefs)


def test_the_excuse_led_last_without_a_slam_loses_the_trick_and_goes_to_its_winner():
    state, result = excuse_led_last_after_a_lost_trick(chelem=False)
    winners = result.facts["trick_winners"]
    assert winners[0] == 2 and set(winners[1:-1]) == {0}
    assert winners[-1] in (1, 2, 3)                                    # the Excuse led does not win
    assert state.past[-1][0] == CODES.index("EX")
    expected = won_by_trick(state, result)                             # the Excuse counted with its trick
    assert card_points(result) == expected
    assert expected[winners[-1]] >= Fraction(9, 2)
    assert result.facts["slam"] is None
    assert result.facts["bouts"] == 1                                  # only the Petit, from the chien


def test_the_excuse_played_in_the_last_trick_goes_to_the_opposing_team_even_when_its_team_wins_it():
    # Garde sans. Seat 1 holds 3T … 20T and leads every trick; the taker holds the 21 and overtrumps the
    # first; seat 2 holds the Excuse and no trump, so it plays the Excuse last under seat 1's 20.
    state = at_play({0: "21T", 1: trumps(3, 20), 2: "EX"}, chien="1T 2T 1S 1H 1D 1C",
                    avoid={0: "TX", 1: "TX", 2: "TX", 3: "TX"})
    result = drive(state)
    assert result.facts["trick_winners"] == [0] + [1] * 17
    assert state.past[-1][:2] == (CODES.index("20T"), CODES.index("EX"))   # seat 1's 20, seat 2's Excuse
    expected = won_by_trick(state, result)
    expected[1] -= value("EX")
    expected[0] += value("EX")
    assert card_points(result) == expected
    assert result.facts["bouts"] == 3                                  # the 21, the Excuse, the Petit of the chien
    assert result.facts["slam"] is None


# --- slams --------------------------------------------------------------------------------------
# The taker (seat 0, garde sans) holds the Petit, 5T … 20T and the Excuse; the chien holds the 21,
# the 2, 3 and 4 and two small cards; the defenders hold nothing but suit cards. He leads 20T … 5T,
# the Petit in the 17th trick and the Excuse in the last.

SLAM_TAKER = "1T " + trumps(5, 20) + " EX"
SLAM_CHIEN = "2T 3T 4T 21T 1S 1H"


def taker_slam(chelem: bool):
    state = at_play({0: SLAM_TAKER}, chien=SLAM_CHIEN, avoid={1: "TX", 2: "TX", 3: "TX"}, chelem=chelem)
    assert state.current_player == (0 if chelem else 1)
    prefs = {0: [f"{n}T" for n in range(20, 4, -1)] + ["1T", "EX"]}
    return state, drive(state, prefs)


def test_announced_chelem_the_taker_leads_the_first_trick():
    state = at_play({0: SLAM_TAKER}, chien=SLAM_CHIEN, avoid={1: "TX", 2: "TX", 3: "TX"}, chelem=True)
    assert state.current_player == 0 and state.leader == 0
    assert state.observation(1)["marks"]["chelem"] is True
    assert [0, "announce chelem"] in state.observation(2)["history"]


def test_slam_exception_the_excuse_led_last_by_the_side_that_won_all_wins_the_trick():
    state, result = taker_slam(chelem=True)
    assert state.past[-1][0] == CODES.index("EX")
    assert result.facts["trick_winners"] == [0] * 18 and result.facts["tricks"] == [18, 0, 0, 0]
    assert result.facts["slam"] == ATTACK
    assert card_points(result) == [91 - points(SLAM_CHIEN.split()), 0, 0, 0]     # 84, the Excuse included


def test_slam_exception_holds_for_the_defenders_too():
    # Garde contre; seat 1 holds 4T … 20T and the Excuse, leads its trumps and then the Excuse.
    state = at_play({1: trumps(4, 20) + " EX"}, chien="1T 2T 3T 21T 1S 1H",
                    avoid={0: "TX", 2: "TX", 3: "TX"}, call="garde contre")
    result = drive(state, {1: [f"{n}T" for n in range(20, 3, -1)] + ["EX"]})
    assert state.past[-1][0] == CODES.index("EX")
    assert result.facts["trick_winners"] == [1] * 18 and result.facts["slam"] == DEFENCE
    assert card_points(result) == [0, 91 - points("1T 2T 3T 21T 1S 1H".split()), 0, 0]     # 80
    assert result.facts["chelem_gain"] == -200


def test_announced_chelem_made_scores_400_with_the_petit_au_bout_of_the_penultimate_trick():
    state, result = taker_slam(chelem=True)
    facts = result.facts
    assert facts["taken"] == 91 and facts["bouts"] == 3 and facts["target"] == 36
    assert facts["contract_gain"] == (25 + 55) * 4
    assert facts["bout_trick"] == -2 and facts["petit_au_bout"] == ATTACK
    assert facts["chelem_gain"] == 400
    assert awards(result, "contract") == [960, -320, -320, -320]
    assert awards(result, "petit au bout") == [120, -40, -40, -40]
    assert awards(result, "chelem") == [1200, -400, -400, -400]
    assert result.seat_scores == (2280, -760, -760, -760)


def test_unannounced_slam_scores_200():
    state, result = taker_slam(chelem=False)
    assert result.facts["slam"] == ATTACK and result.facts["chelem"] is None
    assert result.facts["chelem_gain"] == 200
    assert awards(result, "chelem") == [600, -200, -200, -200]
    assert awards(result, "petit au bout") == [120, -40, -40, -40]
    assert result.seat_scores == (3 * 560, -560, -560, -560)            # (320 + 40 + 200) per defender


def test_announced_chelem_failed_costs_200():
    state, result = excuse_led_last_after_a_lost_trick(chelem=True)
    assert state.past[0][0] == CODES.index("20T")                      # the taker led the first trick
    assert result.facts["trick_winners"][0] == 2                       # seat 2 overtrumped with the 21
    assert result.facts["slam"] is None and result.facts["chelem"] is True
    assert result.facts["chelem_gain"] == -200
    assert awards(result, "chelem") == [-600, 200, 200, 200]


def test_defenders_slam_costs_the_taker_200_more():
    # Seat 1 holds 4T … 21T and wins every trick; nobody else has a trump; garde contre.
    state = at_play({1: trumps(4, 21)}, chien="1T 2T 3T EX 1S 1H", avoid={0: "TX", 2: "TX", 3: "TX"},
                    call="garde contre")
    result = drive(state)
    facts = result.facts
    assert facts["trick_winners"] == [1] * 18 and facts["slam"] == DEFENCE
    assert facts["taken"] == 0 and facts["bouts"] == 0 and facts["target"] == 56 and facts["made"] is False
    assert facts["contract_gain"] == -(25 + 56) * 6
    assert facts["chelem_gain"] == -200 and facts["petit_au_bout"] is None
    assert awards(result, "chelem") == [-600, 200, 200, 200]
    assert result.seat_scores == (-3 * 686, 686, 686, 686)


# --- petit au bout --------------------------------------------------------------------------------
# A strong seat holds 12T … 21T and the top four spades and hearts; a weak seat holds 1T … 10T and
# four small spades and hearts; seat 2 holds 11T. The strong seat leads every trick: 21T … 13T (the
# weak seat following with 10T … 2T), then its suit cards, then 12T, on which the weak seat must put
# the Petit.

STRONG = trumps(12, 21) + " KS QS NS JS KH QH NH JH"
WEAK = trumps(1, 10) + " 10S 9S 8S 7S 10H 9H 8H 7H"


@pytest.mark.parametrize("taker_is_strong,side,gain", [(True, ATTACK, 40), (False, DEFENCE, -40)],
                         ids=["defenders-petit-taken-by-the-attack", "takers-petit-taken-by-the-defence"])
def test_petit_au_bout_goes_to_the_side_that_wins_the_last_trick(taker_is_strong, side, gain):
    strong, weak, dealer = (0, 1, 3) if taker_is_strong else (1, 0, 0)
    state = at_play({strong: STRONG, weak: WEAK, 2: "11T"}, chien="EX 1D 2D 3D 4D 5D",
                    avoid={strong: "TX", weak: "TX", 2: "TX", 3: "TX"}, dealer=dealer)
    assert state.current_player == strong
    prefs = {strong: [f"{n}T" for n in range(21, 12, -1)] + "KS QS NS JS KH QH NH JH 12T".split(),
             weak: [f"{n}T" for n in range(10, 1, -1)] + "10S 9S 8S 7S 10H 9H 8H 7H 1T".split()}
    result = drive(state, prefs)
    assert set(state.past[-1]) >= {CODES.index("12T"), CODES.index("1T")}
    assert result.facts["trick_winners"][-1] == strong
    assert result.facts["petit_au_bout"] == side and result.facts["bout_trick"] == -1
    assert result.facts["petit_gain"] == gain
    assert awards(result, "petit au bout") == [3 * gain, -gain, -gain, -gain]


def test_petit_au_bout_is_multiplied_by_the_contract():
    state, result = excuse_lost_then_petit_last()                      # garde sans, the Petit led last
    assert state.past[-1][0] == CODES.index("1T")
    assert result.facts["petit_au_bout"] == ATTACK and result.facts["bout_trick"] == -1
    assert result.facts["petit_gain"] == 10 * 4
    assert awards(result, "petit au bout") == [120, -40, -40, -40]


# --- poignées -----------------------------------------------------------------------------------

def test_poignee_with_the_excuse_for_a_missing_trump_shown_by_a_defender_goes_to_the_taker():
    # Seat 1 holds nine trumps (2 … 10) and the Excuse; the taker holds 11T … 21T and, in garde sans,
    # keeps a chien of four Kings, a Queen and the Petit: he cannot fail (his 11 trumps win 11 tricks).
    state = at_play({0: trumps(11, 21), 1: trumps(2, 10) + " EX"}, chien="KS KH KD KC QS 1T",
                    avoid={1: "TX", 2: "TX", 3: "TX"})
    assert state.current_player == 1
    assert {"single poignée"} == {t for t in legal(state) if "poignée" in t}
    state.apply("single poignée")
    assert legal(state) == {f"show {c}" for c in trumps(2, 10).split() + ["EX"]}
    for card in trumps(2, 10).split() + ["EX"]:
        state.apply(f"show {card}")
    assert state.phase == PLAY and state.current_player == 1
    assert set(state.observation(3)["shown"][1]) == set(trumps(2, 10).split()) | {"EX"}
    assert not any("poignée" in t for t in legal(state))              # one poignée per player
    result = drive(state)
    assert result.facts["made"] is True and result.facts["poignees"] == 20
    assert result.breakdown["seats"][1]["shown"] == 20
    assert awards(result, "poignée") == [60, -20, -20, -20]


def test_the_excuse_cannot_stand_in_when_the_player_has_enough_trumps():
    state = at_play({1: trumps(10, 19) + " EX"}, avoid={1: "TX"})
    state.apply("single poignée")
    for _ in range(10):
        assert "show EX" not in legal(state)
        state.apply(sorted(legal(state))[0])
    assert "EX" not in state.observation(0)["shown"][1]


def test_poignee_shown_by_the_taker_who_fails_goes_to_the_defenders():
    # Garde contre: the chien (25 points) is the defenders'. Seat 1 holds 12T … 21T, the Petit and the
    # Excuse: its ten trumps win ten tricks (20 points at least, the 21 counting 4.5), so the defenders
    # take at least 25 + 24 + 4 = 53 and the taker (2T … 11T, target 51 at best) at most 38.
    state = at_play({0: trumps(2, 11), 1: "1T " + trumps(12, 21) + " EX"}, chien="KS KH KD KC QS QH",
                    avoid={0: "TX", 1: "TX", 2: "TX", 3: "TX"}, call="garde contre")
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    state.apply("single poignée")
    assert legal(state) == {f"show {c}" for c in trumps(2, 11).split()}
    for card in trumps(2, 11).split():
        state.apply(f"show {card}")
    result = drive(state)
    assert result.facts["made"] is False and result.facts["poignees"] == 20
    assert awards(result, "poignée") == [-60, 20, 20, 20]


def test_four_kings_exception_the_forced_trump_discards_count_in_a_triple_poignee():
    state = new({0: FOUR_KINGS, 1: "1T 20T 21T EX"}, chien=FOUR_KINGS_CHIEN)
    bid(state, 0, "garde")
    run(state, "discard QS", "discard QH", "discard 2T", "discard 3T", "discard 4T", "discard 5T", "pass")
    assert len([c for c in hand(state, 0) if c.endswith("T")]) == 14       # 6T … 19T in hand
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    assert {t for t in legal(state) if "poignée" in t} == {"single poignée", "double poignée", "triple poignée"}
    state.apply("triple poignée")
    assert {"show 2T", "show 5T", "show 19T"} <= legal(state)
    shown = trumps(2, 16).split()
    for card in shown:
        state.apply(f"show {card}")
    assert set(state.observation(2)["shown"][0]) == set(shown)
    assert state.shown[0] == 40


@pytest.mark.parametrize("chien, discards, triple", [
    ("QS QH QD QC NS 15T", "QS QH QD QC NS 15T", False),
    ("QS QH QD QC 15T 16T", "QS QH QD QC 15T 16T", True)])
def test_four_kings_exception_counts_fifteen_trumps_without_the_excuse(chien, discards, triple):
    """The four Kings, the Excuse and 13 trumps in hand, and the trumps the taker had to discard:
    15 trumps in all ("i alt 15 trumf", the Excuse not among them) offer the triple poignée; 14
    trumps and the Excuse do not, as the seed's deck counts 21 trumps and the Excuse apart."""
    state = new({0: "KS KH KD KC EX " + trumps(2, 14), 1: "1T 20T 21T"}, chien=chien)
    bid(state, 0, "garde")
    run(state, *[f"discard {card}" for card in discards.split()], "pass")
    assert len([c for c in hand(state, 0) if c.endswith("T")]) == 13 and "EX" in hand(state, 0)
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    offered = {t for t in legal(state) if "poignée" in t}
    assert offered == {"single poignée", "double poignée"} | ({"triple poignée"} if triple else set())


def test_without_a_discard_the_trumps_in_the_chien_do_not_count_for_a_poignee():
    state = at_play({0: FOUR_KINGS, 1: "1T 20T 21T EX"}, chien=FOUR_KINGS_CHIEN)
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    assert {t for t in legal(state) if "poignée" in t} == {"single poignée"}     # 12 trumps in hand


@pytest.mark.parametrize("engine", ENGINES)
def test_tarot_exactly_fifteen_trumps_offer_the_triple_poignee(engine):
    """triple poignée when count(handful_with_discard) >= 15: fifteen trumps, no Excuse, suffice."""
    state = at_play({1: trumps(2, 16)}, avoid={1: "TX"}, game=on(GAME, engine))
    assert state.current_player == 1
    assert len([c for c in state.observation(1)["hand"] if c.endswith("T") or c == "EX"]) == 15
    assert {t for t in legal(state) if "poignée" in t} == {"single poignée", "double poignée", "triple poignée"}


def test_tarot_four_kings_exception_counts_only_trumps_the_taker_discarded():
    """Four Kings and eight trumps, a garde whose discard holds no trump: no poignée at all
    (the discard counts toward a triple only for the trumps in it)."""
    state = new({0: "KS KH KD KC QS QH " + trumps(2, 9)}, chien="JS JH JD JC NS NH", avoid={0: "TX"})
    bid(state, 0, "garde")
    run(state, "discard QS", "discard QH", "discard JS", "discard JH", "discard JD", "discard JC", "pass")
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    assert not any("poignée" in t for t in legal(state))


# --- the settlement -----------------------------------------------------------------------------
# The seed's example: Garde, two bouts, 45 points. Dealer 0; the taker is seat 0. He discards the
# chien (two Queens, two Knights, two Jacks: 15), takes the clubs trick with the Petit (15) and the
# diamonds trick with the 21 (15), and loses every other trick. Seat 1 leads its Excuse in the fifth
# trick, which seat 2 wins, so the Excuse stays with the defenders (never in the last trick).

WORKED_CHIEN = "QS QH NS NH JS JH"
WORKED = [
    "1:KC 2:QC 3:NC 0:1T",
    "0:3S 1:20T 2:1S 3:4T",
    "1:KD 2:QD 3:ND 0:21T",
    "0:4S 1:19T 2:2S 3:5T",
    "1:EX 2:2T 3:JC 0:5S",
    "2:3T 3:10C 0:6S 1:18T",
    "1:17T 2:JD 3:9C 0:7S",
    "1:16T 2:10D 3:8C 0:8S",
    "1:15T 2:9D 3:7C 0:9S",
    "1:14T 2:8D 3:6C 0:10S",
    "1:13T 2:7D 3:5C 0:3H",
    "1:12T 2:6D 3:4C 0:4H",
    "1:11T 2:5D 3:3C 0:5H",
    "1:10T 2:4D 3:2C 0:6H",
    "1:9T 2:3D 3:1C 0:7H",
    "1:8T 2:2D 3:2H 0:8H",
    "1:7T 2:1D 3:1H 0:9H",
    "1:6T 2:KS 3:KH 0:10H",
]


def test_worked_example_garde_two_bouts_45_points_each_defender_pays_58():
    state = GAME.new_deal(layout=scripted(WORKED, WORKED_CHIEN), dealer=0)
    bid(state, 0, "garde")
    run(state, *[f"discard {c}" for c in WORKED_CHIEN.split()], "pass")
    play_tricks(state, WORKED)
    result = state.result()
    facts = result.facts
    assert facts["trick_winners"] == [0, 1, 0, 1, 2] + [1] * 13
    assert facts["kept"] == "QS NS JS QH NH JH"
    # the taker's two tricks; seat 2 took the Excuse's trick from its partner; seat 1 the rest
    assert card_points(result) == [30, 91 - 15 - 30 - 7, 7, 0]
    assert facts["bouts"] == 2 and facts["target"] == 41 and facts["taken"] == 45 and facts["made"] is True
    assert facts["contract_gain"] == (25 + 4) * 2
    assert result.seat_scores == (174, -58, -58, -58)
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [
        ("contract", "seat 0", 174), ("contract", "seat 1", -58), ("contract", "seat 2", -58), ("contract", "seat 3", -58)]


# --- three players ------------------------------------------------------------------------------

def test_three_players_deal_24_cards_each_and_6_to_the_chien():
    state = THREE.new_deal(seed=3, dealer=0)
    assert [h.bit_count() for h in state.dealt] == [24, 24, 24]
    assert len(state.piles[THREE.pile_names.index("chien")]) == 6
    assert state.current_player == 1


# Dealer 2, so seat 0 speaks and leads first and takes (prise). His 24 cards are 1T … 20T and the
# four small spades; the chien (the six small clubs) is his discard. Seat 1 holds the 21, the Excuse
# and the top spades; seat 2 no spade and no trump. Seat 1 wins the first trick with the 21 and the
# last four with spades (seat 2 adding its high diamonds); seat 1 plays the Excuse under a trump of
# the taker and gives him half a point for it: the defenders take 39.5, the taker 51.5, with one bout.
HALF = (["0:20T 1:21T 2:KH", "1:QH 2:1H 0:19T"]
        + [f"0:{n}T 1:{c} 2:{d}" for n, c, d in zip(range(18, 0, -1),
                                                    "EX 10S 9S 8S 7S 6S 5S NH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H".split(),
                                                    "10D 9D 8D 7D 6D 5D 4D 3D 2D 1D KC QC NC JC 10C 9C 8C 7C".split())]
        + ["0:1S 1:KS 2:KD", "1:QS 2:QD 0:2S", "1:NS 2:ND 0:3S", "1:JS 2:JD 0:4S"])
HALF_CHIEN = "1C 2C 3C 4C 5C 6C"


def test_three_players_exact_halves_prise_one_bout_51_and_a_half_points_and_shares_two_to_one():
    state = THREE.new_deal(layout=scripted(HALF, HALF_CHIEN, THREE), dealer=2)
    assert not state.is_over and [len(h) for h in scripted(HALF, HALF_CHIEN, THREE)["hands"]] == [24, 24, 24]
    bid(state, 0, "prise")
    run(state, *[f"discard {c}" for c in HALF_CHIEN.split()], "pass")
    play_tricks(state, HALF)
    result = state.result()
    facts = result.facts
    assert facts["trick_winners"] == [1] + [0] * 19 + [1] * 4
    assert card_points(result) == [Fraction(97, 2), Fraction(79, 2), 0]
    assert facts["bouts"] == 1 and facts["target"] == 51
    assert facts["taken"] == Fraction(103, 2) and facts["made"] is True
    assert facts["contract_gain"] == Fraction(51, 2)
    assert result.seat_scores == (51, Fraction(-51, 2), Fraction(-51, 2))


# --- five players -------------------------------------------------------------------------------

def test_five_players_deal_15_cards_each_and_3_to_the_chien():
    state = FIVE.new_deal(seed=5, dealer=0)
    assert [h.bit_count() for h in state.dealt] == [15] * 5
    assert len(state.piles[FIVE.pile_names.index("chien")]) == 3


def test_five_players_the_taker_calls_a_king_or_a_queen_only_holding_the_four_kings():
    kings = {"call KS", "call KH", "call KD", "call KC"}
    state = FIVE.new_deal(layout=layout({0: "KS 1H"}, game=FIVE), dealer=4)
    bid(state, 0, "garde")
    assert state.current_player == 0 and legal(state) == kings          # required: no pass
    assert_illegal(state, "call QS")
    state = FIVE.new_deal(layout=layout({0: "KS KH KD KC"}, game=FIVE), dealer=4)
    bid(state, 0, "garde")
    assert legal(state) == kings | {"call QS", "call QH", "call QD", "call QC"}


def test_five_players_the_called_kings_holder_is_the_partner_with_one_share_the_taker_two():
    # Dealer 4: seat 0 speaks and leads first. He holds 7T … 21T and leads them all; seat 3 holds 3T … 6T;
    # the chien (garde sans) holds the Petit, the 2 and the Excuse. Seat 2 holds the King of hearts.
    state = FIVE.new_deal(layout=layout({0: trumps(7, 21), 2: "KH", 3: trumps(3, 6)}, chien="1T 2T EX",
                                        avoid={1: "TX", 2: "TX", 3: "TX", 4: "TX"}, game=FIVE), dealer=4)
    assert not state.is_over
    bid(state, 0, "garde sans")
    run(state, "call KH", "pass")
    result = drive(state, {0: [f"{n}T" for n in range(21, 6, -1)]})
    facts = result.facts
    assert facts["called"] == "KH" and facts["partner"] == 2
    assert [s["team"] for s in result.breakdown["seats"]] == [ATTACK, DEFENCE, ATTACK, DEFENCE, DEFENCE]
    assert facts["tricks"] == [15, 0, 0, 0, 0] and facts["slam"] == ATTACK
    assert facts["taken"] == 91 and facts["bouts"] == 3
    assert facts["contract_gain"] == (25 + 55) * 4 and facts["chelem_gain"] == 200
    assert result.seat_scores == (1040, -520, 520, -520, -520)


def test_five_players_a_king_called_from_the_chien_leaves_the_taker_alone_with_four_shares():
    # As above, but the King of hearts lies in the chien (garde sans): nobody is the partner.
    state = FIVE.new_deal(layout=layout({0: trumps(7, 21), 3: trumps(3, 6) + " EX"}, chien="1T 2T KH",
                                        avoid={1: "TX", 2: "TX", 3: "T", 4: "TX"}, game=FIVE), dealer=4)
    bid(state, 0, "garde sans")
    run(state, "call KH", "pass")
    result = drive(state, {0: [f"{n}T" for n in range(21, 6, -1)]})
    facts = result.facts
    assert facts["called"] == "KH" and facts["partner"] is None
    assert [s["team"] for s in result.breakdown["seats"]] == [ATTACK] + [DEFENCE] * 4
    assert facts["slam"] == ATTACK and facts["taken"] == 91
    assert result.seat_scores == (4 * 520, -520, -520, -520, -520)


@pytest.mark.parametrize("count,offered", [(9, ["single poignée"]), (10, ["single poignée", "double poignée"])])
def test_five_player_tarot_poignees_are_8_10_and_13_trumps(count, offered):
    state = FIVE.new_deal(layout=layout({0: trumps(2, 1 + count)}, chien="KS KH KD", avoid={0: "TX"}, game=FIVE),
                          dealer=4)
    bid(state, 0, "garde sans")
    state.apply("call KC")
    state.apply("pass")                                     # no chelem
    assert state.current_player == 0
    assert [t for t in texts(state) if "poignée" in t] == offered
    size = 10 if count == 10 else 8
    state.apply(offered[-1])
    for card in trumps(2, 1 + size).split():
        assert state.current_player == 0 and f"show {card}" in texts(state)
        state.apply(f"show {card}")
    assert all(a.kind == "play" for a in state.legal_actions())      # shown: play begins
    assert state.shown[0] == (30 if size == 10 else 20)
