"""games/euchre.yaml against OpenSpiel's ``euchre`` (the ``open-spiel`` package, 2.0, default
parameters ``allow_lone_defender=False``, ``stick_the_dealer=True``), in lockstep on the same cards.

Each atout deal is also dealt to a fresh OpenSpiel game, and both are driven with the same
calls, decisions, discards and plays, chosen at random (passing three times in four in the
auction, so that the second round and "stick the dealer" come up often). At every decision
the test compares who is to act and the exact set of legal actions; at the end of the deal,
each side's points.

How the two are lined up:

- Seats: OpenSpiel's players North, East, South, West (0-3) play in that order, as atout's
  seats 0-3 (``next`` is +1); partners are 0/2 and 1/3 in both. OpenSpiel draws its dealer by
  chance (its first chance outcome): the test gives it atout's dealer.
- Cards: OpenSpiel's ids are read from ``action_to_string`` ("HT" is atout's "10H"). It deals
  its k-th chance card to player (dealer + k) % 4 and then the turn-up; the test feeds it the
  hands atout dealt and atout's turn-up. The kitty is never dealt in OpenSpiel.
- Calls: OpenSpiel's first-round "order up" is the action naming the turn-up's suit
  ("Hearts"), a second-round call names its suit; atout's ``order up`` and ``name H``.
- Going alone: OpenSpiel's "Alone" / "Partner" are the variant's ``go alone`` / ``with partner``
  (the standard game's ``go alone`` / ``pass``).
- The order of decisions: OpenSpiel asks the dealer's discard (after a first-round call) before
  the maker's Alone/Partner; atout asks the maker first, at the end of the auction (see the rule
  file: the turn-up must be remembered before it is taken). The test compares and applies the
  maker's decision when OpenSpiel asks it, right after the discard. The discard is hidden from
  the maker (unless he is the dealer, who knows it either way), so no player decides with
  different knowledge.
- Points: OpenSpiel's ``returns()`` give each maker the makers' score (1 for 3-4 tricks, 2 for
  all 5, 4 for all 5 alone, -2 when euchred) and each defender its negative. The variant
  ``openspiel`` scores exactly that (seat scores = returns). The standard game scores as Pagat:
  the makers' positive score to the makers, or 2 to the defenders when euchred, 0 to the other
  side; the test checks ``makers - defenders = returns()[maker]``.

The variant ``openspiel`` is played for 3,000 single deals, each from a random dealer (about
5 s): no difference in legal actions, players to act or points. The rare cases come up often
at random (counts for the test's seed): stick the dealer 998 deals, a lone maker whose partner
is the dealer's left (so the dealer's partner leads, in both) 249, a lone march 26, a plain
march 76, euchred makers 1,903; the left bower led 677 times, following a trump lead 913
times, and held when its printed suit was led (where it must not follow it) 941 times.

The standard game (whole matches to 10: 1,005 deals in 107 matches, about 2 s) is compared
with one rule difference, asserted wherever it arises (405 discards): after picking up, atout's
dealer may discard the turn-up itself (Pagat: he "discards one card"; the page forbids nothing),
OpenSpiel's may not (``DiscardLegalActions`` leaves out the upcard; a common house rule).
Both are defensible readings; the variant follows OpenSpiel. In the lockstep the discard is
drawn from OpenSpiel's set. Its points differ only in form: the standard game gives a euchre's
2 to the defenders and nothing to the makers (Pagat), OpenSpiel -2 to the makers and +2 to the
defenders; the difference of the two sides' points is the same.

Result: no unexplained difference.
"""
from __future__ import annotations

from collections import Counter
import random

import pytest

import interpreter
from interpreter.engine.state import DECIDE, PLAY

pyspiel = pytest.importorskip("pyspiel")

