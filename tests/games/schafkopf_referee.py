"""An independent referee for one deal of Bavarian Schafkopf, in plain Python.

Written from published rules only, without looking at the interpreter, so that the
engine's Schafkopf can be compared against it action by action. Sources read:
J. Wiesegger, "Schafkopf - Ein Versuch, Wissen zu sammeln" (the schafkopf-buch, sections
2.3, 3.2.2, A.3.1, A.5, A.6, A.7, D.1-D.4), bayerisch-schafkopf.de/schafkopf-regeln.html,
sauspiel.de/schafkopf-lernen (Spielarten, Spielabrechnung), saukopf.eu/basics.htm,
the schafkopf-palast glossary and D. Parlett's Penguin Book of Card Games (Schafkopf).

Cards: 32 codes, rank then suit. Suits ``E`` (Eichel), ``G`` (Gras), ``H`` (Herz),
``S`` (Schellen); ranks ``A`` (Sau) ``10`` ``K`` ``O`` (Ober) ``U`` (Unter) ``9`` ``8``
``7``: ``"OE"``, ``"UG"``, ``"10H"``, ``"AS"``, ``"7E"``. Card points A 11, 10 10, K 4,
O 3, U 2, others 0 (120 in all).

Seats 0..3 in the direction of play; seat (dealer + 1) % 4 ("Vorhand") speaks first and
leads the first trick.

Action texts:
  auction, step 1   every seat once, from Vorhand: ``play`` ("ich würde spielen") or
                    ``pass`` ("weiter").
  auction, step 2   the seats that said ``play``, once each in the order of speaking:
                    ``call E``, ``call G``, ``call S`` (Rufspiel on that Sau), ``wenz``,
                    ``solo E``, ``solo G``, ``solo H``, ``solo S`` (Farbsolo), or ``pass``.
                    The first of them must name a game (no ``pass``: he said he would
                    play); each later one may only name a game of strictly higher rank
                    (Rufspiel 1 < Wenz 2 < Farbsolo 3; the four Farbsoli rank equal) or
                    ``pass``; a seat whose only choice is ``pass`` is still asked. The
                    seat that named the highest game - the last one to name any - is the
                    declarer. So among equal games the earlier seat keeps the game, and a
                    Rufspiel can only be named by the first seat that said ``play``.
  play              ``play CODE``; during the first trick a seat of the non-declaring side
                    that still holds all 8 cards may also say ``kontra`` before its card
                    (while no kontra stands); after a kontra each seat of the declaring
                    side may say ``re`` before its next card (while no re stands). After
                    ``kontra``/``re`` the same seat acts again.

Readings chosen where the sources differ or leave room are listed in ``READINGS``.
"""

from __future__ import annotations

from typing import NamedTuple

