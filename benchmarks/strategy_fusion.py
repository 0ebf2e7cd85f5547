"""Strategy fusion, shown on one position: where PIMC and ISMCTS part, and which was right.

PIMC (``pimc``) deals the cards it cannot see as many ways as its beliefs allow, solves each
deal double dummy and plays the action with the best mean. In each deal the solver plays the
rest of the hand *knowing* that deal, so a line that needs a guess later is valued as if the
guess were always right ("strategy fusion", Frank & Basin 1998). This script finds a small
endgame where that misleads it, and proves it with an exact judge:

- the worlds: every deal of the hidden cards consistent with what the mover knows (the same
  set, with the same uniform weights, that ``beliefs`` samples PIMC's worlds from);
- PIMC's value of an action: the mean of its double-dummy values over those worlds;
- its true value (the "best defence" model of Frank & Basin): the best mean over the worlds
  the mover can guarantee with a pure strategy whose later choices depend only on what it has
  seen (its information sets), against a defender who sees every card and knows that
  strategy. Computed exactly by a vector minimax: each public history gets the Pareto frontier
  of the per-world outcome vectors the mover's strategies below it can reach.

A pure strategy's value in each world is at most that world's double-dummy value, so the true
value never exceeds PIMC's; where it is strictly lower, PIMC has fused strategies.

Positions: bridge endgames of four cards a hand, the declarer (North, who also plays the dummy)
to choose. A board is bid by North alone, at the level the declarer's side makes when greedy
players play it through at the one level (so that the contract is on edge), then played by
greedy players to the endgame. The defenders' 8 cards are hidden from North: 70 worlds or
fewer. A position is kept when the action with the single best PIMC mean is strictly worse
than another under the judge; the ``pimc`` player (200 worlds, seed 1) and ``ismcts:2000``
(seeds 0-9) then choose.

    .venv/bin/python benchmarks/strategy_fusion.py            # the position pinned (about 10 s)
    .venv/bin/python benchmarks/strategy_fusion.py --search   # look again (boards 1:0 to 1:289, a few minutes)

What it found. 66 after a close (two players; the stock stays hidden) was tried first (an
earlier version of this script): its margins (1 to 3 game points) tie PIMC's actions too
often, and no position where PIMC's choice is worse turned up in about 190 (3 and 4 cards a
hand). Bridge did: in boards '1:0' to '1:290', five positions (1:52, 1:237, 1:268, 1:287,
1:288); in four of them ISMCTS chose a truly best action with all ten seeds, in
1:268 it chose PIMC's action too. The clearest, pinned here and in
tests/players/test_strategy_fusion.py, is board '1:287':

    contract 4H by North (dummy South); tricks so far: North-South 8, East-West 1
      North (declarer) KC QC 10C 6S
      East  (hidden  ) AS QS JS 7S
      South (dummy   ) 7H KS 10S 2S
      West  (hidden  ) AC KD 10D 9S
      trick so far: -; South to play (North chooses)
      70 worlds fit what North knows
      action      PIMC mean  true value
      play 7H          52/7      -324/7
      play KS        -324/7      -324/7
      play 10S       -136/7      -136/7
      play 2S        -324/7      -324/7
      pimc:200 (seed 1) plays play 7H
      ismcts:2000 (seeds 0-9) plays play 10S x10

Values are North-South's margins: 4H made is +840 (420 to them, -420 to the defenders), one
down -100. Two of the last four tricks make it. Double dummy, the last trump (7H) makes in 8
worlds of 70, so PIMC plays it; but after it North still has choices to make (its discard on
the trump, then the cards of the last three tricks) whose right answer depends on the
defenders' cards, and no one way of making them on what North sees wins in more than 4 of
those 8 worlds: the 7H is worth 4 worlds made, -324/7. The 10S makes in 6 worlds with no
guess left (its true value is its PIMC mean, -136/7). ISMCTS, which searches over North's
information sets instead of over solved worlds, was right. (CPU: about 10 s for this script,
11 s for the test.)
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402
from interpreter.engine.cards import bits  # noqa: E402
from interpreter.engine.parts import Action  # noqa: E402
from interpreter.engine.state import State  # noqa: E402
from interpreter.players.beliefs import Belief, belief, world  # noqa: E402
from interpreter.players.outcome import exact_margins  # noqa: E402
from interpreter.players.registry import make_player  # noqa: E402
from interpreter.players.solver import Solver, _key_function  # noqa: E402

Vector = tuple  # one outcome per world of a history's world set, in the set's order


# --- the worlds -------------------------------------------------------------------------------

def worlds(state: State) -> list[State]:
    """Every deal of the cards the seat to move cannot see that fits what it knows, each once.

    The places (other hands, face-down piles) and what each may hold come from ``beliefs``,
    which PIMC samples uniformly among these very deals; a pile's order is left as sorted
    (nothing is drawn after 66 is closed, so it reads nothing of it)."""
    known = belief(state, state.current_player)
    free = list(bits(known.free))
    found = []
    for places in _fill(free, known.sizes, [known.free & a for a in known.allowed]):
        full = tuple(k | p for k, p in zip(known.known, places))
        fixed = dataclasses.replace(known, known=full, sizes=(0,) * len(full), free=0, groups=((), ()))
        found.append(_world(state, fixed))
    return found


def _fill(free: list[int], sizes: tuple[int, ...], allowed: list[int]):
    """Every way to share the free cards among the places: exactly ``sizes[i]`` to place i,
    each card only where allowed."""
    if not free:
        if not any(sizes):
            yield (0,) * len(sizes)
        return
    card, rest = free[0], free[1:]
    for i, size in enumerate(sizes):
        if size and allowed[i] >> card & 1:
            smaller = sizes[:i] + (size - 1,) + sizes[i + 1:]
            for places in _fill(rest, smaller, allowed):
                yield places[:i] + (places[i] | 1 << card,) + places[i + 1:]


def _world(state: State, fixed: Belief) -> State:
    """The state with the hidden cards dealt as ``fixed`` says (its every card known)."""
    made = world(state, fixed, random.Random(0))
    for p in fixed.piles:
        made.piles[p] = sorted(made.piles[p])
    return made


# --- PIMC's values and the judge's --------------------------------------------------------------

def pimc_means(solver: Solver, deals: list[State]) -> dict[Action, Fraction]:
    """Each legal action's mean double-dummy value over the worlds: what PIMC maximises when it
    samples every world once."""
    totals: dict[Action, Fraction] = {}
    for deal in deals:
        solution = solver.solve(deal)
        assert solution.exact
        for action, value in solution.values.items():
            totals[action] = totals.get(action, 0) + value
    return {action: Fraction(total, len(deals)) for action, total in totals.items()}


def best_defence(deals: list[State], seat: int | None = None) -> dict[Action, Fraction]:
    """Each legal action's true value for ``seat`` (the seat to move by default): the best mean
    over the worlds a strategy starting with it can guarantee, when the seat's later choices
    may depend only on what it has seen and the other side sees every card and the strategy.

    The deals must be one position in different worlds, alike in all the seat sees, and the
    seat must take every decision of its side (two players, or a declarer playing the dummy):
    the other side's choices are per world, the seat's per information set."""
    seat = deals[0].current_player if seat is None else seat
    search = _Frontiers(deals[0], seat)
    return {action: search.value(deals, action) for action in deals[0].legal_actions()}


class _Frontiers:
    """The vector minimax of best_defence, with its table of positions met before."""

    def __init__(self, sample: State, seat: int):
        self.seat, self.team = seat, sample.team_of[seat]
        self.key = _key_function(sample.game, sample)
        self.solver = Solver(sample.game)         # for its equivalent cards only
        self.table: dict[tuple, list[Vector]] = {}

    def value(self, deals: list[State], action: Action) -> Fraction:
        """The true value of ``action`` in the position ``deals`` holds in every world."""
        assert all(deal.current_player == self.seat for deal in deals)
        children = [_after(deal, action) for deal in deals]
        best = max(sum(vector) for vector in self.frontier(tuple(range(len(deals))), children))
        return Fraction(best, len(deals))

    def frontier(self, ids: tuple[int, ...], states: list[State]) -> list[Vector]:
        """The Pareto frontier of the outcome vectors (one value per world ``ids`` names, the
        worlds where this public history can happen, ``states`` being it in each) that the
        seat's pure strategies can reach from here, each world's outcome the worst the other
        side can make it there.

        Two histories that reach the same positions at the start of a trick in the same worlds
        have the same frontier (the seat's information sets below them are apart, so its
        choices there are too): such positions are looked up, by the solver's position key."""
        first = states[0]
        if first.is_over:
            return [tuple(exact_margins(s)[self.team] for s in states)]
        key = None
        if not first.trick:
            key = (ids, tuple(self.key(s) for s in states))
            if key in self.table:
                return self.table[key]
        if first.current_player == self.seat:
            found = self._mover(ids, states)
        else:
            assert first.team_of[first.current_player] != self.team, "a partner choosing is not modelled"
            found = self._defender(ids, states)
        if key is not None:
            self.table[key] = found
        return found

    def _mover(self, ids: tuple[int, ...], states: list[State]) -> list[Vector]:
        """The seat knows no more in one world than in another: one choice for all of them."""
        first = states[0]
        legal = first.legal_actions()
        assert all(s.legal_actions() == legal for s in states), "the seat's choices must not depend on the world"
        if first.plays_only() and len(legal) > 1:
            # Cards of the seat's that nothing can tell apart (the solver's merge: no card
            # between them is left in any other hand or the trick, the same in every world)
            # lead to the same outcomes in every world: one of them is searched.
            mask = first.game.deck.distinct(first.legal_mask())
            plays = first.game.play_actions
            legal = [plays[c] for c in sorted(self.solver._merged(first, mask, self.solver._ranks(first)))]
        found: list[Vector] = []
        for action in legal:
            found += self.frontier(ids, [_after(s, action) for s in states])
        return _pareto(found)

    def _defender(self, ids: tuple[int, ...], states: list[State]) -> list[Vector]:
        """The other side sees everything: in each world, whatever is worst for the seat."""
        by_action: dict[Action, list[int]] = {}
        for i, s in enumerate(states):
            for action in s.legal_actions():
                by_action.setdefault(action, []).append(i)
        # Folded one action at a time, pruned as it goes: a vector dominated stays dominated
        # once the minimum with the other actions' outcomes is taken.
        found: list[Vector] = [(math.inf,) * len(states)]    # no outcome yet: no bound
        for action, where in by_action.items():
            frontier = self.frontier(tuple(ids[i] for i in where), [_after(states[i], action) for i in where])
            combined = []
            for partial in found:
                for vector in frontier:
                    worst = list(partial)
                    for i, value in zip(where, vector):
                        worst[i] = min(worst[i], value)
                    combined.append(tuple(worst))
            found = _pareto(combined)
        return found