GAME = interpreter.load("euchre")
VARIANT = interpreter.load("euchre", "openspiel")
OS_GAME = pyspiel.load_game("euchre")
VARIANT_DEALS = 3000
MATCH_DEALS = 1000
SUIT_NAME = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def _card_ids() -> dict[int, str]:
    state = OS_GAME.new_initial_state()
    state.apply_action(0)
    codes = {}
    for action, _ in state.chance_outcomes():
        text = state.action_to_string(action)            # suit then rank: "HT"
        codes[action] = ("10" if text[1] == "T" else text[1]) + text[0]
    return codes


CODE = _card_ids()
ACTION = {code: action for action, code in CODE.items()}


def test_mappings_and_parameters():
    assert set(ACTION) == set(GAME.deck.codes)
    assert OS_GAME.get_parameters() == {"allow_lone_defender": False, "stick_the_dealer": True}
    state = OS_GAME.new_initial_state()
    state.apply_action(0)
    assert [state.action_to_string(a) for a in range(24, 31)] == [
        "Pass", "Clubs", "Diamonds", "Hearts", "Spades", "Alone", "Partner"]


def os_text(twin, action: int, turnup: str) -> str:
    """OpenSpiel's action in atout's words (the variant's)."""
    text = twin.action_to_string(action)
    if action < 24:
        return CODE[action]
    if text == "Pass":
        return "pass"
    if text == "Alone":
        return "go alone"
    if text == "Partner":
        return "with partner"
    suit = next(s for s, name in SUIT_NAME.items() if name == text)
    return "order up" if twin.current_player() >= 0 and suit == turnup[-1] and _round(twin) == 1 else f"name {suit}"


def _round(twin) -> int:
    """1 or 2: the auction round OpenSpiel is in (from its passes)."""
    passes = sum(1 for item in twin.history()[22:] if item == 24)
    return 1 if passes < 4 else 2


def atout_text(state: interpreter.State, action, standard: bool) -> str:
    text = action.text
    if text.startswith(("play ", "discard ")):
        return text.split(" ")[1]
    if standard and text == "pass" and state.phase == DECIDE:
        return "with partner"                     # the standard game: not going alone is 'pass'
    return text


