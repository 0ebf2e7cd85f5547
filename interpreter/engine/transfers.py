"""Between the auction and the tricks, and before a player's first card: one-off decisions
(actions offered at the end of the auction or at the start of play), transfers of chosen
cards (a discard, cards passed to a player) and declarations that show cards.

A choice of several cards is made one card at a time, so the legal actions stay a short list:
each step offers exactly the cards after which a complete valid choice still exists.
"""
from __future__ import annotations

from ..errors import IllegalActionError, RuleRuntimeError
from .cards import bits
from .parts import Action
from .phases import DECIDE, PLAY, TRANSFER, Private


class TransferPhase:
    """Decisions, transfers and shows, mixed into State."""

    __slots__ = ()

    # --- one-off decisions ----------------------------------------------------------------

    def _offer(self, at: str) -> bool:
        """Offer the actions of stage ``at``, each to its own ``by`` seat (the taker by default):
        the seats that have one decide in turn, in seat order from the player after the dealer,
        each taking one of its actions or passing. False when none is offered."""
        specs = self.game.offered.get(at)
        if not specs:
            return False
        players = self.game.players
        first = (self.dealer + 1) % players
        seats = {seat for spec in specs if (seat := self._decider(spec)) is not None}
        phase, current = self.phase, self.current
        if self._ask(at, tuple(sorted(seats, key=lambda seat: (seat - first) % players))):
            return True
        self.phase, self.current = phase, current
        return False

    def _decider(self, spec) -> int | None:
        return spec.by(self) if spec.by is not None else self.taker

    def _ask(self, at: str, seats: tuple[int, ...]) -> bool:
        """Make the first of ``seats`` that has an action to take the one deciding; False when none has."""
        for k, seat in enumerate(seats):
            self.phase, self.current, self.decision, self._legal = DECIDE, seat, (at, seats[k + 1:]), None
            if self._decisions():
                return True
        self.decision = None
        return False

    def _decisions(self) -> list[Action]:
        game = self.game
        at = self.decision[0]
        found, required = [], False
        for action in game.by_kind["act"]:
            spec = game.side_actions[action.arg]
            if spec.at != at or self._decider(spec) != self.current:
                continue
            if action.card >= 0:
                self.bound = {"card": self.game.deck.copy_masks[action.card]}
            ok = spec.when is None or spec.when(self)
            self.bound = {}
            if ok:
                found.append(action)
                required = required or spec.required
        if found and not required:
            found.append(game.actions[-1])  # pass
        return found

    def _decide(self, action: Action) -> None:
        if action.kind == "pass":
            self.history.append((self.current, action.text))
        else:
            self._act(action)
        at, later = self.decision
        self._legal = None
        if not self._ask(at, later):
            self._advance()

    # --- transfers ------------------------------------------------------------------------

    def _transfer_queue(self) -> list[tuple[int, int]]:
        """(transfer, seat) in order: a transfer to 'each' goes round from the dealer's next."""
        game = self.game
        queue = []
        first = (self.dealer + 1) % game.players
        for k, spec in enumerate(game.transfers):
            if spec.who is None:
                queue.extend((k, (first + i) % game.players) for i in range(game.players))
            elif (seat := spec.who(self)) is not None:
                queue.append((k, seat))
        return queue

    def _next_transfer(self) -> bool:
        """Start the next transfer whose condition holds; False when none is left."""
        game = self.game
        while self.queue:
            k, seat = self.queue[0]
            self.queue = self.queue[1:]
            self.current = seat
            spec = game.transfers[k]
            if spec.when is None or spec.when(self):
                self.phase, self.pending, self._legal = TRANSFER, ("give", k, spec.count, 0), None
                return True
            self._deliver(k)
        return False

    def _deliver(self, k: int) -> None:
        """Cards passed to players arrive once everyone of that transfer has chosen."""
        if self.incoming and not any(q[0] == k for q in self.queue):
            for seat, cards in self.incoming:
                self.hands[seat] |= cards
            self.incoming = []

    def _choosable(self, allowed: int, first, remaining: int) -> int:
        """Cards of ``first`` go before any other: the others only when there are too few of them."""
        if first is not None:
            preferred = allowed & first(self)
            if preferred.bit_count() >= remaining:
                return preferred
        return allowed

    def _gives(self) -> list[Action]:
        _, k, remaining, chosen = self.pending
        spec = self.game.transfers[k]
        hand = self.hands[self.current] & ~chosen
        allowed = spec.cards(self) & hand
        if allowed.bit_count() < remaining:
            allowed = hand
        if not hand:                    # a deal that changes its size dealt too few cards for the transfer
            raise RuleRuntimeError.at(("transfers", spec.name, "count"), f"seat {self.current} must give "
                                      f"{remaining} more card(s) for '{spec.name}' but holds none: the deal "
                                      f"(deal {self.deal_number}) gives too few cards for its count "
                                      f"{spec.count}")
        row = self.game.card_actions[("give", k)]
        return [row[c] for c in bits(self.game.deck.distinct(self._choosable(allowed, spec.first, remaining)))]

    def _give(self, action: Action) -> None:
        _, k, remaining, chosen = self.pending
        game = self.game
        spec = game.transfers[k]
        seat, card = self.current, action.card
        public = spec.shown is not None and spec.shown(self) >> card & 1
        self.history.append((seat, action.text if public else Private(action.text, seat, spec.said)))
        chosen |= 1 << card
        self._legal = None
        if remaining > 1:
            self.pending = ("give", k, remaining - 1, chosen)
            return
        self.pending = None
        self.hands[seat] &= ~chosen
        if spec.to_pile is not None:
            self.piles[spec.to_pile].extend(bits(chosen))
        else:
            self.incoming = self.incoming + [(spec.to_seat(self), chosen)]
        self._deliver(k)
        if not self._next_transfer():
            self._advance()

    def can_take_back(self) -> bool:
        """Whether the player choosing cards one at a time (a transfer, or cards shown) has
        chosen some and may take the last one back: nothing has left his hand yet."""
        return self.pending is not None and self.pending[3] != 0

    def take_back(self) -> Action:
        """Undo the last card chosen for the transfer or show being made, which then wants one
        more card again; returns the action undone. Raises IllegalActionError when there is
        none (nothing chosen yet, or the cards have gone). Not an action of the game: players
        and the AI never see it; a table offers it to a person."""
        if not self.can_take_back():
            raise IllegalActionError("take back: no card is being chosen now")
        kind, k, remaining, chosen = self.pending
        _, entry = self.history.pop()
        text = entry.text if isinstance(entry, Private) else entry
        row = self.game.card_actions[("give", k) if kind == "give" else ("reveal", -1)]
        card = [c for c in bits(chosen) if row[c].text == text][-1]     # of two copies, either may go back
        self.pending = (kind, k, remaining + 1, chosen & ~(1 << card))
        self._legal = None
        return row[card]

    # --- declarations that show cards, before a player's first card ------------------------

    def _shows(self) -> list[Action]:
        """The declarations that show cards the player may make now: before his first card, each
        at most once a deal (whatever its 'when' says, so that none can be made again and again)."""
        game = self.game
        seat = self.current
        if self.winners or seat in self.trick_seats:
            return []
        made = {text for who, text in self.history if who == seat and isinstance(text, str)}
        return [a for a in game.by_kind["show"] if a.text not in made and game.shows[a.arg].when(self)]

    def _start_show(self, action: Action) -> None:
        self.history.append((self.current, action.text))
        self.pending = ("reveal", action.arg, self.game.shows[action.arg].count, 0)
        self._legal = None

    def _reveals(self) -> list[Action]:
        _, k, remaining, chosen = self.pending
        spec = self.game.shows[k]
        row = self.game.card_actions[("reveal", -1)]
        return [row[c] for c in bits(self.game.deck.distinct(self._choosable(spec.cards(self) & ~chosen, spec.first,
                                                                              remaining)))]

    def _reveal(self, action: Action) -> None:
        _, k, remaining, chosen = self.pending
        seat = self.current
        self.history.append((seat, action.text))
        chosen |= 1 << action.card
        self._legal = None
        if remaining > 1:
            self.pending = ("reveal", k, remaining - 1, chosen)
            return
        self.pending = None
        self.shown[seat] += self.game.shows[k].points(self)
        self.shown_cards[seat] |= chosen
        self.phase = PLAY
