"""An independent referee for one deal of Doppelkopf under the DDV tournament rules.

Written from the published rules alone (the Turnierspielregeln, TSR, of the Deutscher
Doppelkopf-Verband, as quoted and summarised on public pages: planetsenior.de's TSR
digest, the DDV forum's quotation of TSR 6.2.2/6.3.4/6.4.2, the TSR's own worked
scoring examples for 7.1.4/7.2.2, D. Parlett's Penguin Book of Card Games), without
looking at the interpreter, so that the engine's Doppelkopf can be compared against it
action by action.

Cards: 48, two copies of each of 9 10 J Q K A in clubs C, spades S, hearts H and
diamonds D. A card's code is rank then suit: ``9C``, ``10H``, ``JC``, ``QC``, ``KD``,
``AS``. Both copies share one code; a hand is a list that may hold a code twice.
``POINTS`` maps a rank to its card points (A 11, 10 10, K 4, Q 3, J 2, 9 0);
``CARD_POINTS`` maps a card code to its points.

Seats 0..3 in the direction of play. Seat dealer+1 (Vorhand) speaks first and leads the
first trick in every game type (TSR: "Beim Lustsolo spielt der linke Nachbar des
Kartengebers auf"; only a Pflichtsolo, not played here, is led by the soloist).

Action texts:
  reservation round  each seat once, from Vorhand: ``healthy`` or ``reservation``
  declarations       the seats with a reservation, in seat order from Vorhand:
                     ``solo queens``, ``solo jacks``, ``solo clubs``, ``solo spades``,
                     ``solo hearts``, ``solo diamonds``, ``solo fleshless``,
                     ``marriage`` (only with both Queens of clubs)
  play               ``play CODE``; before his card the player to play may also make
                     his party's announcements: ``re`` / ``kontra`` (Ansage), then
                     ``no 90``, ``no 60``, ``no 30``, ``black`` (Absagen); after an
                     announcement the same player acts again.

Game types (``game_type``): ``normal``, ``silent solo`` (both Queens of clubs, no
reservation), ``marriage`` (becomes ``marriage solo`` when nobody else takes one of
the first three tricks), ``solo queens`` .. ``solo fleshless``.

The readings chosen where the rules leave room are listed in ``READINGS``.
"""

from __future__ import annotations

from typing import NamedTuple