def lockstep(state: interpreter.State, rng: random.Random, seen: Counter, standard: bool, where: str) -> None:
    dealer = state.dealer
    turnup = state.observation(0)["piles"]["turnup"][0]
    twin = OS_GAME.new_initial_state()
    twin.apply_action(dealer)
    hands = [state.observation(p)["hand"] for p in range(4)]
    for k in range(20):
        player = (dealer + k) % 4
        twin.apply_action(ACTION[hands[player][k // 4]])
    twin.apply_action(ACTION[turnup])
    assert not twin.is_chance_node()
    held: tuple[int, set[str], str] | None = None   # the maker's decision, asked by atout first
    step = 0
    while not state.is_over:
        step += 1
        at = f"{where}, step {step}"
        assert not twin.is_terminal(), f"{at}: OpenSpiel's deal is over, atout's is not"
        ours = {atout_text(state, a, standard): a for a in state.legal_actions()}
        if "go alone" in ours:                      # atout's maker decides before the discard
            assert held is None
            choice = rng.choice(sorted(ours))
            held = (state.current_player, set(ours), choice)
            state.apply(ours[choice])
            seen["alone" if choice == "go alone" else "with partner"] += 1
            continue
        player = twin.current_player()
        theirs = {os_text(twin, a, turnup): a for a in twin.legal_actions()}
        if "Alone" in {twin.action_to_string(a) for a in twin.legal_actions()}:
            assert held is not None, f"{at}: OpenSpiel asks Alone/Partner, atout did not"
            seat, options, choice = held
            assert seat == player and options == set(theirs), f"{at}: alone: atout {options} {seat}, OpenSpiel {set(theirs)} {player}"
            twin.apply_action(theirs[choice])
            held = None
            continue
        assert state.current_player == player, f"{at}: atout's seat {state.current_player} acts, OpenSpiel's {player}"
        pool = sorted(theirs)
        if standard and set(ours) != set(theirs):
            # the one rule difference: atout's dealer may also discard the turn-up
            assert state.observation(player)["to_choose"] == 1 and set(ours) == set(theirs) | {turnup}, \
                f"{at}: atout {sorted(ours)}, OpenSpiel {sorted(theirs)}"
            seen["discard: the turn-up offered by atout only"] += 1
        else:
            assert set(ours) == set(theirs), f"{at}, seat {player}: atout {sorted(ours)}, OpenSpiel {sorted(theirs)}"
        if "pass" in theirs and rng.random() < 0.75:
            choice = "pass"
        else:
            choice = rng.choice(pool)
        if "name" in " ".join(pool) and "pass" not in pool:
            seen["stick the dealer"] += 1
        _note(state, choice, seen)
        state.apply(ours[choice])
        twin.apply_action(theirs[choice])
    assert held is None
    assert twin.is_terminal(), f"{where}: atout's deal is over, OpenSpiel's is not"
    returns = twin.returns()
    result = state.result()
    maker = state.taker
    if standard:
        makers = result.team_scores[state.team_of[maker]]
        defenders = result.team_scores[1 - state.team_of[maker]]
        assert makers - defenders == returns[maker], f"{where}: points differ: atout {result.team_scores}, OpenSpiel {returns}"
    else:
        assert list(result.seat_scores) == returns, f"{where}: points differ: atout {result.seat_scores}, OpenSpiel {returns}"
    seen[f"makers {returns[maker]:+g}" + (" alone" if result.facts["alone"] else "")] += 1
    if state.out is not None and state.out == (dealer + 1) % 4:
        seen["the dealer's left sits out"] += 1


def _note(state: interpreter.State, choice: str, seen: Counter) -> None:
    """Count the bower cases met in play."""
    if state.phase != PLAY or len(choice) > 3:
        return
    trump = state.observation(0)["trump"]
    left = "J" + {"H": "D", "D": "H", "S": "C", "C": "S"}[trump]
    if not state.trick and choice == left:
        seen["the left bower led"] += 1
    if state.trick and choice == left and state.game.deck.codes[state.trick[0]][-1] == trump:
        seen["the left bower follows trumps"] += 1
    if state.trick and state.game.deck.codes[state.trick[0]][-1] == left[-1] and state.trick[0] != state.game.deck.codes.index(left):
        hand = state.observation(state.current_player)["hand"]
        if left in hand:
            seen["the left bower's own suit led, the left bower held"] += 1


def test_openspiel_variant_in_lockstep():
    rng = random.Random("euchre conformance")
    seen: Counter = Counter()
    for k in range(VARIANT_DEALS):
        state = VARIANT.new_deal(seed=f"variant:{k}", dealer=rng.randrange(4))
        lockstep(state, rng, seen, False, f"variant deal {k}")
    assert seen["stick the dealer"] >= 500
    assert seen["the dealer's left sits out"] >= 100
    assert seen["makers +4 alone"] >= 10 and seen["makers +2"] >= 30 and seen["makers +1 alone"] >= 100
    assert seen["makers -2"] + seen["makers -2 alone"] >= 1000
    assert seen["the left bower's own suit led, the left bower held"] >= 300
    assert seen["the left bower follows trumps"] >= 300
    assert seen["alone"] >= 1000 and seen["with partner"] >= 1000


def test_standard_matches_in_lockstep():
    rng = random.Random("euchre conformance, matches")
    seen: Counter = Counter()
    deals = matches = 0
    while deals < MATCH_DEALS:
        match = GAME.new_match(seed=f"conformance:{matches}")
        matches += 1
        while not match.is_over:
            state = match.next_deal()
            lockstep(state, rng, seen, True, f"match {matches - 1}, deal {match.deals_played + 1}")
            match.finish_deal(state)
            deals += 1
    assert seen["discard: the turn-up offered by atout only"] > 200
    assert seen["makers +4 alone"] > 0 and seen["stick the dealer"] > 100