READINGS = (
    "All four say 'pass': the deal is thrown in ('Es wird zusammengeworfen', schafkopf-buch "
    "A.5.1): scores 0 and annulled is True. Ramsch (and Muss-Spiel, Bockrunde) are common "
    "alternatives, not modelled.",
    "Game ranks: Farbsolo over Wenz over Rufspiel ('Solo geht vor Wenz, Wenz geht vor "
    "Rufspiel', saukopf.eu); the four Farbsoli rank equal (no Herz-Solo priority); equal "
    "games go to the earlier seat ('entscheidet die Sitzordnung', schafkopf-palast). A later "
    "seat cannot take a Rufspiel ('muss ... zwingend ein Einzelspiel spielen', schafkopf-buch "
    "A.6). Step 2 is one round over the 'play' seats in speaking order, each naming a "
    "strictly higher game or passing (the first must name one); nobody is asked again, so "
    "an earlier seat cannot answer a later seat's higher game (no 'Steigern', A.6.3).",
    "Only Rufspiel, Wenz and Farbsolo exist (no Tout, Sie, Farbwenz, Geier, Hochzeit, "
    "Bettel, no Klopfen/Legen, no Steigern).",
    "Calling: 'call X' for X in E, G, S only (Herz is trump); the caller must hold a card "
    "of X that is not a trump (an Ober or Unter does not count) and must not hold the Sau "
    "of X (bayerisch-schafkopf.de: 'eine Sau ..., die Du selbst nicht hast und zu der Du "
    "selbst mindestens eine Farbkarte besitzt, die nicht Trumpf ist'). A seat that can call "
    "nothing (e.g. holding all three Sauen, 'gesperrt') must name a Wenz or a Farbsolo.",
    "The called Sau (Regel III.V/III.VI of the schafkopf-buch, 3.2.2): until a trick has "
    "been led with the called suit, its holder (a) must play the Sau when another seat "
    "leads the called suit ('in jedem Fall zugeben'); (b) leading, may lead the called "
    "suit only with the Sau, unless he holds at that moment four or more cards of that "
    "suit, the Sau among them ('weglaufen'/'davonlaufen'; bayerisch-schafkopf.de: 'solange "
    "... er noch alle vier Farbkarten in der Hand hält'), then any of them; (c) may not "
    "throw the Sau on a trick of another suit or of trumps ('darf die Rufsau nicht "
    "schmieren') except when it is his last card (the 8th trick). Once the called suit has "
    "been led (after he ran away) these limits end: he may follow the suit with any card "
    "of it and throw the Sau ('außer er ist zuvor weggelaufen').",
    "Following: trump on trump, suit on suit; a seat that cannot follow may trump or throw "
    "any card; there is no duty to overtake or to trump. Trumps: Rufspiel - the Obers "
    "E G H S, the Unters E G H S, then Herz A 10 K 9 8 7; Farbsolo - the same with its suit "
    "in place of Herz; Wenz - only the Unters E G H S. Side suits rank A 10 K 9 8 7 "
    "(A 10 K O 9 8 7 in a Wenz).",
    "Kontra: by a seat of the non-declaring side (in a Rufspiel not the holder of the "
    "called Sau, who knows he is a partner), at its own turn in the first trick before its "
    "card, i.e. 'solange man selbst alle 8 Karten auf der Hand hält (meistverbreitete "
    "Variante)' (schafkopf-buch A.7.3); the real rule lets anyone speak at any moment of "
    "that window, a lockstep referee needs one actor, so it is offered at the seat's turn. "
    "At most one kontra.",
    "Re: by the declarer or his partner in answer to a kontra, offered at each of their "
    "next turns to play after the kontra, before the card (the single-actor form of 'direkt "
    "nach dem ersten Stoß' / 'eine Karte später als das Kontra', A.7.3), so the declaring "
    "side always gets a chance even when the kontra came after its cards of trick 1. At "
    "most one re; no further doublings (Sup, Resup).",
    "Winning: the declaring side needs 61 card points; 60:60 is lost by it ('gewinnt die "
    "Partei, die nicht das Spiel angesagt hat', sauspiel.de).",
    "Tariff 'Normalpreise' of the schafkopf-buch (Tabelle D.1), in cents: Rufspiel 10, "
    "Wenz and Farbsolo 50, Schneider 10, Schwarz 10 (on top of Schneider), Laufende 10 "
    "each. Schneider: the winners have 91 or more if the declaring side wins, the "
    "declaring side has 30 or less if it loses ('als Nichtspieler unter 30, als Spieler "
    "unter 31 Augen'); 90:30 is schneiderfrei. Schwarz: the losing side took no trick.",
    "Laufende: the unbroken run of the game's highest trumps, from the top, held in the "
    "dealt hands of one side (either side, 'Symmetrische Abrechnung'); paid from 3 in a "
    "Rufspiel and a Farbsolo and from 2 in a Wenz ('bei farblosen Spielen auf 2 Laufende', "
    "A.7.1), 10 each.",
    "Doubling: kontra and re each double the whole value, Laufende and Schneider/Schwarz "
    "included ('so wird der Spielpreis verdoppelt', D.2; Parlett: runners 'increased by "
    "any relevant doubling').",
    "Payment: in a Rufspiel each loser pays a winner the value (each winner +v, each loser "
    "-v, D.4.1); in a Wenz or Farbsolo each opponent pays or is paid the value (soloist "
    "+-3v, D.4.2).",
)

SUITS = ("E", "G", "H", "S")
RANKS = ("A", "10", "K", "O", "U", "9", "8", "7")
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_RANK_POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2}
POINTS: dict[str, int] = {c: _RANK_POINTS.get(c[:-1], 0) for c in DECK}
ORDER = {c: i for i, c in enumerate(DECK)}

