"""The mutable state of one deal: small, flat and cheap to clone.

The rules of each phase live in their own module, mixed into State: ``auction`` (bidding),
``transfers`` (decisions after the auction, discards and passed cards, cards shown),
``play`` (trick play) and ``settlement`` (the result). This module holds the state itself,
the deal, the order of the stages and the OpenSpiel-like interface.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import RULE_ERRORS, DealLimitError, IllegalActionError, RuleRuntimeError, reraise_rule_error
from .auction import AuctionPhase
from .cards import bits
from .parts import Action, Standing
from .phases import (AUCTION, DECIDE, END_OF_AUCTION, OVER, PLAY, START_OF_PLAY, THEN_DEAL, TRANSFER, TRANSFERS,
                     Private, Taken)
from .play import TrickPlay
from .refusals import Refusals
from .settlement import Reason, Result, Settlement, _num
from .shuffle import shuffle
from .transfers import TransferPhase

if TYPE_CHECKING:
    from .rules import Rules

MAX_ACTIONS_PER_DEAL = 10_000
"""Actions one deal may take, cards included (a deal of 78 cards and an auction take about a
hundred): a rule file that lets an action be taken again and again stops with DealLimitError
instead of running forever. It is checked at every action but a card's play (hands run out)."""

_BIT = (1).__lshift__      # card -> its bit: sum(map(_BIT, cards)) is the mask of distinct cards

__all__ = ["State", "Result", "Reason", "MAX_ACTIONS_PER_DEAL", "AUCTION", "PLAY", "OVER", "DECIDE", "TRANSFER"]

# Each field of a new deal's State and its first value, as Python over start()'s parameters
# (game, dealer, hands, piles, standing); SEATS and MARKS stand for a list of one value per
# seat or per mark. State.start sets them through fields_source(); a game's generated start
# (generate_deal.py) sets the same, the lists written out for its numbers of seats and marks.
FIELDS: tuple[tuple[str, str], ...] = (
    ("game", "game"), ("hands", "hands"), ("piles", "piles"), ("dealer", "dealer"),
    ("trump", "-1"), ("trumps", "0"), ("memo", "None"), ("out", "None"),
    ("rule", "game.trick_rule"), ("points", "game.points_table"),
    ("trick", "[]"), ("trick_seats", "[]"),
    ("winning_at", "None"),             # trick_winner_at(), found once per card played
    ("trick_keys", "None"),             # the generated engine's keys of the trick (TrickRule.lead_keys)
    ("tables", "None"),                 # the trick rule's tables for the trump in force, set when play starts
    ("won", "SEATS(0)"), ("scored", "SEATS(0)"), ("tricks", "SEATS(0)"),
    ("winners", "[]"), ("past", "[]"), ("history", "[]"), ("bound", "{}"),
    ("taker", "None"), ("call", "None"), ("contract", "0"), ("bids", "[]"), ("round", "0"), ("spoken", "0"),
    ("duel", "None"), ("speakers", "0"), ("doubled", "0"), ("taken", "0"), ("marks", "MARKS(None)"), ("melds", "SEATS(0)"), ("meld_best", "SEATS(None)"),
    ("played", "0"),                    # every card played so far in the deal, a mask
    ("shown", "SEATS(0)"), ("shown_cards", "SEATS(0)"), ("teams", "game.teams"), ("team_of", "game.team_of"),
    ("stage", "TRANSFERS"), ("decision", "None"), ("pending", "None"), ("queue", "[]"), ("incoming", "[]"),
    ("annulled", "False"),
    ("is_over", "False"),               # the deal is over: set with current = None, by _end only
    ("dummy", "None"), ("dummy_by", "None"),   # a seat whose cards another chooses (play: dummy), and that seat
    ("match_scores", "None if standing is None else standing.scores"),
    ("deal_number", "1 if standing is None else standing.deal_number"),
    ("counters", "game.counter_starts if standing is None or standing.counters is None else standing.counters"),
    ("_legal", "None"), ("current", "None"), ("leader", "None"), ("phase", "PLAY"),
)