READINGS = (
    "A single deal: every solo is a Lustsolo (no Pflichtsolo, no Vorführen, no match-level "
    "rules). Armut and Schmeißen are not part of the DDV tournament rules ('Eine Armut ist "
    "... kein Bestandteil der offiziellen Turnierspielregeln des DDV'), so they are left out.",
    "Vorhand (dealer+1) leads the first trick in every game, solos included ('Beim Lustsolo "
    "spielt der linke Nachbar des Kartengebers auf').",
    "Reservations: each seat says healthy/reservation once; then the reserved seats declare "
    "in seat order from Vorhand. The DDV ranks Pflichtsolo > Lustsolo > Hochzeit and equal "
    "reservations by seat order, with no ranking among solo kinds: the first declared solo "
    "is played at once; a marriage stands only if no later reserved seat declares a solo.",
    "Solo kinds are the DDV's: queens, jacks, suit solos in clubs/spades/hearts/diamonds "
    "(the diamonds solo is the Trumpfsolo, trumps as in the normal game; in a suit solo the "
    "chosen suit replaces diamonds below the Jacks, so a hearts solo has 24 trumps) and the "
    "Fleischloser (no trumps). There is no ace solo in the DDV rules.",
    "Two equal cards: the first played ranks higher, the Dulle (Heart Ten) included ('Bei "
    "zwei gleichen Karten hat die zuerst gespielte Karte immer die höhere Rangfolge').",
    "Silent solo: the holder of both Queens of clubs who makes no reservation plays alone "
    "with the normal trumps; 'es handelt sich dabei weder um ein Pflichtsolo noch um ein "
    "Lustsolo, es wird jedoch wie jene abgerechnet': scored as a solo (x3, no special "
    "points).",
    "Marriage: the first trick of the first three won by a player other than the marriage "
    "player (any trick, trump or plain) is the clarification trick and its winner the "
    "partner; otherwise the marriage player plays alone a diamonds solo ('wird aus der "
    "Hochzeit ein Trumpf-Solo ... wird der dritte Stich als Klärungsstich gezählt'), scored "
    "as a solo (x3, no special points).",
    "Announcements are offered only to the player to play, before his card (the DDV allows "
    "them at any time; a referee run in lockstep needs one actor at a time). Each player "
    "knows his party from his hand; in a marriage no announcement is allowed before the "
    "clarification trick is complete ('Eine Erstansage ist immer erst nach Beendigung des "
    "Klärungsstiches erlaubt').",
    "Card-count timing (TSR 6.2.2, 6.3.4): re/kontra with at least 11 cards in hand, no 90 "
    "with 10, no 60 with 9, no 30 with 8, black with 7; in a marriage whose clarification "
    "trick is trick 2 (3) every count is 1 (2) lower (TSR 6.4.2); the marriage solo counts "
    "trick 3 as its clarification trick.",
    "No skipping: an Absage needs its party's Ansage and the previous Absage first ('Es ist "
    "nicht möglich, eine Aussage zu überspringen bzw. im nächsten Stich nachzuholen'); the "
    "same player may make several steps before one card while the counts allow.",
    "Reply (Erwiderung): a party that has not announced may still say re/kontra with one "
    "card fewer than the opponents' latest announcement needed; a reply made after the "
    "party's own 11-card time allows no Absagen ('Als Erwiderung ist nur Kontra bzw. Re "
    "zulässig, d.h. weiteres Ansagen ist nur möglich, wenn die Partei Re bzw. Kontra bereits "
    "mit 11 Karten angesagt hat').",
    "Winning (TSR 7.1): with no Absagen Re wins with 121 and Kontra with 120, except when "
    "only Kontra was announced (then Kontra needs 121, Re wins with 120). A party with "
    "Absagen must keep the opponents below 90/60/30, or take every trick for black; a party "
    "without Absagen facing the opponents' Absagen wins with 90/60/30 card points, or with "
    "one trick against black. If both parties made Absagen and neither reaches its target "
    "nobody wins and only 7.2.2 (a), (e), (f) count, special points included.",
    "Game value (TSR 7.2.2) to the winner: won 1; loser under 90, 60, 30, black 1 each; re "
    "announced 2, kontra announced 2; each Absage of either party 1 ('no 90' made by both "
    "parties counts twice); 120 against no 90, 90 against no 60, 60 against no 30, 30 "
    "against black 1 each to the party that reached it. With no winner: each party scores "
    "the opponents' under 90/60/30/black and its own 'reached against' points.",
    "Special points (TSR 7.2.3), normal game and marriage with partner only, netted whoever "
    "wins: against the Queens of clubs ('gegen die Kreuz-Damen gewonnen', Kontra wins) 1; "
    "Doppelkopf, a trick of 40 card points or more, 1 to its winner's party; Fuchs "
    "gefangen, a diamond Ace of the other party won in a trick, 1 each; Karlchen, the Jack "
    "of clubs winning the last trick, 1. Nothing for a caught Karlchen, Fuchs am Ende or "
    "Dulle caught (not DDV).",
    "Solo: the value from 7.2.2 is trebled for the soloist, each opponent pays it once; no "
    "special points, no 'against the Queens of clubs'.",
    "Scores: Re players +V each and Kontra players -V each (normal game, marriage with "
    "partner); soloist +3V and opponents -V (solos, silent solo, marriage solo). V is the "
    "net game value seen from Re (reasons carry Re-signed values).",
)

SUITS = ("C", "S", "H", "D")
RANKS = ("9", "J", "Q", "K", "10", "A")
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
DECK: list[str] = [r + s for s in SUITS for r in RANKS for _ in range(2)]
CARD_POINTS = {c: POINTS[c[:-1]] for c in DECK}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


SOLOS = (
    "solo queens",
    "solo jacks",
    "solo clubs",
    "solo spades",
    "solo hearts",
    "solo diamonds",
    "solo fleshless",
)
DECLARATIONS = SOLOS + ("marriage",)
ABSAGEN = ("no 90", "no 60", "no 30", "black")
# cards in hand needed, before any marriage shift, for level 0 (re/kontra) .. 4 (black)
NEEDED = (11, 10, 9, 8, 7)
# reached-against thresholds: a party reaching this against the opponents' Absage level
REACHED = {1: 120, 2: 90, 3: 60, 4: 30}
LIMITS = {1: 90, 2: 60, 3: 30}


