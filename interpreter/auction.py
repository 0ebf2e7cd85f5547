"""The auction: calls and passes in turn, round after round, until a call wins or all pass."""
from __future__ import annotations

from .game import Action
from .phases import END_OF_AUCTION


class AuctionPhase:
    """Bidding, mixed into State."""

    __slots__ = ()

    def _calls(self) -> list[Action]:
        game = self.game
        auction = game.auction
        calls, _, may_pass, rising = auction.rounds[self.round]
        best = max((v for _, a, v in self.bids if a.kind == "call"), default=None) if rising else None
        found = []
        for action in game.by_kind["call"]:
            if action.arg not in calls:
                continue
            spec = auction.calls[action.arg]
            value = action.number if spec.numbers is not None else spec.value
            if value is not None and best is not None and value <= best:
                continue
            if spec.for_suit is not None or spec.when is not None:
                self.bound = {"suit": action.suit, "number": action.number}
                accepted = (spec.for_suit is None or spec.for_suit(self)) and (spec.when is None or spec.when(self))
                self.bound = {}
                if not accepted:
                    continue
            found.append(action)
        if not isinstance(may_pass, bool):
            may_pass = may_pass(self)
        if may_pass or not found:
            found.append(game.actions[-1])  # pass
        return found

    def _bid(self, action: Action) -> None:
        game = self.game
        auction = game.auction
        seat = self.current
        self._legal = None
        self.history.append((seat, action.text))
        value = None
        if action.kind == "call":
            spec = auction.calls[action.arg]
            value = action.number if spec.numbers is not None else spec.value if spec.value is not None else 0
        self.bids.append((seat, action, value))
        self.spoken += 1
        ends_at_call = auction.rounds[self.round][1]
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
        self._annul()

    def _won_auction(self, seat: int, action: Action) -> None:
        spec = self.game.auction.calls[action.arg]
        self.taker = seat
        self.call = action
        self.contract = action.number if spec.numbers is not None else spec.value if spec.value is not None else 0
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
