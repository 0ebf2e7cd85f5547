"""Skat ('openspiel' variant of games/skat.yaml) in lockstep with OpenSpiel's ``skat``.

Each deal is dealt to both engines from the same cards. OpenSpiel's 32 chance moves deal the
k-th card of its history as Skat is dealt (``ApplyDealAction``): moves 0-2 to player 0, 3-5 to
player 1, 6-8 to player 2, 9-10 to the skat, 11-14 to 0, 15-18 to 1, 19-22 to 2, 23-25 to 0,
26-28 to 1, 29-31 to 2; the test feeds it the three hands and the skat in that order, and
atout gets the same hands and skat as a stacked layout. Card codes map through OpenSpiel's
``action_to_string`` (suit then rank: ``DJ`` is atout's ``JD``, ``CT`` is ``10C``); its card
ids are suit * 8 + rank, suits D H S C and ranks 7 8 9 Q K T A J. Seats map one to one:
OpenSpiel's player p is atout's seat p. OpenSpiel has no dealer (player 0 bids first and
leads the first trick), and neither has the variant (``first: seat(0)``, ``lead: seat(0)``)
whatever atout's dealer is: the test draws the atout dealer at random and checks that the
same player is to act at every step.

Actions: bidding action 32 + t (t = 0 'unknown/pass', 1 diamonds, 2 hearts, 3 spades,
4 clubs, 5 grand, 6 null) is atout's call of that name (``pass``, ``diamonds`` ...). Each
player in turn passes or names a game; the first to name one is the solo player (atout's
taker) and the game; when all three pass the deal is over and everyone scores 0 (atout:
``annulled``). The solo player takes up the skat (atout: ``then deal: skat to taker``) and
discards two cards, one action each (OpenSpiel's card action in its discard phase is atout's
``discard <code>``); then player 0 leads (card action ``play <code>``). At every decision the
test compares the two legal sets: the seven calls, the solo player's twelve and then eleven
cards, and the cards he may play (suit games and Grand: Jacks are trumps, a Jack led calls
for trumps; Null: no trumps, the natural order, the Jack in its suit).

Returns, compared exactly: OpenSpiel's floats are read back as fractions and must equal
atout's ``seat_scores``, which must also be one of the exact values the rules give: in a
suit game or Grand, the solo player (p - 60) / 120 for his p card points, the skat included
(0 <= p <= 120), each defender (60 - p) / 240 (OpenSpiel's ``(points_team - 60) / 240``, the
team holding the other 120 - p); in Null, the solo player +1/4 if he took no trick and each
defender -1/8, else -1/4 and +1/8. A Null deal ends as soon as the solo player takes a trick
(in both: OpenSpiel's ``phase_ = kGameOver`` in ``ApplyPlayAction``, atout's ``ends when``), so
both must end at the same step.

Coverage: the calls come from a mix of policies: a pass probability drawn for each deal
(each seat passes with it, else names one of the six games at random), a rough hand count
(grand with three Jacks, null with a hand of low cards, a suit with five trumps), and a
player who holds the lowest cards naming Null on a stacked deal; the discards and the cards
are played uniformly at random from the sorted legal set, with a seeded ``random.Random``.
The test counts and asserts that each of the six games was played at least 1,000 times, Null
games both made and lost early, solo players winning, losing and splitting 60-60, and
pass-outs.

The test plays 10,000 deals (about 15 s). Counts for its seed: diamonds 1,371, hearts 1,370,
spades 1,314, clubs 1,283, grand 1,249, null 2,017 (made 710, lost 1,307 of which 1,273 ended
before the tenth trick), passed out 1,396; in the suit games and Grand the solo player won
2,049, lost 4,449 and split 60-60 89 times.

No difference remains: atout and OpenSpiel agree on every player to act, every legal set and
every return (open-spiel 2.0.2; open_spiel/games/skat is unchanged since). OpenSpiel's "skat"
is itself a simplified Skat, as its header says: no bidding by values, no hand, ouvert,
schneider or schwarz games, and returns made of card points (Null's made up: 90 or 30 points);
the variant copies that on purpose, and the base game plays Pagat's rules.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
import random

import pytest

import interpreter

pyspiel = pytest.importorskip("pyspiel")

DEALS = 10_000
GAME = interpreter.load("skat", variant="openspiel")
OS_GAME = pyspiel.load_game("skat")
BID_BASE = 32                       # OpenSpiel's kBiddingActionBase: 32 + game type
GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
# OpenSpiel's deal: who gets the k-th chance move (0, 1, 2 the players, 3 the skat)
DEAL_ORDER = [0] * 3 + [1] * 3 + [2] * 3 + [3] * 2 + [0] * 4 + [1] * 4 + [2] * 4 + [0] * 3 + [1] * 3 + [2] * 3


def _maps() -> tuple[dict[int, str], dict[str, int], dict[int, str]]:
    state = OS_GAME.new_initial_state()
    to_atout = {}
    for action in range(BID_BASE):
        text = state.action_to_string(0, action)            # suit then rank: 'DJ', 'CT'
        suit, rank = text[0], text[1:]
        to_atout[action] = ("10" if rank == "T" else rank) + suit
    assert sorted(to_atout.values()) == sorted(GAME.deck.codes)
    calls = {}
    for t in range(7):
        text = state.action_to_string(0, BID_BASE + t)
        calls[BID_BASE + t] = "pass" if text == "unknown/pass" else text
    assert list(calls.values()) == ["pass", *GAMES]
    return to_atout, {code: action for action, code in to_atout.items()}, calls


OS_TO_CODE, CODE_TO_OS, OS_CALL = _maps()
CALL_TO_OS = {text: action for action, text in OS_CALL.items()}
LOW_CARDS = [r + s for r in ("7", "8", "9") for s in "CSHD"]      # the twelve lowest in Null


def _os_state(hands: list[list[str]], skat: list[str]):
    """OpenSpiel's state after its deal: the hands and the skat in its dealing order."""
    state = OS_GAME.new_initial_state()
    piles = [list(hands[0]), list(hands[1]), list(hands[2]), list(skat)]
    for k, to in enumerate(DEAL_ORDER):
        assert state.is_chance_node()
        state.apply_action(CODE_TO_OS[piles[to].pop(0)])
    assert not state.is_chance_node() and state.current_player() == 0
    return state


