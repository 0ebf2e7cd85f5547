"""A person's seat at a match in the browser: what that seat sees, built from ``observation(seat)``
of its own seat, the moves it saw and the public facts of the rule file, never another hand;
and the moments of the deal (calls, declarations, piles laid face up, tricks won, cards drawn)
as the page shows them on the felt. ``serve.py`` puts tables on the web.
"""
from __future__ import annotations

import asyncio
import secrets
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..engine.cards import bits
from ..engine.game import Game
from ..engine.parts import Action
from ..engine.phases import Melded, Said, Taken
from ..engine.settlement import WON_BY
from ..engine.state import AUCTION, State
from ..errors import RULE_ERRORS, AtoutError
from ..language.rule_files import bundled_games
from ..language.translation import Translation, translation
from ..players.registry import make_player
from ..players.table_view import describe_action, hand_order, seat_label, shown_facts, verdict
from ..simulation.records import Recorder, fingerprint

SUIT_SYMBOLS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣", "herz": "♥"}
# The drawn pips of the Spanish and German packs (and the Italian), known by their usual names.
SUIT_PIPS = {"coin": "coins", "oro": "coins", "denari": "coins", "cup": "cups", "copa": "cups", "coppe": "cups",
             "sword": "swords", "espada": "swords", "baton": "batons", "basto": "batons", "bastoni": "batons",
             "eichel": "acorns", "acorn": "acorns", "gras": "leaves", "grün": "leaves", "laub": "leaves",
             "leave": "leaves", "schelle": "bells", "schellen": "bells", "bell": "bells"}


PERSON = "person"
"""A record's name for the seat a person played."""


def game_ref(game: Game) -> str:
    """How a table's record names its game: a bundled game by its name, any other rule file by
    its file's name (``atout replay`` looks for it beside the record)."""
    path = Path(game.path).resolve()
    return path.stem if path in (p.resolve() for p in bundled_games()) else path.name


