"""The mutable state of one deal: small, flat and cheap to clone."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .cards import bits
from .errors import IllegalActionError
from .game import Action, Game


@dataclass(frozen=True)
class Reason:
    rule: str
    to: str           # who received the points, e.g. "North-South" or "seat 2"
    points: Fraction


@dataclass(frozen=True)
class Result:
    """A settled deal: scores per seat and per team, and why."""

    seat_scores: tuple[Fraction, ...]
    team_scores: tuple[Fraction, ...]
    reasons: tuple[Reason, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "seats": [_num(x) for x in self.seat_scores],
            "teams": [_num(x) for x in self.team_scores],
            "reasons": [{"rule": r.rule, "to": r.to, "points": _num(r.points)} for r in self.reasons],
            "facts": {k: (_num(v) if isinstance(v, Fraction) else v) for k, v in self.facts.items()},
        }


def _num(x) -> int | str:
    """Exact numbers in JSON: whole numbers as ints, others as text like '51/2'."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else str(x)


class State:
    """One deal in progress. ``apply`` checks legality; ``clone`` is a few list copies."""

    __slots__ = ("game", "hands", "piles", "dealer", "current", "leader", "trick", "trick_seats",
                 "won", "tricks", "winners", "trump", "history", "bound", "_legal")

    @classmethod
    def start(cls, game: Game, hands: list[int], piles: list[list[int]], dealer: int) -> State:
        self = cls.__new__(cls)
        self.game = game
        self.hands = hands
        self.piles = piles
        self.dealer = dealer
        self.trump = game.fixed_trump
        self.trick = []
        self.trick_seats = []
        self.won = [0] * game.players
        self.tricks = [0] * game.players
        self.winners = []
        self.history = []
        self.bound = {}
        self._legal = None
        self.current = None
        self.current = self.leader = game.lead(self)
        return self

    def clone(self) -> State:
        other = State.__new__(State)
        other.game = self.game
        other.hands = self.hands[:]
        other.piles = [p[:] for p in self.piles]
        other.dealer = self.dealer
        other.current = self.current
        other.leader = self.leader
        other.trick = self.trick[:]
        other.trick_seats = self.trick_seats[:]
        other.won = self.won[:]
        other.tricks = self.tricks[:]
        other.winners = self.winners[:]
        other.trump = self.trump
        other.history = self.history[:]
        other.bound = {}
        other._legal = self._legal
        return other

    # --- the OpenSpiel-like interface ------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.current is None

    def legal_mask(self) -> int:
        """The cards the player to act may play, as a bitmask."""
        if self._legal is None:
            self._legal = self._compute_legal() if self.current is not None else 0
        return self._legal

    def _compute_legal(self) -> int:
        hand = self.hands[self.current]
        game = self.game
        allowed = hand
        for when, select in game.follow:
            if when is not None and not when(self):
                continue
            chosen = hand & select(self)
            if chosen:
                allowed = chosen
                break
        if game.always is not None:
            allowed |= hand & game.always(self)
        return allowed

    def legal_actions(self) -> list[Action]:
        actions = self.game.play_actions
        return [actions[c] for c in bits(self.legal_mask())]

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (an Action or its text); raise IllegalActionError otherwise."""
        if self.current is None:
            raise IllegalActionError("the deal is over: no action can be played")
        if not isinstance(action, Action):
            action = self.game.parse_action(str(action))
        card = action.card
        if card < 0 or not (self.legal_mask() >> card) & 1:
            raise IllegalActionError(self._why_illegal(action))
        self._play(card)

    def _why_illegal(self, action: Action) -> str:
        deck = self.game.deck
        card = action.card
        seat = self.current
        if card >= 0 and not (self.hands[seat] >> card) & 1:
            return f"{action.text}: seat {seat} does not hold {deck.codes[card]} ({deck.names[card]})"
        legal = " ".join(deck.codes[c] for c in bits(self.legal_mask()))
        return f"{action.text}: not allowed by the follow rules here; legal: {legal}"

    def _play(self, card: int) -> None:
        seat = self.current
        game = self.game
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.history.append((seat, card))
        self._legal = None
        if len(self.trick) < game.players:
            self.current = (seat + 1) % game.players
            return
        at = game.trick_rule.winner(self.trick, self.trump)
        if at < 0:
            self.winners.append(-1)
            nxt = self.leader
        else:
            nxt = self.trick_seats[at]
            self.winners.append(nxt)
            self.tricks[nxt] += 1
            for c in self.trick:
                self.won[nxt] |= 1 << c
        self.trick = []
        self.trick_seats = []
        self.leader = nxt
        self.current = nxt if self.hands[nxt] else None

    # --- reading the state -------------------------------------------------------------

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know: its own hand, public cards and the history of play."""
        game = self.game
        codes = game.deck.codes
        return {
            "seat": seat,
            "dealer": self.dealer,
            "to_act": self.current,
            "hand": [codes[c] for c in bits(self.hands[seat])],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": [[s, codes[c]] for s, c in zip(self.trick_seats, self.trick)],
            "leader": self.leader,
            "tricks": list(self.tricks),
            "trick_winners": [None if w < 0 else w for w in self.winners],
            "history": [[s, codes[c]] for s, c in self.history],
            "piles": {name: [codes[c] for c in pile]
                      for name, pile, public in zip(game.pile_names, self.piles, game.pile_public) if public},
        }

    def result(self) -> Result:
        """The settled score of a finished deal, with the rules that gave it."""
        if self.current is not None:
            raise IllegalActionError("the deal is not over yet")
        game = self.game
        seat_scores = [Fraction(0)] * game.players
        team_scores = [Fraction(0)] * len(game.teams)
        reasons: list[Reason] = []

        def give(kind: str, who: int, points, rule: str) -> None:
            points = Fraction(points)
            if kind == "team":
                team_scores[who] += points
                for seat in game.teams[who]:
                    seat_scores[seat] += points
                label = game.team_names[who]
            else:
                seat_scores[who] += points
                team_scores[game.team_of[who]] += points
                label = f"seat {who}"
            reasons.append(Reason(rule, label, points))

        for award in game.awards:
            if award.when is not None and not award.when(self):
                continue
            if award.each:
                count = len(game.teams) if award.to_kind == "team" else game.players
                for who in range(count):
                    self.bound = {"it": who}
                    points = award.points(self)
                    if points:
                        give(award.to_kind, who, points, award.rule)
                self.bound = {}
                continue
            who = award.to(self)
            if who is not None:
                give(award.to_kind, who, award.points(self), award.rule)
        facts: dict[str, Any] = {"tricks": list(self.tricks),
                                 "trick_winners": [None if w < 0 else w for w in self.winners]}
        for name, kind, fn in game.lets:
            value = fn(self)
            facts[name] = value if not isinstance(value, int) or isinstance(value, bool) or kind != "set" \
                else game.deck.text(value)
        return Result(tuple(seat_scores), tuple(team_scores), tuple(reasons), facts)