def _os_hand(state, player: int) -> set[str]:
    """The cards OpenSpiel's observation tensor says ``player`` holds (after position and phase)."""
    tensor = state.observation_tensor(player)
    return {OS_TO_CODE[c] for c in range(32) if tensor[6 + c]}


def _deal(rng: random.Random) -> tuple[list[list[str]], list[str], int | None]:
    """Three hands and a skat; a tenth of the deals give a random seat ten of the lowest cards
    (that seat is returned: it will name Null)."""
    cards = list(GAME.deck.codes)
    if rng.random() < 0.1:
        low = rng.sample(LOW_CARDS, 10)
        rest = [c for c in cards if c not in low]
        rng.shuffle(rest)
        seat = rng.randrange(3)
        hands = [rest[:10], rest[10:20]]
        hands.insert(seat, low)
        rng.shuffle(low)
        return hands, rest[20:], seat
    rng.shuffle(cards)
    return [cards[0:10], cards[10:20], cards[20:30]], cards[30:], None


def _by_hand(hand: list[str]) -> str:
    """A rough count: grand with three Jacks, null with a hand of low cards, a suit with five
    trumps (its cards and the Jacks), else pass."""
    jacks = sum(c[0] == "J" for c in hand)
    if jacks >= 3:
        return "grand"
    if sum(c[0] in "789" for c in hand) >= 7:
        return "null"
    length = {s: sum(c[-1] == s and c[0] != "J" for c in hand) + jacks for s in "DHSC"}
    suit = max("DHSC", key=lambda s: length[s])
    return GAMES["DHSC".index(suit)] if length[suit] >= 5 else "pass"


def _policy(rng: random.Random, null_seat: int | None):
    """How the three players call in this deal: a function of (seat, hand)."""
    if null_seat is not None:
        return lambda seat, hand: "null" if seat == null_seat else "pass"
    if rng.random() < 0.25:
        return lambda seat, hand: _by_hand(hand)
    p = rng.choice((0.2, 0.4, 0.6, 0.8))
    return lambda seat, hand: "pass" if rng.random() < p else rng.choice(GAMES)


def _exact_scores(game: str, solo: int) -> set[tuple[Fraction, ...]]:
    """The seat scores the rules allow for this game and solo player (all of them)."""
    if game == "null":
        shares = [(Fraction(1, 4), Fraction(-1, 8)), (Fraction(-1, 4), Fraction(1, 8))]
    else:
        shares = [(Fraction(p - 60, 120), Fraction(60 - p, 240)) for p in range(121)]
    return {tuple(s if seat == solo else d for seat in range(3)) for s, d in shares}