def fields_source(seats: int | None = None, marks: int | None = None, instead: dict[str, str] | None = None
                  ) -> list[str]:
    """The statements that set FIELDS on ``self``: a list per seat or mark is written out for
    the numbers given (``[0, 0]``), else sized from the game (``[0] * game.players``); a field
    ``instead`` names starts at the value it gives (a generated start that knows its stage)."""
    def sized(value: str) -> str:
        for word, count, size in (("SEATS", seats, "game.players"), ("MARKS", marks, "len(game.mark_names)")):
            if value.startswith(word + "("):
                item = value[len(word) + 1:-1]
                return f"[{item}] * {size}" if count is None else f"[{', '.join([item] * count)}]"
        return value
    instead = instead or {}
    return [f"self.{name} = {instead.get(name) or sized(value)}" for name, value in FIELDS]


def _fields_setter():
    """set_fields(self, game, dealer, hands, piles, standing), compiled once from FIELDS."""
    source = "def set_fields(self, game, dealer, hands, piles, standing):\n" + \
        "".join(f"    {line}\n" for line in fields_source())
    namespace = {"TRANSFERS": TRANSFERS, "PLAY": PLAY}
    exec(compile(source, "<State fields>", "exec"), namespace)
    return namespace["set_fields"]


_set_fields = _fields_setter()