GAMES = ("call E", "call G", "call S", "wenz", "solo E", "solo G", "solo H", "solo S")
GAME_RANK = {"rufspiel": 1, "wenz": 2, "solo": 3}
TARIFF = {"rufspiel": 10, "wenz": 50, "solo": 50, "schneider": 10, "schwarz": 10, "laufende": 10}
LAUFENDE_FROM = {"rufspiel": 3, "solo": 3, "wenz": 2}
GAME_NAMES = {"rufspiel": "Rufspiel", "wenz": "Wenz", "solo": "Farbsolo"}


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def game_type_of(game: str) -> str:
    """'call E' -> 'rufspiel', 'wenz' -> 'wenz', 'solo H' -> 'solo'."""
    if game.startswith("call "):
        return "rufspiel"
    if game == "wenz":
        return "wenz"
    if game.startswith("solo "):
        return "solo"
    raise ValueError(f"unknown game {game!r}")


def trump_order(game: str) -> tuple[str, ...]:
    """The game's trumps, highest first."""
    if game == "wenz":
        return tuple("U" + s for s in SUITS)
    trump_suit = "H" if game.startswith("call ") else game.split()[1]
    return (
        tuple("O" + s for s in SUITS)
        + tuple("U" + s for s in SUITS)
        + tuple(r + trump_suit for r in ("A", "10", "K", "9", "8", "7"))
    )


def plain_order(game: str) -> tuple[str, ...]:
    """Ranks of a side suit, highest first."""
    if game == "wenz":
        return ("A", "10", "K", "O", "9", "8", "7")
    return ("A", "10", "K", "9", "8", "7")


class Cards:
    """Card behaviour under one game: trump or suit, and trick-taking strength."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.trumps = trump_order(game)
        self._trump_index = {c: i for i, c in enumerate(self.trumps)}
        self._plain_index = {r: i for i, r in enumerate(plain_order(game))}

    def is_trump(self, card: str) -> bool:
        return card in self._trump_index

    def kind(self, card: str) -> str:
        """'T' for a trump, else the card's suit letter."""
        return "T" if card in self._trump_index else suit_of(card)

    def winner(self, plays) -> int:
        """The seat winning a complete trick given as [(seat, card), ...] in play order."""
        trumps = [(self._trump_index[c], s) for s, c in plays if c in self._trump_index]
        if trumps:
            return min(trumps)[1]
        led = self.kind(plays[0][1])
        followers = [(self._plain_index[rank_of(c)], s) for s, c in plays if self.kind(c) == led]
        return min(followers)[1]


def trick_winner(game: str, plays) -> int:
    return Cards(game).winner(plays)


def laufende(game: str, declaring_cards) -> int:
    """The run of top trumps held by one side; declaring_cards: the declaring side's dealt cards."""
    declaring = set(declaring_cards)
    order = trump_order(game)
    side = order[0] in declaring
    run = 0
    for card in order:
        if (card in declaring) != side:
            break
        run += 1
    return run


def settle(game_type: str, declarer_points: int, declarer_tricks: int, runners: int,
           doublings: int = 0) -> tuple[bool, int, list[tuple[str, int]]]:
    """(declaring side won, value per paying player in cents, reasons)."""
    won = declarer_points >= 61
    reasons: list[tuple[str, int]] = []
    base = TARIFF[game_type]
    reasons.append((f"{GAME_NAMES[game_type]} {'won' if won else 'lost'}", base))
    value = base
    schneider = declarer_points >= 91 if won else declarer_points <= 30
    schwarz = declarer_tricks == 8 if won else declarer_tricks == 0
    if schneider:
        reasons.append(("Schneider", TARIFF["schneider"]))
        value += TARIFF["schneider"]
    if schwarz:
        reasons.append(("Schwarz", TARIFF["schwarz"]))
        value += TARIFF["schwarz"]
    if runners >= LAUFENDE_FROM[game_type]:
        reasons.append((f"Laufende x{runners}", TARIFF["laufende"] * runners))
        value += TARIFF["laufende"] * runners
    for name in ("Kontra", "Re")[:doublings]:
        reasons.append((name, 2))
        value *= 2
    reasons.append(("value per player", value))
    return won, value, reasons


