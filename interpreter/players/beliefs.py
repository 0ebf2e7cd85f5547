"""What one seat may believe about the cards it cannot see, and worlds sampled from it.

A seat sees its own hand, the public piles, the cards played and shown (a dummy's whole hand
once it lies face up), and where the cards it gave went. The rest ("hidden" cards) lie in the other hands and the face-down piles, in
known numbers. Play reveals more: a player who did not follow could not hold the cards the
rule file's clauses would have made him play. For every card played the clauses are tried
again on the trick as it stood: each clause whose condition held and that comes before the
first clause holding the card played must have found nothing in his hand, so its cards are
excluded from that hand (for good, unless he drew cards later: then only what he had no
chance to draw). This reads the rule file, not a game: a duty to overtrump and a ban on
leading a suit before it is broken give voids the same way.

Worlds are drawn **uniformly** among the deals of the hidden cards that respect every
exclusion: cards are grouped by the places they may go, the ways to fill the places are
counted once per belief, and each world is drawn by walking those counts.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
import random

from ..engine.cards import bits
from ..engine.phases import PLAY, Private, Taken
from ..engine.shuffle import shuffle
from ..engine.state import State


@dataclass(frozen=True)
class Belief:
    """Places are the other seats' hands (``seats``), the face-down piles (``piles``) and
    the cards passed but not yet arrived (``transit``: indices into the state's incoming).

    ``sizes`` counts the hidden cards each place holds beyond its ``known`` cards;
    ``allowed`` is what each place may hold of the ``free`` cards (hidden and not known).
    """

    seat: int
    seats: tuple[int, ...]
    piles: tuple[int, ...]
    transit: tuple[int, ...]
    known: tuple[int, ...]
    sizes: tuple[int, ...]
    allowed: tuple[int, ...]
    free: int
    groups: tuple = ()          # the free cards grouped by where they may go (see _groups)

    def possible(self, place: int) -> int:
        """The cards a place may hold: its known cards and the free cards allowed there."""
        return self.known[place] | (self.free & self.allowed[place])


def belief(state: State, seat: int, informed: bool = True) -> Belief:
    """What ``seat`` may know at this point of the deal, from its own observation only.

    Not ``informed``, the seat keeps only its hand, the cards played, the public piles and
    the sizes of the hidden places: cards shown, declared, taken or given and the voids the
    follow clauses revealed are ignored (the 'uniform' worlds, as drawn before beliefs)."""
    game = state.game
    deck_all = game.deck.all
    seats = tuple(s for s in range(game.players) if s != seat)
    piles = tuple(i for i, public in enumerate(game.pile_public) if not public)
    transit = tuple(range(len(state.incoming)))
    known = _known(state, seat, seats, piles) if informed else [0] * (len(seats) + len(piles) + len(transit))
    seen = state.hands[seat] | state.played
    for i, public in enumerate(game.pile_public):
        if public:
            seen |= sum(1 << c for c in state.piles[i])
    choosing = state.pending[3] if state.pending is not None and state.current == seat else 0
    held = [state.hands[s].bit_count() for s in seats] + [len(state.piles[p]) for p in piles] \
        + [cards.bit_count() for _, cards in state.incoming]
    all_known = 0
    for k in known:
        all_known |= k
    free = deck_all & ~seen & ~all_known & ~choosing
    sizes = tuple(h - k.bit_count() for h, k in zip(held, known))
    excluded = _exclusions(state, seats) if informed else [0] * len(seats)
    allowed = tuple(deck_all & ~(excluded[i] if i < len(seats) else 0) for i in range(len(known)))
    return Belief(seat, seats, piles, transit, tuple(known), sizes, allowed, free, _groups(free, allowed))


def _known(state: State, seat: int, seats: tuple[int, ...], piles: tuple[int, ...]) -> list[int]:
    """Per place (the other seats, the face-down piles, the cards in transit), the cards
    ``seat`` knows lie there: shown or declared and still held, taken from a public pile,
    or given by the seat itself (and any given face up)."""
    game = state.game
    first_pile, first_transit = len(seats), len(seats) + len(piles)
    known = [0] * (first_transit + len(state.incoming))
    for i, s in enumerate(seats):
        known[i] = state.shown_cards[s] & state.hands[s]          # shown and not yet played
    if state.dummy_shown() and state.dummy in seats:               # the dummy's hand lies face up
        known[seats.index(state.dummy)] = state.hands[state.dummy]
    melds = {(d.name, code): d.cards & game.deck.suit_masks[s]
             for d in game.declarations for s, code in enumerate(game.deck.suit_codes)}
    for who, entry in state.history:
        if isinstance(entry, Taken) and entry.seat in seats:   # a public pile taken into a hand
            at = seats.index(entry.seat)
            for code in entry.codes:                 # one copy per code seen (a double deck has two)
                held = [c for c in game.deck.copies_of(game.deck.index[code])
                        if state.hands[entry.seat] >> c & 1 and not known[at] >> c & 1]
                if held:
                    known[at] |= 1 << held[0]
        elif who in seats and isinstance(entry, str) and tuple(entry.rsplit(" ", 1)) in melds:
            known[seats.index(who)] |= melds[tuple(entry.rsplit(" ", 1))] & state.hands[who]   # a meld declared
    for card, kind, where in _given_by(state, seat):
        bit = 1 << card
        if kind == "pile" and where in piles and card in state.piles[where]:
            known[first_pile + piles.index(where)] |= bit
        elif kind == "seat" and where in seats and state.hands[where] & bit:
            known[seats.index(where)] |= bit
        elif kind == "seat":
            for t, (to, cards) in enumerate(state.incoming):
                if to == where and cards & bit:
                    known[first_transit + t] |= bit
    return known


def _given_by(state: State, seat: int) -> list[tuple[int, str, int]]:
    """Cards given away whose destination ``seat`` knows: its own, and any given face up
    (trumps shown as they go to a face-down pile). Each as (card, "seat", s) or (card, "pile", p)."""
    game = state.game
    found = []
    for who, entry in state.history:
        if isinstance(entry, Private):
            if who != seat:
                continue
            entry = entry.text
        elif not isinstance(entry, str) or who is None or not entry.startswith(tuple(t.name + " " for t in game.transfers)):
            continue
        action = game.parse_action(entry)
        if action.kind != "give":
            continue
        spec = game.transfers[action.arg]
        if spec.to_pile is not None:
            found.append((action.card, "pile", spec.to_pile))
        else:
            probe = state.clone()
            probe.current = who
            found.append((action.card, "seat", spec.to_seat(probe)))
    return found


def _tricks(state: State) -> list[tuple[list[int], list[int]]]:
    """The tricks of the play so far, each as (seats, cards) in the order played."""
    game = state.game
    size = game.players - (state.out is not None)
    plays = [(who, entry) for who, entry in state.history if isinstance(entry, int)]
    tricks = []
    for start in range(0, len(plays), size):
        chunk = plays[start:start + size]
        tricks.append(([w for w, _ in chunk], [c for _, c in chunk]))
    return tricks


def _exclusions(state: State, seats: tuple[int, ...]) -> list[int]:
    """Per other seat, the cards its plays show it did not hold (see the module's docstring)."""
    game = state.game
    excluded = [0] * len(seats)
    if state.phase != PLAY and not state.past and not state.trick:
        return excluded
    tricks = _tricks(state)
    first_valid = _first_trick_after_draws(state, len(tricks))
    probe = state.clone()
    before = 0                                   # the cards of the tricks before trick k
    for k, (who, cards) in enumerate(tricks):
        if k:
            before |= sum(1 << c for c in tricks[k - 1][1])
        if k < first_valid:
            continue
        for j, (seat, card) in enumerate(zip(who, cards)):
            if seat not in seats:
                continue
            probe.trick, probe.trick_seats, probe.winning_at = cards[:j], who[:j], None
            probe.winners, probe.past = state.winners[:k], state.past[:k]
            probe.played = before | sum(1 << c for c in cards[:j])
            probe.current, probe.leader = seat, who[0]
            probe.hands = list(state.hands)
            probe.hands[seat] = game.deck.all
            probe.bound = {}
            excluded[seats.index(seat)] |= _not_held(probe, card)
    return excluded


def _not_held(probe: State, card: int) -> int:
    """The cards whose presence in the player's hand would have made ``card`` illegal.

    A clause whose condition held for sure and that lacks the card played must have found
    nothing in his hand. A condition or a set that reads the hand (``count(hand and
    trumps) > 0``) is unsure: it is tried with every card and with none in the hand, and
    when the two differ nothing is concluded from it (and, if it could have held the card
    played, from the clauses after it either)."""
    game = probe.game
    seat = probe.current
    if probe.trick:
        if probe.rule.led_suit(probe.trick, probe.trump, probe.trumps) < 0:
            return 0
        if game.always is not None and game.always(probe) >> card & 1:
            return 0
        clauses = game.follow
    else:
        clauses = game.leads
    found = 0
    for when, select in clauses:
        sure = True
        if when is not None:
            holds = _both_ways(probe, seat, when)
            if holds is False:
                continue
            sure = holds is True
        cards = _both_ways(probe, seat, select)
        if cards is None:
            return found
        if cards >> card & 1:
            return found
        if sure:
            found |= cards
    return found


def _both_ways(probe: State, seat: int, fn):
    """``fn`` with the player holding every card and none; None when the two differ."""
    probe.hands[seat] = probe.game.deck.all
    full = fn(probe)
    probe.hands[seat] = 0
    empty = fn(probe)
    probe.hands[seat] = probe.game.deck.all
    return full if full == empty else None


def _first_trick_after_draws(state: State, played: int) -> int:
    """Voids are sure only from tricks after which nobody drew again.

    Draws come in rounds, one card a player after a trick, from the first trick on until the
    stock runs out or ``draw when`` stops them (a stock closed for good). The cards gone from
    the stock therefore tell how many tricks were followed by a draw: those tricks show
    nothing, the later ones (the trick in progress included) do."""
    game = state.game
    if not game.draw:
        return 0
    drawn = sum(game.pile_sizes[p] - len(state.piles[p]) for p in game.draw)
    return min(played, -(-drawn // game.players))


def sample(b: Belief, rng: random.Random) -> list[int]:
    """One world: the cards of each place (known ones included), uniform among those allowed."""
    classes, members = b.groups
    places = list(b.known)
    caps = b.sizes
    for i, cards in enumerate(members):
        total, options = _options(classes, i, caps)
        if total == 0:
            raise ValueError("no deal of the hidden cards fits what this seat knows")
        pick = rng.randrange(total)
        for bound, split, rest in options:
            if pick < bound:
                break
        cards = list(cards)
        shuffle(rng, cards)
        at = 0
        for place, n in enumerate(split):
            for c in cards[at:at + n]:
                places[place] |= 1 << c
            at += n
        caps = rest
    return places


def _groups(free: int, allowed: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]:
    """Free cards grouped by the set of places that may hold them: ((places mask, count), …)
    and the cards of each group."""
    groups: dict[int, list[int]] = {}
    for card in bits(free):
        mask = sum(1 << p for p, a in enumerate(allowed) if a >> card & 1)
        groups.setdefault(mask, []).append(card)
    members = sorted(groups.items(), key=lambda item: (len(item[1]), item[0]))   # the largest last: see _ways
    return tuple((mask, len(cards)) for mask, cards in members), tuple(tuple(cards) for _, cards in members)


@lru_cache(maxsize=65536)
def _options(classes: tuple[tuple[int, int], ...], i: int, caps: tuple[int, ...]):
    """How many cards of class i may go to each place, each with the running total of the
    number of card deals that realise it (so that picking by weight keeps worlds uniform)."""
    mask, n = classes[i]
    options, total = [], 0
    forced = i == len(classes) - 1
    if forced and any(c and not mask >> p & 1 for p, c in enumerate(caps)):
        return 0, ()
    for split in (caps,) if forced else _splits(mask, n, caps):
        rest = tuple(c - k for c, k in zip(caps, split))
        weight = _multinomial(n, split) * _ways(classes[i + 1:], rest)
        if weight:
            total += weight
            options.append((total, split, rest))
    return total, tuple(options)


@lru_cache(maxsize=65536)
def _ways(classes: tuple[tuple[int, int], ...], caps: tuple[int, ...]) -> int:
    """The number of ways to deal the classes' cards into places of exactly these sizes."""
    if not classes:
        return 1 if not any(caps) else 0
    if sum(n for _, n in classes) != sum(caps):
        return 0
    (mask, n), rest = classes[0], classes[1:]
    if not rest:                    # the last group fills what is left: one split, if it may
        if any(c and not mask >> p & 1 for p, c in enumerate(caps)):
            return 0
        return _multinomial(n, caps)
    return sum(_multinomial(n, split) * _ways(rest, tuple(c - s for c, s in zip(caps, split)))
               for split in _splits(mask, n, caps))


def _splits(mask: int, n: int, caps: tuple[int, ...]):
    """Every way to share n cards among the places of ``mask`` within their capacities."""
    places = [p for p in range(len(caps)) if mask >> p & 1]

    def go(i: int, left: int, chosen: list[int]):
        if i == len(places) - 1:
            if left <= caps[places[i]]:
                yield chosen + [left]
            return
        for k in range(min(left, caps[places[i]]) + 1):
            yield from go(i + 1, left - k, chosen + [k])

    if not places:
        if n == 0:
            yield tuple(0 for _ in caps)
        return
    for shares in go(0, n, []):
        split = [0] * len(caps)
        for p, k in zip(places, shares):
            split[p] = k
        yield tuple(split)


def _multinomial(n: int, split: tuple[int, ...]) -> int:
    result, left = 1, n
    for k in split:
        result *= comb(left, k)
        left -= k
    return result


def world(state: State, b: Belief, rng: random.Random) -> State:
    """A copy of the state with the hidden cards dealt as one sampled world."""
    places = sample(b, rng)
    w = state.clone()
    n = len(b.seats)
    for i, s in enumerate(b.seats):
        w.set_cards(s, places[i])
    for j, p in enumerate(b.piles):
        pile = list(bits(places[n + j]))
        shuffle(rng, pile)                      # a face-down stock is drawn in no known order
        w.piles[p] = pile
    first_transit = n + len(b.piles)
    w.incoming = [(to, places[first_transit + t]) for t, (to, _) in enumerate(state.incoming)]
    if w.phase == PLAY or state.past or state.trick:
        played_by = [0] * state.game.players
        for who, entry in state.history:
            if isinstance(entry, int) and who is not None:
                played_by[who] |= 1 << entry
        w.dealt = [state.dealt[s] if s == b.seat else w.hands[s] | played_by[s] for s in range(state.game.players)]
        if state.game.team_rules is not None:
            w._form_teams()                     # teams formed by hidden cards (a called King) follow the world
    else:
        w.dealt = list(w.hands)
    return w