class State(AuctionPhase, TransferPhase, TrickPlay, Settlement, Refusals):
    """One deal in progress. ``apply`` checks legality; ``clone`` is a few list copies.

    Cards are int bitmasks (hands, won cards) or short lists (piles, top card first; the
    trick in order of play). Everything else is a few ints. ``is_over`` is True once the deal
    has ended (``current`` is then None): a field, not a property, since a playout reads it at
    every step.
    """

    __slots__ = ("game", "phase", "hands", "piles", "dealer", "current", "leader", "trick", "trick_seats",
                 "won", "tricks", "winners", "trump", "history", "is_over", "bound", "taker", "contract", "bids",
                 "round", "spoken", "marks", "melds", "dealt", "annulled", "match_scores", "scored", "_legal",
                 "teams", "team_of", "call", "stage", "decision", "pending", "queue", "incoming", "shown",
                 "shown_cards", "past", "deal_number", "counters", "trumps", "out", "rule", "points", "memo", "duel",
                 "meld_best", "played", "winning_at", "trick_keys", "tables", "doubled", "speakers", "dummy", "dummy_by", "taken")

    @classmethod
    def start(cls, game: Rules, dealer: int, hands: list[int], piles: list[list[int]], deal: bool = False,
              standing: Standing | None = None) -> State:
        """A new deal's state: its fields (FIELDS), the deal when ``deal``, then its first stage
        (an annulment, the auction, or the stages up to the first decision)."""
        self = cls.__new__(cls)
        _set_fields(self, game, dealer, hands, piles, standing)
        if deal:
            self._deal(game.deal_plan)
        self.dealt = list(self.hands)
        for index, start in game.mark_starts:       # a mark's 'start': its value until an action sets it
            self.marks[index] = start(self)
        if game.annul_when is not None and game.annul_when(self):
            self._annul()
        elif game.auction is not None:
            self.phase = AUCTION
            self.current = game.auction.first(self)
            self._start_round()
        else:
            self._advance()
        return self

    def _advance(self) -> None:
        """Run the stages between the auction and the tricks until one waits for a player."""
        while True:
            stage = self.stage
            self.stage += 1
            if stage == END_OF_AUCTION:
                if self._offer("end of auction"):
                    return
            elif stage == THEN_DEAL:
                self._deal_after_auction()
                self.dealt = list(self.hands)
            elif stage == TRANSFERS:
                if self.game.transfers:
                    self.queue = self._transfer_queue()
                    if self._next_transfer():
                        return
            elif stage == START_OF_PLAY:
                if self._offer("start of play"):
                    return
            else:
                self._start_play()
                return

    def _deal(self, plan) -> None:
        """Deal ``plan`` from the pack (pile 0), the first packet to the player after the dealer."""
        game = self.game
        pack = self.piles[0]
        first = (self.dealer + 1) % game.players
        places = game.deal_places if plan is game.deal_plan and len(pack) == game.deck.size else None
        if places is not None:
            seats, piles, end = places
            for k, cards in seats:
                self.hands[(first + k) % game.players] |= sum(map(_BIT, cards(pack)))
            for p, cards in piles:
                self.piles[p].extend(cards(pack))
            del pack[:end]
            return
        shown = set()
        for step in plan:
            if step.show is not None:
                codes = game.deck.codes
                cards = " ".join(codes[c] for c in self.piles[step.show])
                self.history.append((None, f"{game.pile_names[step.show]}: {cards}"))
                shown.add(step.show)
                continue
            if step.move is not None:
                pile, seat = step.move
                who = seat(self)
                if (game.pile_public[pile] or pile in shown) and self.piles[pile]:
                    codes = game.deck.codes
                    self.history.append((None, Taken(game.pile_names[pile], who,
                                                     tuple(codes[c] for c in self.piles[pile]))))
                self.hands[who] |= sum(map(_BIT, self.piles[pile]))
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
            self.hands[seat] |= sum(map(_BIT, pack[:count]))
            del pack[:count]

    def _annul(self) -> None:
        self.annulled = True
        self._end()

    def clone(self) -> State:
        other = self.__class__.__new__(self.__class__)
        other.game = self.game
        other.phase = self.phase
        other.hands = self.hands[:]
        other.piles = [p[:] for p in self.piles]
        other.dealer = self.dealer
        other.current = self.current
        other.leader = self.leader
        other.trick = self.trick[:]
        other.trick_seats = self.trick_seats[:]
        other.winning_at = self.winning_at
        other.trick_keys = self.trick_keys
        other.tables = self.tables
        other.won = self.won[:]
        other.scored = self.scored[:]
        other.tricks = self.tricks[:]
        other.winners = self.winners[:]
        other.past = self.past[:]
        other.trump = self.trump
        other.trumps = self.trumps
        other.out = self.out
        other.memo = None
        other.rule, other.points = self.rule, self.points
        other.history = self.history[:]
        other.bound = {}
        other.taker = self.taker
        other.call = self.call
        other.contract = self.contract
        other.bids = self.bids[:]
        other.round = self.round
        other.spoken = self.spoken
        other.duel = self.duel
        other.speakers = self.speakers
        other.doubled = self.doubled
        other.taken = self.taken
        other.dummy, other.dummy_by = self.dummy, self.dummy_by
        other.marks = self.marks[:]
        other.melds = self.melds[:]
        other.meld_best = self.meld_best[:]
        other.played = self.played
        other.shown = self.shown[:]
        other.shown_cards = self.shown_cards[:]
        other.teams, other.team_of = self.teams, self.team_of
        other.stage = self.stage
        other.decision = self.decision
        other.pending = self.pending
        other.queue = self.queue
        other.incoming = self.incoming
        other.dealt = self.dealt
        other.annulled = self.annulled
        other.is_over = self.is_over
        other.match_scores = self.match_scores
        other.deal_number = self.deal_number
        other.counters = self.counters
        other._legal = self._legal
        return other

    # a new deal's pack is shuffled as random.Random.shuffle shuffles it (shuffle.py); the
    # compiled tier's engine class has the same steps in C (cython_source.py)
    shuffle_pack = staticmethod(shuffle)

    def set_cards(self, seat: int, cards: int) -> None:
        """Give a seat a different hand (for worlds sampled by a player, and tests)."""
        self.hands[seat] = cards
        self._legal = None

    # --- the OpenSpiel-like interface ------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that decides now: the seat to act, or for a dummy (play: dummy) the seat
        that plays its cards. ``current`` stays the seat whose hand is played."""
        if self.current is not None and self.current == self.dummy:
            return self.dummy_by
        return self.current

    def dummy_shown(self) -> bool:
        """True once the dummy's hand lies face up: after the opening lead."""
        return self.dummy is not None and self.played != 0

    def trick_winner_at(self) -> int:
        """Position in the trick (not empty) of the card winning it so far, -1 when it is
        spoiled: decided once per card played, however many rules and players ask."""
        at = self.winning_at
        if at is None:
            at = self.winning_at = self.rule.winner(self.trick, self.trump, self.trumps)
        return at

    def legal_mask(self) -> int:
        """The cards the player to act may play, as a bitmask (0 outside trick play)."""
        if self._legal is None:
            if self.phase == PLAY and self.pending is None:
                self._legal = self._compute_legal()
                if not self._legal:
                    self._no_card()
            else:
                self._legal = 0
        return self._legal

    def legal_actions(self) -> list[Action]:
        """The legal actions in a stable order: side actions, card plays (by card number),
        melds with a lead, shows, the announcement of melds; calls in the order of the rule file, then pass."""
        try:
            return self._legal_actions()
        except RULE_ERRORS as err:
            reraise_rule_error(err)

    def _legal_actions(self) -> list[Action]:
        game = self.game
        phase = self.phase
        if phase == PLAY:
            if self.pending is not None:
                return self._reveals()
            plays = game.plays_of(self.legal_mask())
            if game.simple:
                return plays
            turn = self._turn_actions() if game.offered.get("turn") else []
            if self.trick:
                plays = turn + plays + self._shows() if game.shows else turn + plays
                return plays + self._announcement() if game.melds is not None else plays
            return self._side_actions() + turn + plays + self._declarations() + (self._shows() if game.shows else []) \
                + (self._announcement() if game.melds is not None else [])
        if phase == AUCTION:
            return self._calls()
        if phase == TRANSFER:
            return self._gives()
        if phase == DECIDE:
            return self._decisions()
        return []

    def plays_only(self) -> bool:
        """True when nothing but card plays can be legal here, found without building the
        legal actions; False when other actions may be on offer (legal_actions() tells).
        Side actions and declarations come with a lead, shows and melds before the first
        trick is won, and actions 'at: turn' while their 'when' holds."""
        if self.phase != PLAY or self.pending is not None:
            return False
        game = self.game
        if game.plain_play:
            return True
        in_first_trick = not self.past
        return bool(self.trick) and not (in_first_trick and (game.shows or game.melds is not None)) \
            and not (game.offered.get("turn") and self._turn_actions())

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (an Action or its text); raise IllegalActionError otherwise."""
        if self.current is None:
            raise IllegalActionError("the deal is over: no action can be played")
        if not isinstance(action, Action):
            action = self.resolve(str(action))
        if action.kind == "play" and self.phase == PLAY and self.pending is None:
            if not (self.legal_mask() >> action.card) & 1:
                raise IllegalActionError.refused(self.why_refused(action))
        elif action not in self.legal_actions():
            raise IllegalActionError.refused(self.why_refused(action))
        try:
            self.apply_unchecked(action)
        except RULE_ERRORS as err:
            reraise_rule_error(err)

    def resolve(self, text: str) -> Action:
        """The action a person means by ``text`` here: a legal action of that text first (a call's
        name may serve in two rounds); a card alone names the legal action on that card (``3H``
        while passing cards is ``pass 3H``); else whatever the text names, legal or not."""
        folded = " ".join(text.split()).casefold()
        legal = self.legal_actions()
        for action in legal:
            if action.text.casefold() == folded:
                return action
        parsed = self.game.parse_action(text)
        if parsed.kind == "play" and parsed not in legal:
            on_card = [a for a in legal if a.card == parsed.card]
            if len(on_card) == 1:
                return on_card[0]
        return parsed

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. taken from legal_actions())."""
        kind = action.kind
        if kind == "play":
            self._play(action.card)
            return
        if len(self.history) >= MAX_ACTIONS_PER_DEAL:
            raise DealLimitError.at(self._rule_of(action), f"the deal has taken {MAX_ACTIONS_PER_DEAL:,} actions "
                                    f"without ending: '{action.text}' (seat {self.current}) may be taken again and "
                                    "again; its 'when' must stop holding once it is taken")
        if self.phase == DECIDE:
            self._decide(action)
        elif kind == "give":
            self._give(action)
        elif kind == "reveal":
            self._reveal(action)
        elif kind == "show":
            self._start_show(action)
        elif kind == "declare":
            self._declare(action)
        elif kind == "meld":
            self._announce()
        elif kind == "act":
            self._act(action)
        else:
            self._bid(action)

    def _no_card(self) -> None:
        """A player whose turn it is to play holds no card: the rule file handed the seats
        unequal hands (a swap or a transfer moving more cards one way than the other)."""
        game = self.game
        moved = next((text for _, text in reversed(self.history) if isinstance(text, str)), None)
        action = next((a for a in game.actions if a.text == moved and a.kind in ("act", "give")), None)
        holders = [f"seat {s}" for s, hand in enumerate(self.hands) if hand]
        raise RuleRuntimeError.at(None if action is None else self._rule_of(action),
                                  f"seat {self.current} must play a card but holds none"
                               + (f", while {' and '.join(holders)} still {'holds' if len(holders) == 1 else 'hold'} cards"
                                  if holders else
                                  ", nor does any seat, and the deal has not ended")
                               + ": the rule file leaves the seats unequal hands"
                               + (f" (the last action before it: '{moved}')" if moved else ""))

    def _rule_of(self, action: Action) -> tuple | None:
        """Where in the rule file the action is defined: a side action, a transfer, a show."""
        game = self.game
        if action.kind == "act":
            return ("play", "actions", game.side_actions[action.arg].name)
        if action.kind == "show":
            return ("play", "show", game.shows[action.arg].name)
        if action.kind == "give":
            return ("transfers", game.transfers[action.arg].name)
        return None

    # --- reading the state -------------------------------------------------------------

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know: its own hand, public cards and the history of play."""
        game = self.game
        codes = game.deck.codes
        return {
            "seat": seat,
            "dealer": self.dealer,
            "to_act": self.current,
            "decides": self.current_player,
            "hand": [codes[c] for c in bits(self.hands[seat])],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": [[s, codes[c]] for s, c in zip(self.trick_seats, self.trick)],
            "leader": self.leader,
            "tricks": list(self.tricks),
            "trick_winners": [None if w < 0 else w for w in self.winners],
            "history": [[s, codes[x] if isinstance(x, int) else x.seen_by(seat) if isinstance(x, Private) else str(x)]
                        for s, x in self.history],
            "piles": {name: [codes[c] for c in pile]
                      for name, pile, public in zip(game.pile_names, self.piles, game.pile_public) if public},
            "pile_sizes": {name: len(pile) for name, pile in zip(game.pile_names, self.piles)},
            "trump": game.deck.suit_codes[self.trump] if self.trump >= 0 else None,
            "taker": self.taker,
            "call": None if self.call is None else self.call.text,
            "marks": {name: value for name, value in zip(game.mark_names, self.marks)},
            "melds": [_num(m) for m in self.melds],
            "shown": [[codes[c] for c in bits(m)] for m in self.shown_cards],
            "to_choose": None if self.pending is None else self.pending[2],
            "dummy": self.dummy,
            "dummy_hand": [codes[c] for c in bits(self.hands[self.dummy])] if self.dummy_shown() else None,
        }