def fmt(x: Any) -> str:
    """An exact number for people: whole numbers plain, others as short decimals."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")


def suit_symbol(name: str) -> str | None:
    """The usual symbol of the four French suits, known by their English names; None for others."""
    return SUIT_SYMBOLS.get(name.strip().casefold().removesuffix("s"))


def suit_pip(name: str) -> str | None:
    """The drawn pip of a suit of the Spanish or German pack, by its usual name; None for others."""
    folded = name.strip().casefold()
    return SUIT_PIPS.get(folded) or SUIT_PIPS.get(folded.removesuffix("s"))


class Table:
    """One person's seat at one match; AI players hold the other seats."""

    def __init__(self, table_id: str, game: Game, key: str, seat: int, level: str, spec: str, seed: str,
                 language: str = "en"):
        self.id, self.game, self.key, self.seat, self.level, self.seed = table_id, game, key, seat, level, seed
        self.language = language
        self.token = secrets.token_urlsafe(32)      # 256 bits: who holds it may act at the table
        self.others = {s: make_player(spec, f"{seed}:{s}") for s in range(game.players) if s != seat}
        self.recorder = Recorder(seed, [PERSON if s == seat else spec for s in range(game.players)], game_ref(game),
                                 {"variant": game.variant} if game.variant else {}, fingerprint(game.path, game.variant))
        self.dealt: list[State] = []           # each deal as dealt, for its review
        self.reviews: dict[int, Any] = {}       # each deal's review.Review, once asked for
        self.match = game.new_match(seed=seed)
        self.lock = asyncio.Lock()
        self.state = self.match.next_deal()
        self.deal = 1
        self.result = None
        self.events: list[str] = []
        self.last_trick: dict | None = None
        self._start_deal()
        self._settle_if_over()

    @property
    def t(self) -> Translation:
        """The templates of the table's language (the person may switch it at any time)."""
        return translation(self.language)

    def holds_token(self, given: Any) -> bool:
        """Whether ``given`` is this table's token (compared in constant time)."""
        return isinstance(given, str) and secrets.compare_digest(given.encode(), self.token.encode())

    def close(self) -> None:
        """The table is closed: the values its reviews still wait for are no longer wanted."""
        for review in self.reviews.values():
            review.stop.set()

    # --- moves ------------------------------------------------------------------------------

    def act(self, text: str) -> None:
        """The person's move, by its text; raises AtoutError (the engine's message) if illegal."""
        if self.result is not None:
            raise AtoutError(self.t("the deal is over: ask for the next deal"))
        if self.state.current_player != self.seat:
            raise AtoutError(self.t("it is {who}'s turn, not yours",
                                    who=seat_label(self.state.current_player, self.seat, self.t)))
        action = self.state.resolve(text)
        self.state.clone().apply(action)      # the engine's own message if it is illegal
        self._apply(self.seat, action)

    def take_back(self) -> None:
        """The last card the person chose for a choice not yet complete (a discard, cards passed
        or shown) goes back to the hand, with its moment and its line of the log."""
        if self._taking_back() is None:
            raise AtoutError(self.t("take back: you have no card chosen to take back"))
        self.state.take_back()
        del self.moments[self._taking_back_at()]
        self.events.pop()
        self.recorder.record["deals"][-1]["actions"].pop()

    def _taking_back_at(self) -> int:
        return max(i for i, m in enumerate(self.moments) if m["kind"] in ("give", "reveal") and m["seat"] == self.seat)

    def _taking_back(self) -> str | None:
        """The card the person may take back now, or None."""
        state = self.state
        if self.result is not None or state.current_player != self.seat or not state.can_take_back():
            return None
        return self.moments[self._taking_back_at()]["cards"][0]

    async def advance(self) -> bool:
        """One move by the AI player whose turn it is; False when it is nobody's (yours, or the deal is over)."""
        mover = None if self.result is not None else self.state.current_player
        if mover is None or mover == self.seat:
            return False
        action = await asyncio.to_thread(self.others[mover].choose, self.state)
        self._apply(mover, action)
        return True

    def next_deal(self) -> None:
        if self.result is None:
            raise AtoutError(self.t("the deal is not over yet"))
        if self.match.is_over:
            raise AtoutError(self.t("the match is over: start a new table"))
        self.state = self.match.next_deal()
        self.deal = len(self.match.results) + 1
        self.result, self.events, self.last_trick = None, [], None
        self._start_deal()
        self._settle_if_over()

    def _apply(self, mover: int, action: Action) -> None:
        state = self.state
        before = state.observation(self.seat)
        start = len(state.history)
        phase = state.phase
        self.events.append(describe_action(state, mover, self.seat, action))
        taken_by = self._pending_transfer()
        declined = [a for a in state.legal_actions() if a.kind != "pass"] if action.kind == "pass" else []
        state.apply(action)
        self.recorder.action(mover, action.text)
        after = state.observation(self.seat)
        self._remember(mover, action, before, after, start, phase == AUCTION, taken_by, declined)
        if len(after["trick_winners"]) > len(before["trick_winners"]):
            winner = after["trick_winners"][-1]
            self.last_trick = {"cards": before["trick"] + [[before["to_act"], self.game.deck.codes[action.card]]],
                               "winner": winner, "leader": before["leader"]}
            self.events.append("the trick is spoiled: nobody wins it" if winner is None else
                               f"{seat_label(winner, self.seat)} win{'' if winner == self.seat else 's'} the trick")
        self._settle_if_over()

    def _settle_if_over(self) -> None:
        if self.state.is_over and self.result is None:
            self.result = self.match.finish_deal(self.state)
            self.recorder.end_deal(self.result.to_json())

    # --- the record ---------------------------------------------------------------------------

    def record(self) -> dict:
        """The record of the deals over at this table (schema/record.schema.json), which
        ``atout replay`` plays again: never the deal in progress (it would show every hand).
        Until the match is over the record is partial and keeps the seed back, which would
        deal the deals to come (the layouts replay the deals without it)."""
        record = dict(self.recorder.record)
        record["deals"] = [dict(d, actions=list(d["actions"])) for d in record["deals"] if "result" in d]
        if self.match.is_over:
            record["result"] = self.recorder.end_match(self.match)["result"]
        else:
            record["partial"], record["seed"] = True, None
        return record
    # --- what the person sees ---------------------------------------------------------------

    def _start_deal(self) -> None:
        """A new deal: no moments yet, and the order the person's cards keep all deal long (the
        one the deal starts with, whatever trump or ranking the auction brings)."""
        self.moments: list[dict] = []
        self.fresh: list[str] = []
        self.recorder.start_deal(self.state)
        self.dealt.append(self.state.clone())
        every = self.state.clone()
        every.set_cards(self.seat, self.game.deck.all)
        self.order = {card: place for place, card in enumerate(hand_order(every, self.seat))}

    def _pending_transfer(self) -> dict | None:
        """Where the cards of the transfer being chosen go, and its name (before the last card ends it)."""
        pending = self.state.pending
        if pending is None or pending[0] != "give":
            return None
        spec = self.game.transfers[pending[1]]
        if spec.to_pile is not None:
            return {"name": spec.name, "word": spec.said, "pile": self.game.pile_names[spec.to_pile], "to": None}
        return {"name": spec.name, "word": spec.said, "pile": None, "to": spec.to_seat(self.state)}

    def _remember(self, mover: int, action: Action, before: dict, after: dict, start: int, auction: bool,
                  transfer: dict | None, declined: list[Action]) -> None:
        """The moments of one move, as this seat may see them: calls, announcements and the
        cards they show, words said with a card, cards given, piles exposed or taken, the trick won, cards drawn; a pass
        outside the auction says what it declined."""
        game, state, codes = self.game, self.state, self.game.deck.codes
        trick = len(before["trick_winners"])
        if mover == self.seat:
            self.fresh = []
        for (who, raw), (_, seen) in zip(state.history[start:], after["history"][start:]):
            moment: dict[str, Any] = {"seat": who, "kind": "act", "text": seen, "trick": trick, "auction": auction}
            if isinstance(raw, int):
                moment |= {"kind": "play", "cards": [codes[raw]]}
            elif isinstance(raw, Taken):
                moment |= {"kind": "taken", "seat": raw.seat, "pile": raw.pile, "cards": list(raw.codes)}
            elif isinstance(raw, Melded):
                points = Fraction(after["melds"][raw.seat]) - Fraction(before["melds"][raw.seat])
                moment |= {"kind": "meld", "seat": raw.seat, "names": list(raw.melds), "cards": list(raw.codes),
                           "points": fmt(points)}
            elif isinstance(raw, Said):
                moment |= {"kind": "say", "seat": raw.seat, "word": raw.word, "cards": list(raw.codes)}
            elif action.kind == "give" and who is not None:
                shown = [codes[action.card]] if seen == action.text else []
                moment |= {"kind": "give", "cards": shown} | (transfer or {})
            elif who is None:
                moment |= self._exposed(seen)
            elif action.kind == "reveal":
                moment |= {"kind": "reveal", "cards": [codes[action.card]]}
            elif action.kind == "declare":
                declared = game.declarations[action.arg]
                points = Fraction(after["melds"][who]) - Fraction(before["melds"][who])
                moment |= {"kind": "declare", "name": declared.name, "suit": self._suit_word(action.suit),
                           "points": fmt(points)}
            elif declined and not auction:
                moment |= {"label": self.t("no {actions}", actions=" · ".join(self.label(a, state) for a in declined))}
            else:
                moment |= {"kind": "call" if auction else "act", "label": self.label(action, state),
                           "number": action.number if action.number >= 0 else None}
            self.moments.append(moment)
        if len(after["trick_winners"]) > trick:
            self.moments.append({"seat": after["trick_winners"][-1], "kind": "won", "trick": trick, "auction": False})
            self._draws(mover, before, after, trick)
        held = list(before["hand"])
        for code in after["hand"]:
            if code in held:
                held.remove(code)
            else:
                self.fresh.append(code)

    def _exposed(self, seen: str) -> dict:
        """A pile laid face up for everyone ('name: cards'), or another line of the table."""
        name, _, cards = seen.partition(": ")
        listed = cards.split()
        if name in self.game.pile_names and listed and all(self.game.deck.find(c) is not None for c in listed):
            return {"kind": "exposed", "pile": name, "cards": listed}
        return {"kind": "table"}

    def _draws(self, mover: int, before: dict, after: dict, trick: int) -> None:
        """Cards drawn from the piles after a trick, the winner first: the cards this seat drew,
        and the piles the others drew from."""
        game = self.game
        if not game.draw or after["trick_winners"][-1] is None:
            return
        left = {name: before["pile_sizes"][name] for name in game.pile_names}
        first = after["trick_winners"][-1]
        for k in range(game.players):
            seat = (first + k) % game.players
            count = after["hand_sizes"][seat] - before["hand_sizes"][seat] + (1 if seat == mover else 0)
            if count <= 0:
                continue
            piles = []
            for _ in range(count):
                name = next((game.pile_names[p] for p in game.draw if left[game.pile_names[p]] > 0), None)
                if name is not None:
                    left[name] -= 1
                    piles.append(name)
            cards = [c for c in after["hand"] if c not in before["hand"]] if seat == self.seat else []
            self.moments.append({"seat": seat, "kind": "draw", "count": count, "cards": cards, "piles": piles,
                                 "trick": trick + 1, "auction": False})

    def _choosing(self) -> dict | None:
        """Cards being chosen one at a time (a discard, cards passed, cards shown): who chooses,
        the rule file's words for it, where the cards go, and those this seat may see."""
        pending = self.state.pending
        if pending is None:
            return None
        kind, k, remaining, chosen = pending
        game, chooser = self.game, self.state.current
        spec = game.transfers[k] if kind == "give" else game.shows[k]
        codes = [game.deck.codes[c] for c in sorted(bits(chosen), key=self.order.__getitem__)]
        if chooser == self.seat or kind == "reveal":
            seen = codes
        else:
            public = {c for m in self.moments if m["kind"] == "give" and m["seat"] == chooser for c in m["cards"]}
            seen = [c for c in codes if c in public]
        where = self._pending_transfer() if kind == "give" else {"pile": None, "to": None, "word": spec.name}
        return {"seat": chooser, "kind": kind, "name": spec.name, "word": where["word"],
                "count": spec.count, "remaining": remaining, "cards": seen, "hidden": len(codes) - len(seen),
                "pile": where["pile"], "to": where["to"]}

    def _legal_entry(self, action: Action) -> dict:
        """A legal action for the page: its text, what it is, and a label in the player's terms."""
        codes = self.game.deck.codes
        entry = {"text": action.text, "kind": action.kind, "card": codes[action.card] if action.card >= 0 else None,
                 "label": self.label(action, self.state), "number": action.number if action.number >= 0 else None}
        if action.kind == "show":
            entry["count"] = self.game.shows[action.arg].count
        return entry

    def _suit_word(self, suit: int) -> str:
        """A suit as a person reads it: its symbol, or its name where it has none."""
        name = self.game.deck.suit_names[suit]
        return suit_symbol(name) or name

    def _card_word(self, card: int) -> str:
        """A card as a person reads it: rank and suit symbol (J♠), or its name."""
        deck = self.game.deck
        suit = deck.suit_of[card]
        symbol = suit_symbol(deck.suit_names[suit]) if suit >= 0 else None
        return f"{deck.rank_of[card]}{symbol}" if symbol else deck.names[card]

    def label(self, action: Action, state: State) -> str:
        """The action's text with the suit and the card it names as people read them, and what it
        takes on where the text does not say (the trump a call chooses, the cards an exchange swaps)."""
        game, deck = self.game, self.game.deck
        words = action.text.split(" ")
        if action.card >= 0 and action.kind not in ("play", "give", "reveal"):
            words = [self._card_word(action.card) if w == deck.codes[action.card] else w for w in words]
        suit = action.suit
        if action.kind == "call" and suit < 0 and game.auction is not None:
            suit = self._public_suit(game.auction.calls[action.arg].trump, state)
        elif action.kind == "act":
            spec = game.side_actions[action.arg]
            suit = self._public_suit(spec.trump, state)
            if spec.swap is not None:
                select, pile = spec.swap
                given = bits(select(state) & state.hands[state.current])
                words += [self._card_word(c) for c in given]
                if given and game.pile_public[pile] and state.piles[pile]:
                    words += [self.t("for the")] + [self._card_word(c) for c in state.piles[pile]]
        if suit >= 0:
            code, word = deck.suit_codes[suit], self._suit_word(suit)
            named = [w[:-len(code)] + word if w.endswith(code) and (w == code or w[:-len(code)].isdigit()) else w
                     for w in words]
            words = named if named != words or word in words else words + [word]
        return " ".join(words)

    def _public_suit(self, chooses: Any, state: State) -> int:
        """The suit a rule (a call's or an action's trump) gives in ``state``, worked out from what
        this seat may know: its own hand and the face-up piles (-1 when that does not decide it)."""
        if chooses is None:
            return -1
        seen = state.clone()
        for other in range(self.game.players):
            if other != self.seat:
                seen.set_cards(other, 0)
        seen.piles = [pile if public else [] for pile, public in zip(seen.piles, self.game.pile_public)]
        try:
            suit = chooses(seen)
        except RULE_ERRORS:
            return -1
        return -1 if suit is None else suit

    def _hand(self, seat: int, leave_out: int = 0) -> list[str]:
        """A seat's cards in the deal's order, but those set aside in a choice being made."""
        codes = self.game.deck.codes
        return [codes[c] for c in sorted(bits(self.state.hands[seat] & ~leave_out), key=self.order.__getitem__)]

    def _in_order(self, codes: list[str]) -> list[str]:
        """Cards named by code, in the deal's order."""
        index = self.game.deck.index
        return sorted(codes, key=lambda c: self.order[index[c]])

    def view(self) -> dict:
        """The table as this seat may see it (JSON-ready)."""
        game, seat, state = self.game, self.seat, self.state
        obs = state.observation(seat)
        pending = state.pending
        aside = pending[3] if pending is not None and pending[0] == "give" else 0
        legal = [self._legal_entry(a) for a in state.legal_actions()] if obs["decides"] == seat else []
        dummy = obs["dummy_hand"]
        if dummy is not None:
            dummy = self._hand(obs["dummy"], aside if state.current == obs["dummy"] else 0)
        return {
            "type": "view", "table": self.id, "seat": seat, "deal": self.deal, "dealer": obs["dealer"],
            "to_act": obs["decides"], "playing": obs["to_act"], "dummy": obs["dummy"], "dummy_hand": dummy,
            "hand": self._hand(seat, aside if state.current == seat else 0), "legal": legal,
            "hand_sizes": obs["hand_sizes"], "trick": obs["trick"], "leader": obs["leader"],
            "last_trick": self.last_trick, "tricks": obs["tricks"], "tricks_done": len(obs["trick_winners"]),
            "auction": state.phase == AUCTION, "piles": obs["piles"], "pile_sizes": obs["pile_sizes"],
            "trump": obs["trump"], "taker": obs["taker"] if game.names_taker else None, "call": obs["call"], "marks": self._marks(obs["marks"]),
            "melds": [fmt(m) for m in obs["melds"]], "shown": [self._in_order(cards) for cards in obs["shown"]],
            "to_choose": obs["to_choose"], "choosing": self._choosing(), "take_back": self._taking_back(),
            "fresh": self.fresh,
            "moments": self.moments, "events": self.events[-14:],
            "standing": [[name, fmt(x)] for name, x in zip(game.side_names, self.match.team_scores)],
            "result": None if self.result is None else self._result_view(),
            "match_over": self._match_over(),
        }

    def _marks(self, marks: dict) -> list[list[str]]:
        """The rule file's marks as words (a seat, a team, a suit's name, cards, yes/no)."""
        game, out = self.game, []
        for (name, value), kind in zip(marks.items(), game.mark_types):
            if value is None:
                continue
            out.append([name.replace("_", " "), self._word(kind, value)])
        return out

    def _word(self, kind: str, value: Any) -> str:
        deck = self.game.deck
        if kind == "seat":
            return seat_label(value, self.seat, self.t)
        if kind == "team":
            return self.game.team_names[value] if isinstance(value, int) else str(value)
        if kind == "suit":
            return deck.suit_names[value] if isinstance(value, int) else str(value)
        if kind == "set":
            return deck.text(value) if isinstance(value, int) else str(value)
        if kind == "bool":
            return self.t("yes") if value else self.t("no")
        return fmt(value) if isinstance(value, (int, Fraction)) else str(value)

    def _result_view(self) -> dict:
        """How the deal was decided: who won it, every award with its points, each side's tricks
        and points, and the values the rule file shows players (with their working)."""
        result, game = self.result, self.game
        if result.facts.get("annulled"):
            return {"annulled": True, "reasons": [], "sides": [], "seats": [], "facts": [], "down": game.match.down,
                    "verdict": None}
        parts = result.breakdown
        facts = [list(entry) for entry in shown_facts(game, result, self.seat, self.t)]

        def row(entry: dict, label: str) -> dict:
            return {"name": label, "tricks": entry["tricks"], "card_points": fmt(entry["card_points"]),
                    "melds": fmt(entry["melds"]), "shown": fmt(entry["shown"]),
                    "awards": [[rule, fmt(points)] for rule, points in entry["awards"].items()],
                    "score": fmt(entry["score"])}

        teams = [row(team, seat_label(members[0], self.seat, self.t) if len(members) == 1 else team["team"])
                 for team, members in zip(parts["teams"], game.teams)] if game.fixed_teams else []
        seats = [row(s, seat_label(s["seat"], self.seat, self.t)) for s in parts["seats"]]
        won = next((team for team in parts["teams"] if team["team"] == parts.get(WON_BY)), None)
        return {"annulled": False, "down": game.match.down,
                "reasons": [[r.rule, r.to, fmt(r.points)] for r in result.reasons],
                "sides": teams, "seats": seats, "facts": facts,
                "verdict": verdict(won["seats"] if won else (), won and won["team"], self.seat, "deal", self.t),
                "contract": parts.get("call") if game.names_taker else None,
                "taker": parts.get("taker") if game.names_taker else None}

    def _match_over(self) -> dict | None:
        if not self.match.is_over:
            return None
        final = self.match.result()
        names = self.game.side_names
        return {"winner": None if final.winner is None else names[final.winner],
                "verdict": verdict(final.winners, final.side, self.seat, "match", self.t),
                "scores": [[n, fmt(x)] for n, x in zip(names, final.team_scores)]}