def _after(state: State, action: Action) -> State:
    child = state.clone()
    child.apply_unchecked(action)
    return child


def _pareto(vectors: list[Vector]) -> list[Vector]:
    """The vectors no other vector is at least as good as everywhere (one of equals kept)."""
    kept: list[Vector] = []
    for v in sorted(set(vectors), key=sum, reverse=True):
        if not any(all(a >= b for a, b in zip(k, v)) for k in kept):
            kept.append(v)
    return kept


# --- the positions ------------------------------------------------------------------------------

DENOMINATIONS = ("NT", "S", "H", "D", "C")


def bridge_endgame(game, seed: str, cards_each: int) -> State | None:
    """A bridge board bid by North alone (the others pass) and played by greedy players until
    the declarer, for himself or the dummy, has a choice with at most ``cards_each`` cards a hand.

    The board is played through once at the one level first; the level bid is then the one
    the declarer's side made there, so that the endgame is close to the contract's edge,
    where a trick more or less matters most."""
    rng = random.Random(seed)
    denomination = rng.choice(DENOMINATIONS)
    greedy_seed = rng.random()
    first = _bid_and_play(game, seed, f"1{denomination}", greedy_seed, None)
    level = min(7, max(1, first.tricks[0] + first.tricks[2] - 6))
    return _bid_and_play(game, seed, f"{level}{denomination}", greedy_seed, cards_each)