def play_one(rng: random.Random, deal: int, seen: Counter) -> None:
    hands, skat, null_seat = _deal(rng)
    policy = _policy(rng, null_seat)
    ours = GAME.new_deal(layout={"hands": hands, "skat": skat}, dealer=rng.randrange(3))
    theirs = _os_state(hands, skat)
    for player in range(3):
        assert _os_hand(theirs, player) == set(ours.observation(player)["hand"]) == set(hands[player]), \
            f"deal {deal}: the hands differ for player {player}"
    solo = game = None
    discarded = plays = step = 0
    while not theirs.is_terminal():
        step += 1
        at = f"deal {deal}, step {step}"
        assert not ours.is_over, f"{at}: atout's deal is over, OpenSpiel's is not"
        player = theirs.current_player()
        assert ours.current_player == player, f"{at}: atout's seat {ours.current_player} acts, OpenSpiel's {player}"
        legal_ours = {a.text for a in ours.legal_actions()}
        if solo is None:
            kind = "bid"
            legal_theirs = {OS_CALL[a] for a in theirs.legal_actions()}
            assert legal_theirs == {"pass", *GAMES}, f"{at}: OpenSpiel's calls {legal_theirs}"
        else:
            kind = "discard" if discarded < 2 else "play"
            legal_theirs = {f"{kind} {OS_TO_CODE[a]}" for a in theirs.legal_actions()}
        assert legal_ours == legal_theirs, \
            f"{at} ({kind}, seat {player}): atout {sorted(legal_ours)}, OpenSpiel {sorted(legal_theirs)}"
        if kind == "bid":
            text = policy(player, hands[player])
            if text != "pass":
                solo, game = player, text
            action = CALL_TO_OS[text]
        else:
            text = rng.choice(sorted(legal_theirs))
            action = CODE_TO_OS[text.split(" ")[1]]
            discarded += kind == "discard"
            plays += kind == "play"
        theirs.apply_action(action)
        ours.apply(text)
    assert ours.is_over, f"deal {deal}: OpenSpiel's deal is over after step {step}, atout's is not"
    returns = theirs.returns()
    scores = ours.result().seat_scores
    where = f"deal {deal} ({game or 'passed out'}, solo {solo})"
    for x, y in zip(returns, scores):
        assert abs(x - float(y)) < 1e-12 and Fraction(x).limit_denominator(10_000) == y, \
            f"{where}: returns differ: atout {scores}, OpenSpiel {returns}"
    if solo is None:
        assert ours.annulled and tuple(scores) == (0, 0, 0) and returns == [0, 0, 0], where
        seen["passed out"] += 1
        return
    assert not ours.annulled
    assert tuple(scores) in _exact_scores(game, solo), f"{where}: not an exact score: {scores}"
    seen[game] += 1
    if game == "null":
        took = ours.tricks[solo] > 0
        assert (scores[solo] < 0) == took, f"{where}: {scores}, the solo player took {ours.tricks[solo]} trick(s)"
        seen["null lost" if took else "null made"] += 1
        seen["null ended early"] += plays < 30
        assert plays == 30 or took, f"{where}: a Null game ended after {plays} cards"
    else:
        assert plays == 30, f"{where}: {plays} cards played"
        seen["solo won" if scores[solo] > 0 else "solo lost" if scores[solo] < 0 else "60-60"] += 1


def test_lockstep_with_openspiel():
    rng = random.Random("skat conformance")
    seen: Counter = Counter()
    for deal in range(DEALS):
        play_one(rng, deal, seen)
    for game in GAMES:
        assert seen[game] >= 1000, (game, seen)
    assert seen["passed out"] >= 1000, seen
    assert seen["null made"] >= 500 and seen["null ended early"] >= 1000, seen
    assert seen["solo won"] >= 1000 and seen["solo lost"] >= 1000 and seen["60-60"] >= 50, seen


def test_openspiel_game_and_mappings():
    assert OS_GAME.get_parameters() == {}
    assert OS_GAME.num_distinct_actions() == 39 and OS_GAME.max_game_length() == 35
    assert OS_GAME.num_players() == GAME.players == 3
    assert GAME.match.deals == 1
    assert [OS_TO_CODE[a] for a in (0, 5, 7, 15, 23, 31)] == ["7D", "10D", "JD", "JH", "JS", "JC"]
