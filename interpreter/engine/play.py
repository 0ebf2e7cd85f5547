"""Trick play: what a player may play, side actions and melds with a lead, who wins a trick and
what becomes of its cards, drawing from the stock."""
from __future__ import annotations

from fractions import Fraction

from ..errors import RuleRuntimeError
from .cards import bits
from .parts import Action
from .phases import OVER, PLAY, Melded, Said, Taken


class TrickPlay:
    """Trick play, mixed into State."""

    __slots__ = ()

    def _start_play(self) -> None:
        game = self.game
        self.phase = PLAY
        self.dealt = list(self.hands)
        if game.team_rules is not None:
            self._form_teams()
        if game.trump is not None:
            trump = game.trump(self)
            self.trump = -1 if trump is None else trump      # 'none': a deal without trumps
        self.trumps = game.deck.suit_masks[self.trump] if self.trump >= 0 else 0
        if game.trump_cards is not None:
            self.trumps = game.trump_cards(self)
        if game.sits_out is not None:
            self.out = game.sits_out(self)
        self.tables = self.rule.tables(self.trump, self.trumps, game.deck.all)
        lead = game.lead(self)
        self.current = self.leader = lead if lead != self.out else (lead + 1) % game.players
        if game.dummy is not None:
            self._seat_dummy()
        self._legal = None

    def _seat_dummy(self) -> None:
        """The dummy and the seat that plays its cards, found as play begins."""
        seat, by = self.game.dummy
        self.dummy, self.dummy_by = seat(self), by(self)

    def _form_teams(self) -> None:
        """Teams formed by the deal: each seat joins the first team whose condition holds."""
        game = self.game
        members: list[list[int]] = [[] for _ in game.team_rules]
        team_of = []
        for seat in range(game.players):
            self.bound = {"seat": seat}
            team = next((t for t, rule in enumerate(game.team_rules) if rule(self)), None)
            self.bound = {}
            if team is None:
                raise RuleRuntimeError(f"{game.path}: teams: seat {seat} meets no team's condition")
            members[team].append(seat)
            team_of.append(team)
        self.teams = tuple(tuple(m) for m in members)
        self.team_of = tuple(team_of)

    def _compute_legal(self) -> int:
        """Follow clauses bind a player once a suit has been led; a leader plays any card."""
        hand = self.hands[self.current]
        game = self.game
        if not self.trick:
            return self._choose_by(game.leads, hand) if game.leads else hand
        if self.rule.led_suit(self.trick, self.trump, self.trumps) < 0:
            return hand
        allowed = self._choose_by(game.follow, hand)
        if game.always is not None:
            allowed |= hand & game.always(self)
        return allowed

    def _choose_by(self, clauses, hand: int) -> int:
        """The first clause whose condition holds and that leaves the player a card decides."""
        allowed = hand
        for when, select in clauses:
            if when is not None and not when(self):
                continue
            chosen = hand & select(self)
            if chosen:
                allowed = chosen
                break
        return allowed

    def _side_actions(self) -> list[Action]:
        game = self.game
        found = []
        for k, spec in enumerate(game.side_actions):
            if spec.at == "lead":
                found += self._lead_actions_of(k)
        return found

    def _turn_actions(self) -> list[Action]:
        """The actions 'at: turn' the player to act may take before his card: those whose
        'when' holds and that he has not taken this deal."""
        game = self.game
        seat, players = self.current, game.players
        found = []
        for k, spec in enumerate(game.side_actions):
            if spec.at == "turn" and not self.taken >> (k * players + seat) & 1:
                found += self._lead_actions_of(k)
        return found

    def _lead_actions_of(self, k: int) -> list[Action]:
        """The actions of side action ``k`` its ``when`` allows the leader now; one made for each
        card (``for each card``) sees that card as ``card``."""
        game = self.game
        when = game.side_actions[k].when
        found = []
        for action in game.by_kind["act"]:
            if action.arg != k:
                continue
            if action.card >= 0:
                self.bound = {"card": self.game.deck.copy_masks[action.card]}
            ok = when is None or when(self)          # 'at: turn' needs no 'when'
            self.bound = {}
            if ok:
                found.append(action)
        return found

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

    def _announcement(self) -> list[Action]:
        """'announce', to a player at his turn in the first trick who holds a meld and has not
        announced (melds announced at the first turn)."""
        game = self.game
        seat = self.current
        if game.melds.at != "first turn" or self.past or self.meld_best[seat] is not None \
                or seat in self.trick_seats or not game.melds.find(self.hands[seat]):
            return []
        return list(game.by_kind["meld"])

    def _announce(self) -> None:
        """The player shows every meld he holds; their points go to melds(seat)."""
        seat = self.current
        found = self.game.melds.find(self.hands[seat])
        for meld in found:
            self.shown_cards[seat] |= meld.cards
        self._score_melds(seat, found)
        self._legal = None
        if self.game.ends_when is not None and self.game.ends_when(self):
            self._end()

    def _score_melds(self, seat: int, found: list) -> None:
        """Add the melds' points to the seat, keep its best (by ``melds.ties``) for
        best_meld(), and say in the history what was melded."""
        game = self.game
        melds, deck = game.melds, game.deck
        best = self.meld_best[seat]
        labels, cards = [], 0
        for meld in found:
            self.bound = {"suit": meld.suit if meld.suit >= 0 else None}
            points = melds.combinations[meld.combination].points(self)
            self.bound = {}
            if not points:
                continue
            self.melds[seat] += points
            key = self._meld_key(seat, meld, points)
            best = key if not best or key > best else best
            labels.append(melds.label(meld, deck.suit_codes, deck.rank_of))
            cards |= meld.cards
        self.meld_best[seat] = best or ()             # (): melded, nothing that scores
        if labels:
            self.history.append((None, Melded(seat, tuple(labels), tuple(deck.codes[c] for c in bits(cards)))))

    def _meld_key(self, seat: int, meld, points) -> tuple:
        """What best_meld() compares a meld by: the rule file's ``ties``, in turn (higher wins)."""
        key = []
        for tie in self.game.melds.ties:
            if tie == "points":
                key.append(points)
            elif tie == "top card":
                key.append(meld.top)
            elif tie == "top card in force":
                key.append(max(self.rule.strength[c] for c in bits(meld.cards)))
            elif tie == "trump":
                key.append(meld.suit >= 0 and meld.suit == self.trump)
            elif tie == "kind":
                key.append(-meld.combination)
            else:                                           # seat: the nearer the dealer's left
                key.append(-((seat - self.dealer - 1) % self.game.players))
        return tuple(key)

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
            if game.pile_public[pile] and theirs:            # everyone saw those cards go into the hand
                self.history.append((None, Taken(game.pile_names[pile], seat, tuple(game.deck.codes[c] for c in theirs))))
            self.piles[pile] = [c for c in bits(mine)]
            self.hands[seat] = (self.hands[seat] & ~mine) | sum(1 << c for c in theirs)
        if action.card >= 0:
            self.bound = {"card": self.game.deck.copy_masks[action.card]}
        for index, value in spec.marks:
            self.marks[index] = value(self)
        self.bound = {}
        if spec.deal:
            self._deal(spec.deal)
        if spec.trump is not None:
            trump = spec.trump(self)
            self.trump = -1 if trump is None else trump
            if self.phase == PLAY:           # a trump revealed in play: in force from now on, this trick too
                self.trumps = game.deck.suit_masks[self.trump] if self.trump >= 0 else 0
                if game.trump_cards is not None:
                    self.trumps = game.trump_cards(self)
                self.winning_at = self.trick_keys = None
        if spec.ranking is not None:
            self.rule, self.points = game.rankings[spec.ranking]
        if self.phase == PLAY:
            if spec.trump is not None or spec.ranking is not None:     # the trick's tables follow the new order
                self.tables = self.rule.tables(self.trump, self.trumps, game.deck.all)
            if spec.at == "turn":
                self.taken |= 1 << (action.arg * game.players + seat)
            if spec.at in ("lead", "turn") and game.ends_when is not None and game.ends_when(self):
                self._end()                  # an action may end the deal at once (a claim, a winning declaration)

    def _declare(self, action: Action) -> None:
        game = self.game
        seat = self.current
        self.melds[seat] += self.declaration_points(action)
        self.history.append((seat, f"{action.text.split(' ', 2)[2]} {game.deck.suit_codes[action.suit]}"))
        if game.ends_when is not None and game.ends_when(self):
            self._end()
            return
        self._play(action.card)

    def declaration_points(self, action: Action) -> int | Fraction:
        """What the declaration ``action`` (a 'declare' with its led card) is worth now: its
        'points' with 'suit' bound to the declared suit."""
        self.bound = {"suit": action.suit}
        try:
            return self.game.declarations[action.arg].points(self)
        finally:
            self.bound = {}

    def sayings(self, card: int) -> list[tuple[str, int]]:
        """What the player to act says aloud as he plays ``card`` now, with the cards of each
        saying he then still holds (and so shows): the rule file's ``say``."""
        seat = self.current
        hand, dealt = self.hands[seat], self.dealt[seat]
        said = []
        for saying in self.game.sayings:
            cards = saying.cards(self)
            if not cards >> card & 1 or dealt & cards != cards:
                continue
            gone = (cards & ~hand).bit_count()           # the cards of the saying he has played already
            if gone < len(saying.words) and saying.words[gone] is not None:
                said.append((saying.words[gone], cards & hand & ~(1 << card)))
        return said

    def _say(self, seat: int, said: list[tuple[str, int]]) -> None:
        codes = self.game.deck.codes
        for word, rest in said:
            self.shown_cards[seat] |= rest
            self.history.append((None, Said(seat, word, tuple(codes[c] for c in bits(rest)))))

    def _play(self, card: int) -> None:
        seat = self.current
        game = self.game
        said = self.sayings(card) if game.sayings else None
        self.hands[seat] &= ~(1 << card)
        self.played |= 1 << card
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.history.append((seat, card))
        if said:
            self._say(seat, said)
        self._legal = self.winning_at = None
        if self.out is None:
            if len(self.trick) < game.players:
                self.current = (seat + 1) % game.players
                return
        elif len(self.trick) < game.players - 1:
            nxt = (seat + 1) % game.players
            self.current = nxt if nxt != self.out else (nxt + 1) % game.players
            return
        at = 0 if game.leader_wins is not None and game.leader_wins(self) else \
            self.rule.winner(self.trick, self.trump, self.trumps)
        self.past.append(tuple(self.trick))
        if at < 0:
            self.winners.append(-1)
            nxt = self.leader
        else:
            nxt = self.trick_seats[at]
            self.winners.append(nxt)
            self.tricks[nxt] += 1
            row = self.points.scaled[self.trump + 1]
            kept = game.keep[0]
            if kept and any(kept >> c & 1 for c in self.trick):
                self._take_keeping(nxt, row, at)
            else:
                mask = scored = 0
                for c in self.trick:
                    mask |= 1 << c
                    scored += row[c]
                self.won[nxt] |= mask
                self.scored[nxt] += scored
            if game.melds is not None and game.melds.at == "trick":
                found = game.melds.find(sum(1 << c for c in self.trick))
                if found:
                    self._score_melds(nxt, found)
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

    def _take_keeping(self, winner: int, row, at: int) -> None:
        """Before the last trick, a kept card stays with its player when another team wins the
        trick; that player pays the winner the card points the rule file sets for it. In the
        last trick it goes to the winner, or (``last trick: opponents``) to the team opposing
        its player unless it won the trick itself."""
        game = self.game
        kept, price, lost = game.keep
        pay = int(price * self.points.scale)
        last = not any(self.hands)
        for i, (c, seat) in enumerate(zip(self.trick, self.trick_seats)):
            owner = winner
            if kept >> c & 1:
                team = self.team_of[seat]
                if not last and team != self.team_of[winner]:
                    owner = seat
                    self.scored[seat] -= pay
                    self.scored[winner] += pay
                elif last and lost and i != at and team == self.team_of[winner]:
                    others = [s for s in range(game.players) if self.team_of[s] != team]
                    owner = others[0] if others else winner
            self.won[owner] |= 1 << c
            self.scored[owner] += row[c]

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
        self.is_over = True