def _bid_and_play(game, seed: str, bid: str, greedy_seed: float, cards_each: int | None) -> State | None:
    state = game.new_match(seed=seed).next_deal()       # board 1: North deals, no one vulnerable
    for call in (bid, "pass", "pass", "pass"):
        state.apply(call)
    greedy = make_player("greedy", greedy_seed)
    while not state.is_over:
        if cards_each is not None and state.current_player == state.taker \
                and state.hands[state.current].bit_count() <= cards_each and len(state.legal_actions()) >= 2:
            return state
        state.apply(greedy.choose(state))
    return None if cards_each is not None else state


@dataclasses.dataclass
class Finding:
    """A position, each legal action's PIMC mean and true value (see the module)."""

    state: State
    pimc: dict[Action, Fraction]
    true: dict[Action, Fraction]


def judge(state: State, solver: Solver, only_if_fused: bool = False) -> Finding | None:
    """Both values of every action. With ``only_if_fused``, None unless PIMC's single best
    action is worth strictly less than another under the judge (tried first on that action:
    true values never exceed PIMC's, so if its true value is its PIMC mean, none beats it)."""
    deals = worlds(state)
    means = pimc_means(solver, deals)
    top = max(means.values())
    leaders = [a for a, v in means.items() if v == top]
    search = _Frontiers(deals[0], state.current_player)
    if only_if_fused:
        if len(leaders) > 1:
            return None
        value = search.value(deals, leaders[0])
        if value == top:
            return None
    true = {action: search.value(deals, action) for action in state.legal_actions()}
    found = Finding(state, means, true)
    return found if not only_if_fused or true[leaders[0]] < max(true.values()) else None