def trump_scheme(game_type: str) -> tuple[list[str], dict[str, list[str]]]:
    """Trumps high to low, and each plain suit's ranks high to low."""
    if game_type == "solo queens":
        trumps = ["QC", "QS", "QH", "QD"]
        plain = ["A", "10", "K", "J", "9"]
        return trumps, {s: [r + s for r in plain] for s in SUITS}
    if game_type == "solo jacks":
        trumps = ["JC", "JS", "JH", "JD"]
        plain = ["A", "10", "K", "Q", "9"]
        return trumps, {s: [r + s for r in plain] for s in SUITS}
    if game_type == "solo fleshless":
        plain = ["A", "10", "K", "Q", "J", "9"]
        return [], {s: [r + s for r in plain] for s in SUITS}
    trump_suit = {"solo clubs": "C", "solo spades": "S", "solo hearts": "H"}.get(game_type, "D")
    trumps = ["10H", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"]
    trumps += [r + trump_suit for r in ("A", "10", "K", "9") if r + trump_suit != "10H"]
    plain = {}
    for s in SUITS:
        if s != trump_suit:
            plain[s] = [r + s for r in ("A", "10", "K", "9") if r + s != "10H"]
    return trumps, plain


class Order:
    """Card classes ('T' for trump, else the suit) and strengths for one game type."""

    def __init__(self, game_type: str) -> None:
        trumps, plain = trump_scheme(game_type)
        self.cls: dict[str, str] = {}
        self.strength: dict[str, int] = {}
        for i, c in enumerate(trumps):
            self.cls[c] = "T"
            self.strength[c] = len(trumps) - i
        for s, cards in plain.items():
            for i, c in enumerate(cards):
                self.cls[c] = s
                self.strength[c] = len(cards) - i
        assert len(self.cls) == 24, game_type

    def is_trump(self, card: str) -> bool:
        return self.cls[card] == "T"

    def winner(self, plays) -> int:
        """Index in plays of the winning card: highest trump, else highest of the led
        suit; of two equal cards the first played wins."""
        best = 0
        led = self.cls[plays[0][1]]
        for i in range(1, len(plays)):
            c, b = plays[i][1], plays[best][1]
            cc, bc = self.cls[c], self.cls[b]
            if cc == "T" and bc != "T":
                best = i
            elif cc == bc and cc in ("T", led) and self.strength[c] > self.strength[b]:
                best = i
        return best


class Trick(NamedTuple):
    leader: int
    plays: list  # [(seat, card)] in playing order
    winner: int


class _Party:
    def __init__(self) -> None:
        self.level = -1  # -1 nothing, 0 re/kontra, 1 no 90 .. 4 black
        self.timely = False  # re/kontra made within the party's own card count


class Referee:
    def __init__(self, hands: list[list[str]], dealer: int) -> None:
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise ValueError("four hands expected")
        if any(len(h) != 12 for h in hands):
            raise ValueError("each hand must hold 12 cards")
        if sorted(c for h in hands for c in h) != sorted(DECK):
            raise ValueError("the hands must hold the 48 cards, each code twice")
        if not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise ValueError("dealer out of range")
        self.dealer = dealer
        self.first = (dealer + 1) % 4
        self.initial_hands = [list(h) for h in hands]
        self.hands = [list(h) for h in hands]
        self.phase = "reservation"
        self._actor: int | None = self.first
        self.reservations: list[tuple[int, str]] = []
        self.declarations: list[tuple[int, str]] = []
        self._pending: list[int] = []
        self.game_type: str | None = None
        self.soloist: int | None = None
        self.marriage_player: int | None = None
        self.partner: int | None = None
        self.re_party: set[int] = set()
        self.clarified = True
        self.clarification_trick: int | None = None  # 0-based index
        self.shift = 0
        self.order: Order | None = None
        self.parties = {"re": _Party(), "kontra": _Party()}
        self.announcements: list[tuple[int, str, int]] = []  # (seat, text, cards held)
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[Trick] = []
        self.history: list[tuple[int, str]] = []
        self.reasons: list[tuple[str, int]] = []
        self.value: int | None = None
        self.winner: str | None = None
        self._scores: list[int] | None = None
        self._legal: list[str] | None = None
        self._legal_set: frozenset = frozenset()

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> int | None:
        return None if self.phase == "over" else self._actor

    def scores(self) -> list[int]:
        if self._scores is None:
            raise RuntimeError("the deal is not over")
        return list(self._scores)

    @property
    def is_solo(self) -> bool:
        return self.soloist is not None

    def party_of(self, seat: int) -> str:
        return "re" if seat in self.re_party else "kontra"

    def card_points(self, party) -> int:
        """Card points taken so far by 're', 'kontra', or a collection of seats."""
        if isinstance(party, str):
            seats = self.re_party if party == "re" else set(range(4)) - self.re_party
        else:
            seats = set(party)
        return sum(CARD_POINTS[c] for t in self.tricks if t.winner in seats for _, c in t.plays)

    def tricks_won(self, party: str) -> int:
        return sum(1 for t in self.tricks if self.party_of(t.winner) == party)

    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = self._compute_legal()
            self._legal_set = frozenset(self._legal)
        return list(self._legal)

    def _compute_legal(self) -> list[str]:
        if self.phase == "over":
            return []
        seat = self._actor
        if self.phase == "reservation":
            return ["healthy", "reservation"]
        if self.phase == "declaration":
            options = list(SOLOS)
            if self.hands[seat].count("QC") == 2:
                options.append("marriage")
            return sorted(options)
        actions = {"play " + c for c in self._playable(seat)}
        actions.update(self._announceable(seat))
        return sorted(actions)

    def _playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if not self.trick:
            return sorted(set(hand))
        led = self.order.cls[self.trick[0][1]]
        follow = [c for c in hand if self.order.cls[c] == led]
        return sorted(set(follow or hand))

    def needed(self, level: int) -> int:
        """Cards in hand needed for an announcement of this level (0 re/kontra .. 4 black)."""
        return NEEDED[level] - self.shift

    def _announceable(self, seat: int) -> list[str]:
        if not self.clarified:
            return []
        held = len(self.hands[seat])
        mine = self.party_of(seat)
        own = self.parties[mine]
        other = self.parties["kontra" if mine == "re" else "re"]
        if own.level < 0:
            ok = held >= self.needed(0)
            if not ok and other.level >= 0:
                ok = held >= self.needed(other.level) - 1  # Erwiderung
            return [mine] if ok else []
        if own.timely and own.level < 4 and held >= self.needed(own.level + 1):
            return [ABSAGEN[own.level]]
        return []

    # ------------------------------------------------------------------ actions
    def apply(self, text: str) -> None:
        self.legal()
        if text not in self._legal_set:
            raise ValueError(f"illegal action {text!r} (legal: {self.legal()})")
        self._legal = None
        seat = self._actor
        self.history.append((seat, text))
        if self.phase == "reservation":
            self.reservations.append((seat, text))
            if text == "reservation":
                self._pending.append(seat)
            if len(self.reservations) < 4:
                self._actor = (seat + 1) % 4
            elif self._pending:
                self.phase = "declaration"
                self._actor = self._pending.pop(0)
            else:
                self._start(None, None)
        elif self.phase == "declaration":
            self.declarations.append((seat, text))
            if text in SOLOS:
                self._start(text, seat)
            elif self._pending:
                self._actor = self._pending.pop(0)
            else:
                self._start("marriage", seat)
        elif text.startswith("play "):
            self._play(seat, text[5:])
        else:
            party = self.parties[self.party_of(seat)]
            held = len(self.hands[seat])
            if text in ("re", "kontra"):
                party.level = 0
                party.timely = held >= self.needed(0)
            else:
                party.level = ABSAGEN.index(text) + 1
            self.announcements.append((seat, text, held))

    def _start(self, declared: str | None, seat: int | None) -> None:
        if declared is None:
            holders = [s for s in range(4) if "QC" in self.hands[s]]
            if len(holders) == 1:
                self.game_type = "silent solo"
                self.soloist = holders[0]
            else:
                self.game_type = "normal"
            self.re_party = set(holders)
        elif declared == "marriage":
            self.game_type = "marriage"
            self.marriage_player = seat
            self.re_party = {seat}
            self.clarified = False
        else:
            self.game_type = declared
            self.soloist = seat
            self.re_party = {seat}
        self.order = Order(self.game_type)
        self.phase = "play"
        self._actor = self.first

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self._actor = (seat + 1) % 4
            return
        winner = self.trick[self.order.winner(self.trick)][0]
        index = len(self.tricks)
        self.tricks.append(Trick(self.trick[0][0], list(self.trick), winner))
        self.trick = []
        if not self.clarified:
            if winner != self.marriage_player:
                self.partner = winner
                self.re_party = {self.marriage_player, winner}
                self.clarified = True
            elif index == 2:
                self.game_type = "marriage solo"
                self.soloist = self.marriage_player
                self.clarified = True
            if self.clarified:
                self.clarification_trick = index
                self.shift = index
        if len(self.tricks) == 12:
            self._settle()
        else:
            self._actor = winner

    # --------------------------------------------------------------- settlement
    def _target_met(self, side: str) -> bool:
        other = "kontra" if side == "re" else "re"
        own, opp = self.parties[side], self.parties[other]
        mine, theirs = self.card_points(side), self.card_points(other)
        if own.level >= 1:
            if own.level == 4:
                return self.tricks_won(other) == 0
            return theirs < LIMITS[own.level]
        if opp.level >= 1:
            if opp.level == 4:
                return self.tricks_won(side) > 0
            return mine >= LIMITS[opp.level]
        only_kontra = self.parties["kontra"].level >= 0 and self.parties["re"].level < 0
        if side == "re":
            return mine >= (120 if only_kontra else 121)
        return mine >= (121 if only_kontra else 120)

    def _settle(self) -> None:
        self.phase = "over"
        self._actor = None
        reasons: list[tuple[str, int]] = []
        sign = {"re": 1, "kontra": -1}
        re_ok, kontra_ok = self._target_met("re"), self._target_met("kontra")
        assert not (re_ok and kontra_ok)
        self.winner = "re" if re_ok else "kontra" if kontra_ok else None

        def under(side: str) -> None:
            """(a) the opponents of side under 90/60/30/black."""
            other = "kontra" if side == "re" else "re"
            pts = self.card_points(other)
            for limit in (90, 60, 30):
                if pts < limit:
                    reasons.append((f"under {limit}", sign[side]))
            if self.tricks_won(other) == 0:
                reasons.append(("black", sign[side]))

        if self.winner is not None:
            w = self.winner
            reasons.append(("won", sign[w]))
            under(w)
            if self.parties["re"].level >= 0:
                reasons.append(("re announced", 2 * sign[w]))
            if self.parties["kontra"].level >= 0:
                reasons.append(("kontra announced", 2 * sign[w]))
            for side in ("re", "kontra"):
                for level in range(1, self.parties[side].level + 1):
                    reasons.append((f"{ABSAGEN[level - 1]} announced ({side})", sign[w]))
        else:
            under("re")
            under("kontra")
        # (e), (f): reached against the opponents' Absagen
        for side in ("re", "kontra"):
            other = "kontra" if side == "re" else "re"
            pts = self.card_points(side)
            for level in range(1, self.parties[other].level + 1):
                if pts >= REACHED[level]:
                    reasons.append(
                        (f"{REACHED[level]} against {ABSAGEN[level - 1]} ({side})", sign[side])
                    )
        if not self.is_solo:
            if self.winner == "kontra":
                reasons.append(("against the queens of clubs", -1))
            for t in self.tricks:
                side = self.party_of(t.winner)
                if sum(CARD_POINTS[c] for _, c in t.plays) >= 40:
                    reasons.append(("doppelkopf", sign[side]))
                for s, c in t.plays:
                    if c == "AD" and self.party_of(s) != side:
                        reasons.append(("fox caught", sign[side]))
            last = self.tricks[-1]
            if last.plays[self.order.winner(last.plays)][1] == "JC":
                reasons.append(("karlchen", sign[self.party_of(last.winner)]))
        self.reasons = reasons
        value = sum(v for _, v in reasons)
        self.value = value
        if self.is_solo:
            scores = [-value] * 4
            scores[self.soloist] = 3 * value
        else:
            scores = [value if s in self.re_party else -value for s in range(4)]
        self._scores = scores
