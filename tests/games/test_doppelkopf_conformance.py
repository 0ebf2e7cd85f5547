"""Doppelkopf (games/doppelkopf.yaml) in lockstep with the independent referee.

tests/games/doppelkopf_referee.py was written from the DDV's Turnierspielregeln by someone who
had not read the interpreter. Each deal gives both the same twelve cards a seat (a stacked
layout: the referee's hands, each code once per copy) and the same dealer; at every decision
both name the same seat and the same legal actions (the reservation round, the reserved
seats' declarations, the announcements before a card and the cards), and at the end every
seat's score is the same. The actions come from a mix of styles, drawn per deal, so that
reservations, every solo, marriages (clarified in each of the first three tricks, or turned
into a solo, or outbid by a later solo), Re and Kontra in time and as replies, every Absage,
the deal nobody wins and every special point occur; the test counts them.

Then a few deals built trick by trick (the referee's own test scripts, tests/games/
test_doppelkopf_referee.py) check decisive rules by value: 121 against 120, Fuchs gefangen,
Karlchen, the silent solo, a solo trebled, the marriage's partner and its card counts.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import interpreter

from doppelkopf_referee import ABSAGEN, DECK, Referee
from test_doppelkopf_referee import DEAL_A, DEAL_A121, DEAL_B, DEAL_J, DEAL_M, DEAL_W, hands_of

DEALS = 3000
REFERENCE_DEALS = 500          # also on the reference engine (the generic State alone)


@pytest.fixture(scope="module")
def game() -> interpreter.Game:
    return interpreter.load("doppelkopf")


# --- the lockstep --------------------------------------------------------------------------

def _style(rng: random.Random) -> dict[str, float]:
    """How one deal is played: how readily a seat reserves, and announces when it may."""
    return {"reserve": rng.choice([0.0, 0.05, 0.15, 0.4]),
            "announce": rng.choice([0.0, 0.03, 0.1, 0.3, 0.8])}


def _choice(rng: random.Random, ref: Referee, legal: list[str], style: dict[str, float]) -> str:
    if ref.phase == "reservation":
        chance = style["reserve"]
        if ref.hands[ref.to_act()].count("QC") == 2:   # a marriage in hand: reserve more often
            chance = min(1.0, 4 * chance + 0.1)
        return "reservation" if rng.random() < chance else "healthy"
    if ref.phase == "declaration":
        if "marriage" in legal and rng.random() < 0.75:
            return "marriage"
        return rng.choice([t for t in legal if t != "marriage"])
    announcements = [t for t in legal if not t.startswith("play ")]
    if announcements and rng.random() < style["announce"]:
        return rng.choice(announcements)
    return rng.choice([t for t in legal if t.startswith("play ")])


def _count(ref: Referee, stats: Counter) -> None:
    stats[ref.game_type] += 1
    stats["reservations"] += bool(ref.declarations)
    stats["marriage outbid by a solo"] += [t for _, t in ref.declarations][:1] == ["marriage"] \
        and ref.game_type != "marriage"
    if ref.game_type == "marriage":
        stats[f"partner found in trick {ref.clarification_trick + 1}"] += 1
        stats["announced in a marriage"] += bool(ref.announcements)
    for seat, text, held in ref.announcements:
        level = 0 if text in ("re", "kontra") else ABSAGEN.index(text) + 1
        stats[text if level else "re or kontra"] += 1
        stats["reply"] += level == 0 and held < 11 - ref.shift
    reasons = {name.split(" (")[0] for name, _ in ref.reasons}
    for name in ("black", "doppelkopf", "fox caught", "karlchen", "against the queens of clubs",
                 "120 against no 90", "90 against no 60", "60 against no 30", "30 against black"):
        stats["scored: " + name] += name in reasons
    stats["nobody won"] += ref.winner is None


def play_one(game: interpreter.Game, rng: random.Random, stats: Counter) -> None:
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[12 * p:12 * p + 12] for p in range(4)]
    dealer = rng.randrange(4)
    style = _style(rng)
    ref = Referee(hands, dealer)
    ours = game.new_deal(layout={"hands": hands}, dealer=dealer)
    while not ref.is_over:
        assert ours.current_player == ref.to_act(), ref.history
        legal = ref.legal()
        assert sorted(a.text for a in ours.legal_actions()) == legal, ref.history
        text = _choice(rng, ref, legal, style)
        ref.apply(text)
        ours.apply(text)
    assert ours.is_over, ref.history
    result = ours.result()
    assert list(result.seat_scores) == ref.scores(), (ref.history, ref.reasons, result.reasons)
    _count(ref, stats)


def test_lockstep_with_the_referee(game):
    rng = random.Random(20261202)
    stats: Counter = Counter()
    for _ in range(DEALS):
        play_one(game, rng, stats)
    solos = ("solo queens", "solo jacks", "solo clubs", "solo spades", "solo hearts", "solo diamonds",
             "solo fleshless")
    assert stats["normal"] > DEALS // 3 and stats["silent solo"] > DEALS // 20, stats
    assert min(stats[kind] for kind in solos) > DEALS // 50, stats
    assert stats["marriage"] > DEALS // 50 and stats["marriage solo"] > 0, stats
    assert stats["marriage outbid by a solo"] > 0 and stats["announced in a marriage"] > 0, stats
    assert min(stats[f"partner found in trick {n}"] for n in (1, 2, 3)) > 0, stats
    assert stats["re or kontra"] > DEALS // 2 and stats["reply"] > DEALS // 100, stats
    assert min(stats[text] for text in ABSAGEN) > DEALS // 100, stats
    assert stats["nobody won"] > DEALS // 100, stats
    assert min(stats["scored: " + name] for name in (
        "black", "doppelkopf", "fox caught", "karlchen", "against the queens of clubs", "120 against no 90",
        "90 against no 60", "60 against no 30", "30 against black")) > DEALS // 200, stats


def test_lockstep_on_the_reference_engine(game):
    rng = random.Random(20261203)
    stats: Counter = Counter()
    reference = game.reference()
    for _ in range(REFERENCE_DEALS):
        play_one(reference, rng, stats)
    assert stats["normal"] > 0 and stats["marriage"] > 0


# --- the file, and decisive rules by value -------------------------------------------------

def test_rule_file_validates():
    problems, compiled = interpreter.problems_in(interpreter.resolve("doppelkopf"))
    assert [p.format() for p in problems] == [] and compiled is not None
    assert compiled.deck.size == 48 and compiled.deck.copies == 2
    assert sum(compiled.points) == 240


def test_both_copies_of_each_trump_rank_alike(game):
    """The trump order names single cards (the Dulle, the Queens, the Jacks): each code
    stands for both of its copies."""
    rule, deck = game.trick_rule, game.deck
    for code in ("10H", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD"):
        first, second = deck.copies_of(deck.index[code])
        assert rule.trump_strength[first] == rule.trump_strength[second], code


def scripted(game, script, declarations=None, announce=None, dealer=3) -> interpreter.State:
    """Play a deal written as its tricks (leader, "cards in playing order", winner), as the
    referee's tests write them: the seats in ``declarations`` reserve and declare, the others
    are healthy; ``announce`` maps (trick number from 1, seat) to what he says before his card."""
    declarations, announce = declarations or {}, announce or {}
    state = game.new_deal(layout={"hands": hands_of(script)}, dealer=dealer)
    for _ in range(4):
        state.apply("reservation" if state.current_player in declarations else "healthy")
    while not any(a.kind == "play" for a in state.legal_actions()):
        state.apply(declarations[state.current_player])
    for number, (leader, cards, winner) in enumerate(script, 1):
        for k, card in enumerate(cards.split()):
            seat = (leader + k) % 4
            assert state.current_player == seat, (number, seat)
            for text in announce.get((number, seat), ()):
                state.apply(text)
            state.apply("play " + card)
        assert state.winners[-1] == winner, number
    assert state.is_over
    return state


def awards(state: interpreter.State, rule: str) -> list:
    return [seat["awards"].get(rule, 0) for seat in state.result().breakdown["seats"]]


def scores(state: interpreter.State) -> list:
    return list(state.result().seat_scores)


def test_re_wins_with_121_and_catches_the_fox(game):
    state = scripted(game, DEAL_A121)         # Re (seats 0, 2) 121; seat 1's diamond Ace to Re
    assert state.result().facts["re_points"] == 121
    assert awards(state, "won") == [1, -1, 1, -1]
    assert awards(state, "Fuchs gefangen") == [1, -1, 1, -1]
    assert scores(state) == [2, -2, 2, -2]


def test_kontra_wins_with_120_against_the_queens_of_clubs(game):
    state = scripted(game, DEAL_A)
    assert awards(state, "against the Queens of clubs") == [-1, 1, -1, 1]
    assert scores(state) == [-1, 1, -1, 1]    # won 1, against the Queens 1, less Re's fox


def test_kontra_announced_alone_needs_121(game):
    assert scores(scripted(game, DEAL_A, announce={(1, 1): ["kontra"]})) == [4, -4, 4, -4]


def test_black_with_two_foxes_and_karlchen(game):
    state = scripted(game, DEAL_B)
    assert awards(state, "Karlchen") == [1, -1, 1, -1]
    assert awards(state, "Fuchs gefangen") == [2, -2, 2, -2]
    assert scores(state) == [8, -8, 8, -8]    # won, under 90, 60, 30, black, 2 foxes, Karlchen


def test_no_karlchen_when_the_jack_of_clubs_does_not_win_the_last_trick(game):
    script = list(DEAL_B)
    script[10] = (0, "QD 10D JC AD", 0)
    script[11] = (0, "JC KD QD 10D", 2)      # seat 2's Queen of diamonds beats the Jack of clubs
    state = scripted(game, script)
    assert awards(state, "Karlchen") == [0, 0, 0, 0]
    assert scores(state) == [7, -7, 7, -7]


def test_nobody_wins_when_both_parties_miss_their_no_90(game):
    state = scripted(game, DEAL_A, announce={(1, 0): ["re"], (1, 1): ["kontra"],
                                             (3, 0): ["no 90"], (3, 1): ["no 90"]})
    assert state.result().facts["won_sign"] == 0
    assert scores(state) == [1, -1, 1, -1]    # 120 against no 90 each way, and Re's fox


def test_silent_solo_is_scored_as_a_solo(game):
    state = scripted(game, DEAL_M)            # seat 0 holds both Queens of clubs and says healthy
    facts = state.result().facts
    assert facts["game"] == 1 and facts["solo"] and facts["re_points"] == 74
    assert awards(state, "Fuchs gefangen") == [0, 0, 0, 0]      # no special points in a solo
    assert scores(state) == [-6, 2, 2, 2]     # (won, under 90) for Kontra, three times the soloist's


def test_jacks_solo_trebled_with_re(game):
    assert scores(scripted(game, DEAL_J, {0: "solo jacks"})) == [6, -2, -2, -2]
    assert scores(scripted(game, DEAL_J, {0: "solo jacks"}, {(1, 0): ["re"]})) == [12, -4, -4, -4]


def test_a_later_solo_beats_a_marriage(game):
    state = game.new_deal(layout={"hands": hands_of(DEAL_W)}, dealer=3)   # seat 1: both Queens of clubs
    for text in ("healthy", "reservation", "healthy", "reservation"):
        state.apply(text)
    assert state.current_player == 1 and "marriage" in {a.text for a in state.legal_actions()}
    state.apply("marriage")
    assert state.current_player == 3 and "marriage" not in {a.text for a in state.legal_actions()}
    state.apply("solo hearts")
    assert state.current_player == 0 and state.taker == 3
    assert state.trump == game.deck.suit_codes.index("H")


def test_marriage_partner_is_the_first_other_winner_and_announcements_wait(game):
    state = game.new_deal(layout={"hands": hands_of(DEAL_W)}, dealer=3)
    for text in ("healthy", "reservation", "healthy", "healthy", "marriage"):
        state.apply(text)
    assert "re" not in {a.text for a in state.legal_actions()}           # before the clarification trick
    for card in DEAL_W[0][1].split():
        state.apply("play " + card)
    assert "re" in {a.text for a in state.legal_actions()}               # seat 0 won trick 1: partner
    state = scripted(game, DEAL_W, {1: "marriage"})
    assert state.result().facts["partner"] == 0
    assert scores(state) == [-1, -1, 1, 1]    # Re 143 wins 1, but both Re foxes fall to Kontra


def test_marriage_without_a_partner_is_a_solo_with_card_counts_two_lower(game):
    state = scripted(game, DEAL_M, {0: "marriage"}, {(4, 0): ["re"], (4, 1): ["kontra"]})
    assert state.result().facts["shift"] == 2    # re with 9 cards: trick 3 clarified it
    assert scores(state) == [-18, 6, 6, 6]    # (won, under 90, re 2, kontra 2) x 3 against the soloist