def search(seed: int, tries: int, cards_each: int) -> None:
    """Print every position found in boards ``seed:0`` to ``seed:tries-1``."""
    game = interpreter.load("bridge")
    solver = Solver(game)
    hits = 0
    for n in range(tries):
        state = bridge_endgame(game, f"{seed}:{n}", cards_each)
        if state is None:
            continue
        found = judge(state, solver, only_if_fused=True)
        if found is not None:
            hits += 1
            print(f"--- board '{seed}:{n}' ---", flush=True)
            report(found)
    print(f"{hits} positions in {tries} boards")


# --- printing -----------------------------------------------------------------------------------

def cards(game, mask: int) -> str:
    return " ".join(game.deck.codes[c] for c in bits(mask)) or "-"


PINNED_HANDS = ("KC QC 10C 6C 4C 3C 2C AH KH 9H 5H 6S 3S", "8C 7C JD 6D 2D JH 2H AS QS JS 7S 5S 4S",
                "5C AD QD 5D 10H 8H 7H 6H 4H 3H KS 10S 2S", "AC JC 9C KD 10D 9D 8D 7D 4D 3D QH 9S 8S")
"""The position found: board '1:287' of ``--search`` (seed 1), dealt North, East, South, West."""
PINNED_CALLS = ("4H", "pass", "pass", "pass")
PINNED_CARDS = ("2D 5D 7D 5H AH 2H 3H QH KH JH 4H 3D 2C 7C 5C 9C 4D 9H 6D QD 3C 8C 6H JC AD 8D 3S JD "
                "10H 8S 4C 4S 8H 9D 6C 5S").split()
"""Its auction (North bids 4H) and the nine tricks played (by greedy players) before it."""


def pinned() -> State:
    """The position found, rebuilt from its deal and its calls and cards (not from the
    generator, so that it stays put when the greedy player changes)."""
    game = interpreter.load("bridge")
    state = game.new_match(seed=0).next_deal()          # board 1: North deals, no one vulnerable
    hands = [sum(1 << game.deck.index[code] for code in hand.split()) for hand in PINNED_HANDS]
    for seat, hand in enumerate(hands):
        state.set_cards(seat, hand)
    state.dealt = list(hands)
    for call in PINNED_CALLS:
        state.apply(call)
    for card in PINNED_CARDS:
        state.apply(f"play {card}")
    return state


SEATS = ("North", "East", "South", "West")


def report(found: Finding, worlds_pimc: int = 200, ismcts: str = "ismcts:2000", seeds: int = 10) -> None:
    """The position, each action's two values, and each player's choice."""
    state = found.state
    game = state.game
    me = state.current_player
    print(f"contract {state.call} by {SEATS[state.taker]} (dummy {SEATS[state.dummy]}); tricks so far: "
          f"North-South {state.tricks[0] + state.tricks[2]}, East-West {state.tricks[1] + state.tricks[3]}")
    for seat in range(4):
        role = "declarer" if seat == me else "dummy" if seat == state.dummy else "hidden"
        print(f"  {SEATS[seat]:5} ({role:8}) {cards(game, state.hands[seat])}")
    played = " ".join(f"{SEATS[w]} {game.deck.codes[c]}" for w, c in zip(state.trick_seats, state.trick))
    print(f"  trick so far: {played or '-'}; {SEATS[state.current]} to play ({SEATS[me]} chooses)")
    print(f"  {len(worlds(state))} worlds fit what {SEATS[me]} knows")
    print(f"  {'action':10} {'PIMC mean':>10} {'true value':>11}")
    for action in state.legal_actions():
        print(f"  {action.text:10} {str(found.pimc[action]):>10} {str(found.true[action]):>11}")
    player = make_player(f"pimc:{worlds_pimc}", 1)
    print(f"  pimc:{worlds_pimc} (seed 1) plays {player.choose(state.clone()).text}"
          f"{'' if player.exact else ' (not on solved worlds!)'}")
    choices = Counter(make_player(ismcts, s).choose(state.clone()).text for s in range(seeds))
    print(f"  {ismcts} (seeds 0-{seeds - 1}) plays " + ", ".join(f"{a} x{k}" for a, k in choices.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--search", action="store_true", help="look for positions instead of showing the pinned one")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=290)
    parser.add_argument("--cards", type=int, default=4, help="at most this many cards in the mover's hand")
    args = parser.parse_args()
    started = time.process_time()
    if args.search:
        search(args.seed, args.tries, args.cards)
    else:
        report(judge(pinned(), Solver(interpreter.load("bridge"))))
    print(f"{time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