class Trick(NamedTuple):
    leader: int
    plays: list  # [(seat, card), ...] in playing order
    winner: int


class Referee:
    def __init__(self, hands: list[list[str]], dealer: int) -> None:
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise ValueError("four hands expected")
        if any(not isinstance(h, (list, tuple)) or len(h) != 8 for h in hands):
            raise ValueError("each hand must hold 8 cards")
        everything = [c for h in hands for c in h]
        if any(c not in POINTS for c in everything):
            raise ValueError("unknown card code")
        if sorted(everything, key=ORDER.__getitem__) != list(DECK):
            raise ValueError("the hands must hold the 32 cards once each")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4:
            raise ValueError("dealer out of range")

        self.initial_hands = [list(h) for h in hands]
        self.hands = [list(h) for h in hands]
        self.dealer = dealer
        self.first = (dealer + 1) % 4

        self.phase = "bid"  # bid -> name -> play -> over
        self._actor: int | None = self.first
        self.bids: list[tuple[int, str]] = []
        self.names: list[tuple[int, str]] = []
        self._namers: list[int] = []

        self.declarer: int | None = None
        self.partner: int | None = None
        self.game: str | None = None
        self.game_type: str | None = None
        self.called_suit: str | None = None
        self.called_ace: str | None = None
        self.trump_suit: str | None = None
        self.cards: Cards | None = None

        self.kontra: int | None = None
        self.re: int | None = None
        self._played_since_kontra: set[int] = set()

        self.trick: list[tuple[int, str]] = []
        self.tricks: list[Trick] = []
        self.history: list[tuple[int, str]] = []
        self.annulled = False
        self.reasons: list[tuple[str, int]] = []
        self.value: int | None = None
        self.declarers_won: bool | None = None
        self.runners: int | None = None
        self._scores: list[int] | None = None
        self._legal: list[str] | None = None

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
    def declaring_side(self) -> frozenset[int]:
        return frozenset(s for s in (self.declarer, self.partner) if s is not None)

    def on_declaring_side(self, seat: int) -> bool:
        return seat in self.declaring_side

    def card_points(self, seat_or_side) -> int:
        """Card points won so far by a seat (int), a side ('declarers' / 'defenders'), or seats."""
        if isinstance(seat_or_side, int):
            seats = {seat_or_side}
        elif seat_or_side in ("declarers", "declaring"):
            seats = set(self.declaring_side)
        elif seat_or_side in ("defenders", "opponents"):
            seats = set(range(4)) - set(self.declaring_side)
        else:
            seats = set(seat_or_side)
        return sum(POINTS[c] for t in self.tricks if t.winner in seats for _, c in t.plays)

    def can_call(self, seat: int, suit: str) -> bool:
        """Whether the seat may play a Rufspiel on the Sau of suit (E, G or S)."""
        if suit not in ("E", "G", "S"):
            return False
        hand = self.initial_hands[seat]
        if "A" + suit in hand:
            return False
        rufspiel = Cards("call " + suit)
        return any(suit_of(c) == suit and not rufspiel.is_trump(c) for c in hand)

    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = sorted(set(self._compute_legal()))
            self._legal_set = frozenset(self._legal)
        return list(self._legal)

    def _compute_legal(self) -> list[str]:
        if self.phase == "over":
            return []
        seat = self._actor
        if self.phase == "bid":
            return ["pass", "play"]
        if self.phase == "name":
            named = [GAME_RANK[game_type_of(g)] for _, g in self.names if g != "pass"]
            best = max(named, default=0)
            options = []
            for game in GAMES:
                if GAME_RANK[game_type_of(game)] <= best:
                    continue
                if game.startswith("call ") and not self.can_call(seat, game[-1]):
                    continue
                options.append(game)
            if best:
                options.append("pass")
            return options
        actions = ["play " + c for c in self._playable(seat)]
        if self._may_kontra(seat):
            actions.append("kontra")
        if self._may_re(seat):
            actions.append("re")
        return actions

    def _may_kontra(self, seat: int) -> bool:
        return (self.kontra is None and not self.on_declaring_side(seat)
                and len(self.hands[seat]) == 8)

    def _may_re(self, seat: int) -> bool:
        return (self.kontra is not None and self.re is None and self.on_declaring_side(seat)
                and seat not in self._played_since_kontra)

    def _called_suit_led_before(self) -> bool:
        """Whether a completed trick was led with the called suit."""
        return any(self.cards.kind(t.plays[0][1]) == self.called_suit for t in self.tricks)

    def _playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        cards = self.cards
        ace = self.called_ace
        restricted = ace is not None and ace in hand and not self._called_suit_led_before()
        if not self.trick:
            if restricted:
                called = [c for c in hand if cards.kind(c) == self.called_suit]
                if len(called) < 4:  # no running away: the called suit only with the Sau
                    return [c for c in hand if c == ace or cards.kind(c) != self.called_suit]
            return list(hand)
        led = cards.kind(self.trick[0][1])
        follow = [c for c in hand if cards.kind(c) == led]
        if follow:
            if restricted and led == self.called_suit:
                return [ace]
            return follow
        if restricted and len(hand) > 1:  # the Sau may not be thrown, save as last card
            return [c for c in hand if c != ace]
        return list(hand)

    # ------------------------------------------------------------------ actions
    def apply(self, text: str) -> None:
        self.legal()
        if text not in self._legal_set:
            raise ValueError(f"illegal action {text!r} (legal: {self._legal})")
        self._legal = None
        seat = self._actor
        self.history.append((seat, text))
        if self.phase == "bid":
            self.bids.append((seat, text))
            if len(self.bids) < 4:
                self._actor = (seat + 1) % 4
                return
            self._namers = [s for s, b in self.bids if b == "play"]
            if not self._namers:
                self._annul()
                return
            self.phase = "name"
            self._actor = self._namers[0]
        elif self.phase == "name":
            self.names.append((seat, text))
            if len(self.names) < len(self._namers):
                self._actor = self._namers[len(self.names)]
                return
            declarer, game = [(s, g) for s, g in self.names if g != "pass"][-1]
            self._start_play(declarer, game)
        elif text == "kontra":
            self.kontra = seat
            self._played_since_kontra = set()
        elif text == "re":
            self.re = seat
        else:
            self._play(seat, text.split()[1])

    def _start_play(self, declarer: int, game: str) -> None:
        self.declarer = declarer
        self.game = game
        self.game_type = game_type_of(game)
        self.cards = Cards(game)
        if self.game_type == "rufspiel":
            self.called_suit = game[-1]
            self.called_ace = "A" + self.called_suit
            self.trump_suit = "H"
            self.partner = next(s for s in range(4) if self.called_ace in self.hands[s])
        elif self.game_type == "solo":
            self.trump_suit = game[-1]
        self.phase = "play"
        self._actor = self.first

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if self.kontra is not None:
            self._played_since_kontra.add(seat)
        if len(self.trick) < 4:
            self._actor = (seat + 1) % 4
            return
        winner = self.cards.winner(self.trick)
        self.tricks.append(Trick(self.trick[0][0], list(self.trick), winner))
        self.trick = []
        if len(self.tricks) == 8:
            self._settle()
        else:
            self._actor = winner

    # --------------------------------------------------------------- settlement
    def _annul(self) -> None:
        self.annulled = True
        self.phase = "over"
        self._actor = None
        self._scores = [0, 0, 0, 0]

    def _settle(self) -> None:
        self.phase = "over"
        self._actor = None
        side = self.declaring_side
        points = self.card_points("declarers")
        tricks_won = sum(1 for t in self.tricks if t.winner in side)
        dealt = [c for s in side for c in self.initial_hands[s]]
        self.runners = laufende(self.game, dealt)
        doublings = (self.kontra is not None) + (self.re is not None)
        won, value, reasons = settle(self.game_type, points, tricks_won, self.runners, doublings)
        self.declarers_won = won
        self.value = value
        self.reasons = reasons
        sign = 1 if won else -1
        scores = [0] * 4
        for s in range(4):
            if s in side:
                scores[s] = sign * value * (3 if self.partner is None else 1)
            else:
                scores[s] = -sign * value
        self._scores = scores
