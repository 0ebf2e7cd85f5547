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


AUCTION, PLAY, OVER = 0, 1, 2


class State:
    """One deal in progress. ``apply`` checks legality; ``clone`` is a few list copies.

    Cards are int bitmasks (hands, won cards) or short lists (piles, top card first; the
    trick in order of play). Everything else is a few ints.
    """

    __slots__ = ("game", "phase", "hands", "piles", "dealer", "current", "leader", "trick", "trick_seats",
                 "won", "tricks", "winners", "trump", "history", "bound", "taker", "contract", "bids",
                 "round", "spoken", "marks", "melds", "dealt", "annulled", "match_scores", "scored", "_legal")

    @classmethod
    def start(cls, game: Game, dealer: int, hands: list[int], piles: list[list[int]], deal: bool = False) -> State:
        self = cls.__new__(cls)
        self.game = game
        self.hands = hands
        self.piles = piles
        self.dealer = dealer
        self.trump = -1
        self.trick = []
        self.trick_seats = []
        self.won = [0] * game.players
        self.scored = [0] * game.players
        self.tricks = [0] * game.players
        self.winners = []
        self.history = []
        self.bound = {}
        self.taker = None
        self.contract = 0
        self.bids = []
        self.round = 0
        self.spoken = 0
        self.marks = [None] * len(game.mark_names)
        self.melds = [0] * game.players
        self.dealt = list(hands)
        self.annulled = False
        self.match_scores = None
        self._legal = None
        self.current = self.leader = None
        if deal:
            self._deal(game.deal_plan)
        if game.auction is not None:
            self.phase = AUCTION
            self.current = game.auction.first(self)
        else:
            self._start_play()
        return self

    def _deal(self, plan) -> None:
        """Deal ``plan`` from the pack (pile 0), the first packet to the player after the dealer."""
        game = self.game
        pack = self.piles[0]
        first = (self.dealer + 1) % game.players
        for step in plan:
            if step.move is not None:
                pile, seat = step.move
                who = seat(self)
                for card in self.piles[pile]:
                    self.hands[who] |= 1 << card
                self.piles[pile] = []
                continue
            if step.pile is not None:
                count = len(pack) if step.count is None else step.count
                self.piles[step.pile].extend(pack[:count])
                del pack[:count]
                continue
            seat = (first + step.seat) % game.players
            count = step.count
            if step.but is not None and step.but[0](self) == seat:
                count = step.but[1]
            for card in pack[:count]:
                self.hands[seat] |= 1 << card
            del pack[:count]

    def _start_play(self) -> None:
        game = self.game
        self.phase = PLAY
        self.dealt = list(self.hands)
        if game.trump is not None:
            self.trump = game.trump(self)
        self.current = self.leader = game.lead(self)

    def clone(self) -> State:
        other = State.__new__(State)
        other.game = self.game
        other.phase = self.phase
        other.hands = self.hands[:]
        other.piles = [p[:] for p in self.piles]
        other.dealer = self.dealer
        other.current = self.current
        other.leader = self.leader
        other.trick = self.trick[:]
        other.trick_seats = self.trick_seats[:]
        other.won = self.won[:]
        other.scored = self.scored[:]
        other.tricks = self.tricks[:]
        other.winners = self.winners[:]
        other.trump = self.trump
        other.history = self.history[:]
        other.bound = {}
        other.taker = self.taker
        other.contract = self.contract
        other.bids = self.bids[:]
        other.round = self.round
        other.spoken = self.spoken
        other.marks = self.marks[:]
        other.melds = self.melds[:]
        other.dealt = self.dealt
        other.annulled = self.annulled
        other.match_scores = self.match_scores
        other._legal = self._legal
        return other

    def set_cards(self, seat: int, cards: int) -> None:
        """Give a seat a different hand (for worlds sampled by a player, and tests)."""
        self.hands[seat] = cards
        self._legal = None

    # --- the OpenSpiel-like interface ------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.current is None

    def legal_mask(self) -> int:
        """The cards the player to act may play, as a bitmask (0 outside trick play)."""
        if self._legal is None:
            self._legal = self._compute_legal() if self.phase == PLAY else 0
        return self._legal

    def _compute_legal(self) -> int:
        """Follow clauses bind a player once a suit has been led; a leader plays any card."""
        hand = self.hands[self.current]
        game = self.game
        if not self.trick or game.trick_rule.led_suit(self.trick) < 0:
            return hand
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
        game = self.game
        actions = game.actions
        if self.phase == PLAY:
            plays = [actions[c] for c in bits(self.legal_mask())]
            if game.simple or self.trick:
                return plays
            return self._side_actions() + plays + self._declarations()
        if self.phase == AUCTION:
            return self._calls()
        return []

    def _side_actions(self) -> list[Action]:
        game = self.game
        return [a for a in game.by_kind["act"] if game.side_actions[a.arg].when(self)]

    def _declarations(self) -> list[Action]:
        game = self.game
        hand, legal = self.hands[self.current], self.legal_mask()
        found = []
        for action in game.by_kind["declare"]:
            if not (legal >> action.card) & 1:
                continue
            meld = game.declarations[action.arg].cards & game.deck.suit_masks[action.suit]
            if hand & meld == meld:
                found.append(action)
        return found

    def _calls(self) -> list[Action]:
        game = self.game
        auction = game.auction
        calls, _ = auction.rounds[self.round]
        best = max((v for _, _, v in self.bids if v is not None), default=None)
        found = []
        for action in game.by_kind["call"]:
            if action.arg not in calls:
                continue
            spec = auction.calls[action.arg]
            if spec.value is not None and best is not None and spec.value <= best:
                continue
            if spec.for_suit is not None:
                self.bound = {"suit": action.suit}
                accepted = spec.for_suit(self)
                self.bound = {}
                if not accepted:
                    continue
            found.append(action)
        found.append(game.actions[-1])  # pass
        return found

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (an Action or its text); raise IllegalActionError otherwise."""
        if self.current is None:
            raise IllegalActionError("the deal is over: no action can be played")
        if not isinstance(action, Action):
            action = self.game.parse_action(str(action))
        if action.kind == "play" and self.phase == PLAY:
            if not (self.legal_mask() >> action.card) & 1:
                raise IllegalActionError(self._why_illegal(action))
        elif action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. taken from legal_actions())."""
        kind = action.kind
        if kind == "play":
            self._play(action.card)
        elif kind == "declare":
            self._declare(action)
        elif kind == "act":
            self._act(action)
        else:
            self._bid(action)

    def _why_illegal(self, action: Action) -> str:
        deck = self.game.deck
        card, seat = action.card, self.current
        if self.phase == AUCTION and action.kind in ("play", "declare", "act"):
            return f"{action.text}: the auction is not over; calls now: {self._listing()}"
        if self.phase == PLAY and action.kind in ("call", "pass"):
            return f"{action.text}: the auction is over; play a card"
        if card >= 0 and not (self.hands[seat] >> card) & 1:
            return f"{action.text}: seat {seat} does not hold {deck.codes[card]} ({deck.names[card]})"
        if action.kind == "play":
            return f"{action.text}: not allowed by the follow rules here; legal: {self._listing()}"
        return f"{action.text}: not allowed now; legal: {self._listing()}"

    def _listing(self) -> str:
        return ", ".join(a.text for a in self.legal_actions())

    # --- the auction ----------------------------------------------------------------------

    def _bid(self, action: Action) -> None:
        game = self.game
        auction = game.auction
        seat = self.current
        self._legal = None
        self.history.append((seat, action.text))
        value = None
        if action.kind == "call":
            spec = auction.calls[action.arg]
            value = spec.value if spec.value is not None else 0
        self.bids.append((seat, action, value))
        self.spoken += 1
        _, ends_at_call = auction.rounds[self.round]
        if action.kind == "call" and ends_at_call:
            return self._won_auction(seat, action)
        if self.spoken < game.players:
            self.current = (seat + 1) % game.players
            return
        called = [(v, s, a) for s, a, v in self.bids if a.kind == "call"]
        if called:
            value, seat, action = max(called, key=lambda t: t[0])
            return self._won_auction(seat, action)
        if self.round + 1 < len(auction.rounds):
            self.round += 1
            self.spoken = 0
            self.current = auction.first(self)
            return
        self.annulled = True
        self.phase = OVER
        self.current = None

    def _won_auction(self, seat: int, action: Action) -> None:
        game = self.game
        spec = game.auction.calls[action.arg]
        self.taker = seat
        self.contract = spec.value if spec.value is not None else 0
        if spec.trump is not None:
            self.bound = {"suit": action.suit}
            self.trump = spec.trump(self)
            self.bound = {}
        self._deal(game.auction.then_deal)
        self._start_play()

    # --- trick play -----------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        game = self.game
        spec = game.side_actions[action.arg]
        seat = self.current
        self.history.append((seat, action.text))
        self._legal = None
        if spec.swap is not None:
            select, pile = spec.swap
            mine = self.hands[seat] & select(self)
            theirs = self.piles[pile]
            self.piles[pile] = [c for c in bits(mine)]
            self.hands[seat] = (self.hands[seat] & ~mine) | sum(1 << c for c in theirs)
        for index, value in spec.marks:
            self.marks[index] = value(self)

    def _declare(self, action: Action) -> None:
        game = self.game
        seat = self.current
        self.bound = {"suit": action.suit}
        self.melds[seat] += game.declarations[action.arg].points(self)
        self.bound = {}
        self.history.append((seat, action.text.split(" ", 2)[2]))
        if game.ends_when is not None and game.ends_when(self):
            self._end()
            return
        self._play(action.card)

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
            row = game.points_table.scaled[self.trump + 1]
            for c in self.trick:
                self.won[nxt] |= 1 << c
                self.scored[nxt] += row[c]
        self.trick = []
        self.trick_seats = []
        self.leader = nxt
        if game.ends_when is not None and game.ends_when(self):
            return self._end()
        if game.draw and (game.draw_when is None or game.draw_when(self)):
            self._draw(nxt)
        if self.hands[nxt]:
            self.current = nxt
        else:
            self._end()

    def _draw(self, first: int) -> None:
        piles, hands, players = self.piles, self.hands, self.game.players
        for i in range(players):
            seat = (first + i) % players
            for pile in self.game.draw:
                if piles[pile]:
                    hands[seat] |= 1 << piles[pile].pop(0)
                    break

    def _end(self) -> None:
        self.phase = OVER
        self.current = None
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
            "history": [[s, codes[x] if isinstance(x, int) else x] for s, x in self.history],
            "piles": {name: [codes[c] for c in pile]
                      for name, pile, public in zip(game.pile_names, self.piles, game.pile_public) if public},
            "pile_sizes": {name: len(pile) for name, pile in zip(game.pile_names, self.piles)},
            "trump": game.deck.suit_codes[self.trump] if self.trump >= 0 else None,
            "taker": self.taker,
            "marks": {name: value for name, value in zip(game.mark_names, self.marks)},
            "melds": [_num(m) for m in self.melds],
        }

    def result(self) -> Result:
        """The settled score of a finished deal, with the rules that gave it."""
        if self.current is not None:
            raise IllegalActionError("the deal is not over yet")
        game = self.game
        seat_scores = [Fraction(0)] * game.players
        team_scores = [Fraction(0)] * len(game.teams)
        reasons: list[Reason] = []
        if self.annulled:
            return Result(tuple(seat_scores), tuple(team_scores), (), {"annulled": True})

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
        if self.taker is not None:
            facts["taker"] = self.taker
        if self.trump >= 0:
            facts["trump"] = game.deck.suit_codes[self.trump]
        for name, value in zip(game.mark_names, self.marks):
            facts[name] = value
        for name, kind, fn in game.lets:
            facts[name] = self._fact(kind, fn(self))
        return Result(tuple(seat_scores), tuple(team_scores), tuple(reasons), facts)

    def _fact(self, kind: str, value: Any) -> Any:
        """A named value as a person reads it: team names, suit and card codes."""
        if value is None or kind in ("num", "bool", "seat"):
            return value
        deck = self.game.deck
        if kind == "team":
            return self.game.team_names[value]
        if kind == "suit":
            return deck.suit_codes[value]
        return deck.text(value)
