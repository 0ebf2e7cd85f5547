"""The auction: calls and passes in turn, round after round, until a call wins or all pass.

A round ends at the first call, after one turn each, or ``in duels``: the second player
calls against the first, who holds (meets the value) or passes, and so on down the table
(bidding by game values). A duel is ``(holder, challenger, next)``: ``next`` counts the players
from ``first`` who have entered; the challenger is None when the last survivor, having
heard no call, may call himself.

An open round (``after N passes``) goes round until N players in a row pass after a call
(``spoken`` counts the passes in a row), or until every player has passed without one.
Doubling calls (``Auction.doubles``: double, redouble) raise ``doubled`` on the standing
call, each open to the side that did not make the one before it.

A round with ``who`` is spoken by some seats only (``speakers``, a mask found when it starts;
in an open round where a pass is final, the players still in);
one with ``leads to: next round`` leads on to the next round whatever is called, so that a first
round only says who speaks in the second (a two-step auction).
"""
from __future__ import annotations

from .parts import Action
from .phases import END_OF_AUCTION


class AuctionPhase:
    """Bidding, mixed into State."""

    __slots__ = ()

    def _calls(self) -> list[Action]:
        game = self.game
        auction = game.auction
        spec = auction.rounds[self.round]
        if spec.ends == "in duels" and self.current == self.duel[0] and self.duel[1] is not None:
            return [game.by_kind["hold"][0], game.actions[-1]]      # the holder: hold or pass
        best = self._best()[0] if spec.rising else None
        found = self._doubles() if auction.doubles else []
        for action in game.by_kind["call"]:
            if action.arg not in spec.calls:
                continue
            call = auction.calls[action.arg]
            if best is not None and (call.value is not None or call.numbers is not None) \
                    and self._value_of(action) <= best:
                continue
            if call.for_suit is not None or call.when is not None:
                self.bound = {"suit": action.suit, "number": action.number}
                accepted = (call.for_suit is None or call.for_suit(self)) and (call.when is None or call.when(self))
                self.bound = {}
                if not accepted:
                    continue
            found.append(action)
        may_pass = spec.may_pass
        if not isinstance(may_pass, bool):
            may_pass = may_pass(self)
        if may_pass or not found:
            found.append(game.actions[-1])  # pass
        return found

    def _best(self) -> tuple[int | None, int | None, Action | None]:
        """The highest value called so far in this round, its caller and call (the earliest of
        equal values). Each call belongs to one round, so earlier rounds' calls are left out."""
        best = (None, None, None)
        calls = self.game.auction.rounds[self.round].call_set
        for seat, action, value in self.bids:
            if action.kind == "call" and action.arg in calls and (best[0] is None or value > best[0]):
                best = (value, seat, action)
        return best

    def _doubles(self) -> list[Action]:
        """The doubling call open now: the next of ``doubles`` on a standing call, to the side
        that did not make the call (or the double) before it."""
        k = self.doubled
        actions = self.game.by_kind["double"]
        if k >= len(actions):
            return []
        _, seat, call = self._best()
        if call is None or (self._side(self.current) == self._side(seat)) == (k % 2 == 0):
            return []
        return [actions[k]]

    def _side(self, seat: int) -> int:
        """A seat's side in the auction: its fixed team, or the seat alone."""
        return self.team_of[seat] if self.game.fixed_teams else seat

    def _value_of(self, action: Action) -> int:
        spec = self.game.auction.calls[action.arg]
        value = spec.value
        if callable(value):
            self.bound = {"suit": action.suit, "number": action.number}
            try:
                return value(self)
            finally:
                self.bound = {}
        if value is not None:
            return value
        return action.number if spec.numbers is not None else 0

    def _bid(self, action: Action) -> None:
        game = self.game
        auction = game.auction
        seat = self.current
        self._legal = None
        self.history.append((seat, action.text))
        value = self._value_of(action) if action.kind == "call" else self._best()[0] if action.kind == "hold" else None
        self.bids.append((seat, action, value))
        spec = auction.rounds[self.round]
        if spec.passes:
            return self._open_bid(seat, action, spec.passes)
        self.spoken += 1
        if spec.ends == "in duels":
            return self._duel(seat, action)
        if action.kind == "call" and spec.ends == "at the first call":
            return self._next_round() if spec.to_next_round else self._won_auction(seat, action)
        if self.spoken < (game.players if spec.who is None else self.speakers.bit_count()):
            self.current = self._next_speaker(seat)
            return
        value, seat, action = self._best()
        if action is not None and not spec.to_next_round:
            return self._won_auction(seat, action)
        self._next_round()

    def _next_speaker(self, seat: int) -> int:
        """The seat after ``seat`` that speaks in this round."""
        players = self.game.players
        seat = (seat + 1) % players
        spec = self.game.auction.rounds[self.round]
        if spec.who is not None or spec.drop_out:
            while not self.speakers >> seat & 1:
                seat = (seat + 1) % players
        return seat

    def _open_bid(self, seat: int, action: Action, passes: int) -> None:
        """A call, double or pass in an open round: it ends after ``passes`` passes in a row
        that follow a call, or when every player has passed without one. Where a pass is
        final (``drop_out``), ``spoken`` counts the players out, and the round ends once
        ``passes`` of them are out and a call stands."""
        drop_out = self.game.auction.rounds[self.round].drop_out
        if action.kind == "pass":
            self.spoken += 1
            if drop_out:
                self.speakers &= ~(1 << seat)
        else:
            if not drop_out:
                self.spoken = 0
            self.doubled = action.arg + 1 if action.kind == "double" else 0
        value, winner, call = self._best()
        if call is not None and self.spoken >= passes:
            return self._won_auction(winner, call)
        if call is None and self.spoken >= self.game.players:
            return self._next_round()
        self.current = self._next_speaker(seat)

    def _next_round(self) -> None:
        if self.round + 1 < len(self.game.auction.rounds):
            self.round += 1
            self.spoken = 0
            self.current = self.game.auction.first(self)
            self._start_round()
            return
        default = self.game.auction.default
        if default is not None:                       # a default game: that seat takes that call
            seat, action = default
            return self._won_auction(seat(self), action)
        if self.game.auction.passed_out == "score":   # a passed-out board: the deal ends, and counts
            self._end()
            return
        self._annul()

    def _start_round(self) -> None:
        """The first to speak in a round that has just begun (``current`` is ``first``): in
        duels the second player, who calls against the first; in a round with ``who``, the
        first of its speakers (if nobody speaks, the round ends as if all had passed). Where a
        pass is final, every player starts in."""
        spec = self.game.auction.rounds[self.round]
        if spec.ends == "in duels":
            first = self.current
            self.duel = (first, (first + 1) % self.game.players, 2)
            self.current = self.duel[1]
        elif spec.drop_out:
            self.speakers = (1 << self.game.players) - 1        # everyone is in until he passes
        elif spec.who is not None:
            first, players, speakers = self.current, self.game.players, 0
            for k in range(players):
                self.current = (first + k) % players
                if spec.who(self):
                    speakers |= 1 << self.current
            self.speakers = speakers
            if not speakers:
                return self._next_round()
            self.current = self._next_speaker(first - 1)

    def _duel(self, seat: int, action: Action) -> None:
        holder, challenger, entered = self.duel
        if challenger is None:                      # the last survivor, who heard no call
            if action.kind == "call":
                return self._won_auction(seat, action)
            return self._next_round()
        if seat == challenger and action.kind == "call":
            self.current = holder
            return
        if seat == holder and action.kind == "hold":
            self.current = challenger
            return
        survivor = challenger if seat == holder else holder
        players = self.game.players
        if entered < players:
            first = self.game.auction.first(self)
            self.duel = (survivor, (first + entered) % players, entered + 1)
            self.current = self.duel[1]
            return
        value, _, call = self._best()
        if call is not None:
            return self._won_auction(survivor, call)
        self.duel = (survivor, None, entered)
        self.current = survivor

    def _won_auction(self, seat: int, action: Action) -> None:
        auction = self.game.auction
        spec = auction.calls[action.arg]
        if auction.taker == "first of side to name it":    # the same call at any number
            side = self._side(seat)
            seat = next(s for s, a, _ in self.bids if a.kind == "call" and a.arg == action.arg
                        and a.suit == action.suit and self._side(s) == side)
        self.taker = seat
        self.call = action
        self.contract = self._value_of(action)
        if spec.trump is not None:
            self.bound = {"suit": action.suit}
            trump = spec.trump(self)
            self.trump = -1 if trump is None else trump  # 'none': no trump
            self.bound = {}
        if spec.ranking is not None:
            self.rule, self.points = self.game.rankings[spec.ranking]
        self.stage = END_OF_AUCTION
        self._advance()

    def _deal_after_auction(self) -> None:
        """The winning call's own deal, or else the auction's."""
        auction = self.game.auction
        own = auction.calls[self.call.arg].then_deal
        self._deal(auction.then_deal if own is None else own)
