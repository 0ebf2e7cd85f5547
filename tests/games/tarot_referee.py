"""An independent referee for one deal of French Tarot, in plain Python.

Written from the English reading of the seed (/work/shared/rules/tarot.md) and the
referee brief, without looking at the interpreter, so that the engine's Tarot can be
compared against it action by action. Card points are exact Fractions (halves).

Card codes: plain suits S H D C with ranks K Q N J 10 .. 1 (``KS``, ``NS``, ``10H``,
``1C``); trumps ``1T`` .. ``21T``; the Excuse ``EX``.

Seats are numbered in the direction of play: seat dealer+1 speaks and leads first.

Action texts:
  auction       ``pass``, ``prise``, ``garde``, ``garde sans``, ``garde contre``
  call (5 pl.)  ``call KS`` .. (``call QS`` .. when the taker holds the four Kings)
  discard       ``discard CODE``
  chelem        ``announce chelem``, ``pass``
  play          ``play CODE``; before a player's first card also
                ``single poignée``, ``double poignée``, ``triple poignée``,
                then ``show CODE`` once per card shown.

Readings chosen where the brief and the reading differ or leave room are listed in
``READINGS`` below.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

READINGS = (
    "Excuse in the deal's last trick (no slam exception): it goes to the team opposing "
    "its player, even when its player's own team wins that trick (seed: 'går Excuse "
    "normalt til modstanderholdet'). The brief's 'goes with the trick to the winner' "
    "differs only when the Excuse's own team wins the last trick; selectable with "
    "excuse_last_trick='winner'.",
    "Excuse kept before the last trick: no card changes hands; its team's card points go "
    "down by 0.5 and the trick winner's team's go up by 0.5 (91 stays 91).",
    "Slam exception: the Excuse led to the last trick wins it when the leader's team won "
    "every earlier trick; petit au bout then looks at the penultimate trick.",
    "Chelem: taker's side takes every trick: +400 announced, +200 otherwise; announced "
    "and not made: -200; defenders take every trick: a further -200 (their unannounced "
    "slam), so an announced chelem lost to a defenders' slam costs 400.",
    "Poignée bonuses (unmultiplied) go to the side that wins the contract, whoever "
    "declared them; petit au bout is 10 x multiplier to the side winning the trick.",
    "Four-Kings exception: the taker holding the four Kings at his first card may count "
    "and show his discarded trumps for the triple poignée only (trumps in hand plus "
    "discarded trumps, without the Excuse, reach the triple threshold).",
    "Each seat speaks exactly once in the auction, also after a garde contre (then only "
    "'pass' is legal).",
    "5 players: the called card's holder after the chien is taken is the partner; the "
    "taker plays alone if he holds it or it lies in an untaken chien. No first-trick "
    "restriction on the called suit (the brief and the reading give none).",
)

SUITS = ("S", "H", "D", "C")
PLAIN_RANKS = ("K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1")
EXCUSE = "EX"
PETIT = "1T"
BOUTS = frozenset({"1T", "21T", "EX"})
KINGS = ("KS", "KH", "KD", "KC")
QUEENS = ("QS", "QH", "QD", "QC")

DECK: tuple[str, ...] = tuple(
    [rank + suit for suit in SUITS for rank in PLAIN_RANKS]
    + [f"{n}T" for n in range(1, 22)]
    + [EXCUSE]
)

SUIT: dict[str, str] = {}
RANK: dict[str, int] = {}
POINTS: dict[str, Fraction] = {}
_HONOURS = {"K": Fraction(9, 2), "Q": Fraction(7, 2), "N": Fraction(5, 2), "J": Fraction(3, 2)}
for _card in DECK:
    if _card == EXCUSE:
        SUIT[_card], RANK[_card] = "X", 0
    elif _card.endswith("T"):
        SUIT[_card], RANK[_card] = "T", int(_card[:-1])
    else:
        SUIT[_card], RANK[_card] = _card[-1], 14 - PLAIN_RANKS.index(_card[:-1])
    if _card in BOUTS:
        POINTS[_card] = Fraction(9, 2)
    elif SUIT[_card] != "T" and _card[:-1] in _HONOURS:
        POINTS[_card] = _HONOURS[_card[:-1]]
    else:
        POINTS[_card] = Fraction(1, 2)
TRUMPS = frozenset(c for c in DECK if SUIT[c] == "T")
HALVES = {c: int(p * 2) for c, p in POINTS.items()}  # card points in half-points
ORDER = {c: i for i, c in enumerate(DECK)}

CONTRACTS = {"prise": 1, "garde": 2, "garde sans": 4, "garde contre": 6}
TARGETS = (56, 51, 41, 36)
POIGNEE_NAMES = ("single poignée", "double poignée", "triple poignée")
POIGNEE_BONUS = (20, 30, 40)


class Layout(NamedTuple):
    hand: int
    chien: int
    discard: int
    tricks: int
    poignee: tuple[int, int, int]


LAYOUTS = {
    3: Layout(24, 6, 6, 24, (13, 15, 18)),
    4: Layout(18, 6, 6, 18, (10, 13, 15)),
    5: Layout(15, 3, 3, 15, (8, 10, 13)),
}


class Trick(NamedTuple):
    leader: int
    plays: tuple[tuple[int, str], ...]  # (seat, card) in playing order
    winner: int
    by_excuse: bool  # won by the Excuse under the slam exception


def card_points(cards) -> Fraction:
    return Fraction(sum(HALVES[c] for c in cards), 2)


def contract_value(
    points: Fraction,
    bouts: int,
    multiplier: int,
    *,
    petit_au_bout: int = 0,
    poignees: tuple[int, ...] = (),
    attack_slam: bool = False,
    defence_slam: bool = False,
    announced: bool = False,
) -> Fraction:
    """G, what each defender pays the taker's side (negative: receives).

    petit_au_bout: +1 if the taker's side earned it, -1 if the defenders did, 0 if none.
    poignees: the bonuses (20/30/40) of every poignée shown, by anyone.
    """
    target = TARGETS[bouts]
    made = points >= target
    sign = 1 if made else -1
    value = Fraction(25 + abs(points - target)) * multiplier * sign
    value += 10 * multiplier * petit_au_bout
    value += sign * sum(poignees)
    if attack_slam:
        value += 400 if announced else 200
    elif announced:
        value -= 200
    if defence_slam:
        value -= 200
    return value


class Referee:
    def __init__(
        self,
        hands: list[list[str]],
        chien: list[str],
        dealer: int,
        players: int = 4,
        *,
        excuse_last_trick: str = "opponents",
    ) -> None:
        if players not in LAYOUTS:
            raise ValueError(f"unsupported player count {players}")
        if excuse_last_trick not in ("opponents", "winner"):
            raise ValueError("excuse_last_trick must be 'opponents' or 'winner'")
        layout = LAYOUTS[players]
        if len(hands) != players or any(len(h) != layout.hand for h in hands):
            raise ValueError(f"{players} hands of {layout.hand} cards expected")
        if len(chien) != layout.chien:
            raise ValueError(f"a chien of {layout.chien} cards expected")
        everything = [c for h in hands for c in h] + list(chien)
        if sorted(everything) != sorted(DECK):
            raise ValueError("the hands and the chien must hold the 78 cards once each")
        if not 0 <= dealer < players:
            raise ValueError("dealer out of range")

        self.players = players
        self.layout = layout
        self.excuse_last_trick = excuse_last_trick
        self.initial_hands = [list(h) for h in hands]
        self.hands = [set(h) for h in hands]
        self.chien = list(chien)
        self.dealer = dealer
        self.first = (dealer + 1) % players

        self.phase = "auction"
        self._actor: int | None = self.first
        self.bids: list[tuple[int, str]] = []
        self.taker: int | None = None
        self.contract: str | None = None
        self.multiplier = 0
        self.called: str | None = None
        self.partner: int | None = None
        self.discard: list[str] = []
        self.chelem_announced = False
        self.has_played = [False] * players
        self.poignees: dict[int, tuple[int, list[str]]] = {}  # seat -> (level, shown)
        self._showing: list | None = None  # [seat, level, cards still to show]
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[Trick] = []
        self.history: list[tuple[int, str]] = []
        self._annulled = False
        self._scores: list[Fraction] | None = None
        self._legal: list[str] | None = None

        for hand in self.hands:
            if PETIT in hand and EXCUSE not in hand and not any(
                c in TRUMPS for c in hand if c != PETIT
            ):
                self._annul()
                break

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def annulled(self) -> bool:
        return self._annulled

    def to_act(self) -> int | None:
        return None if self.phase == "over" else self._actor

    def scores(self) -> list[Fraction]:
        if self._scores is None:
            raise RuntimeError("the deal is not over")
        return list(self._scores)

    def attack(self, seat: int) -> bool:
        """Whether the seat is on the taker's side."""
        return seat == self.taker or seat == self.partner

    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = self._compute_legal()
            self._legal_set = frozenset(self._legal)
        return list(self._legal)

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "auction":
            high = max((CONTRACTS[b] for _, b in self.bids if b != "pass"), default=0)
            return ["pass"] + [c for c, v in CONTRACTS.items() if v > high]
        if phase == "call":
            hand = self.hands[self.taker]
            cards = QUEENS if all(k in hand for k in KINGS) else KINGS
            return ["call " + c for c in cards]
        if phase == "discard":
            return ["discard " + c for c in self._discardable()]
        if phase == "chelem":
            return ["announce chelem", "pass"]
        # play
        seat = self._actor
        if self._showing is not None:
            return ["show " + c for c in self._showable()]
        actions = ["play " + c for c in self._playable(seat)]
        if not self.has_played[seat] and seat not in self.poignees:
            count = self._poignee_count(seat, triple=False)
            triple_count = self._poignee_count(seat, triple=True)
            for level, need in enumerate(self.layout.poignee):
                have = triple_count if level == 2 else count
                if have >= need:
                    actions.append(POIGNEE_NAMES[level])
        return actions

    def _discardable(self) -> list[str]:
        k = self.layout.discard - len(self.discard)
        allowed = [c for c in self.hands[self.taker] if c not in BOUTS and c not in KINGS]
        plain = [c for c in allowed if c not in TRUMPS]
        return sorted(plain if len(plain) >= k else allowed, key=ORDER.__getitem__)

    def _four_kings_exception(self, seat: int) -> bool:
        return seat == self.taker and all(k in self.hands[seat] for k in KINGS)

    def _discarded_trumps(self) -> list[str]:
        return [c for c in self.discard if c in TRUMPS]

    def _poignee_count(self, seat: int, triple: bool) -> int:
        hand = self.hands[seat]
        trumps = sum(1 for c in hand if c in TRUMPS)
        count = trumps + (EXCUSE in hand)
        if triple and self._four_kings_exception(seat):
            # "15 trumf i alt", hand and discard: trumps only, the Excuse is not one of them here
            count = max(count, trumps + len(self._discarded_trumps()))
        return count

    def _showable(self) -> list[str]:
        seat, level, remaining = self._showing
        hand = self.hands[seat]
        pool = [c for c in hand if c in TRUMPS or c == EXCUSE]
        if level == 2 and self._four_kings_exception(seat):
            pool += self._discarded_trumps()
        shown = set(self.poignees[seat][1])
        available = [c for c in pool if c not in shown]
        trumps = [c for c in available if c != EXCUSE]
        return sorted(trumps if len(trumps) >= remaining else available, key=ORDER.__getitem__)

    def _playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        led_card = next((c for _, c in self.trick if c != EXCUSE), None)
        if led_card is None:
            return sorted(hand, key=ORDER.__getitem__)
        led = SUIT[led_card]
        trumps = [c for c in hand if c in TRUMPS]
        high = max((RANK[c] for _, c in self.trick if c in TRUMPS), default=0)
        if led != "T":
            follow = [c for c in hand if SUIT[c] == led]
            if follow:
                options = follow
            else:
                options = [c for c in trumps if RANK[c] > high] or trumps or list(hand)
        else:
            options = [c for c in trumps if RANK[c] > high] or trumps or list(hand)
        if EXCUSE in hand and EXCUSE not in options:
            options = options + [EXCUSE]
        return sorted(options, key=ORDER.__getitem__)

    # ------------------------------------------------------------------ actions
    def apply(self, text: str) -> None:
        self.legal()
        if text not in self._legal_set:
            raise ValueError(f"illegal action {text!r} (legal: {sorted(self.legal())})")
        self._legal = None
        seat = self._actor
        self.history.append((seat, text))
        phase = self.phase
        if phase == "auction":
            self.bids.append((seat, text))
            if len(self.bids) < self.players:
                self._actor = (seat + 1) % self.players
                return
            calls = [(s, b) for s, b in self.bids if b != "pass"]
            if not calls:
                self._annul()
                return
            self.taker, self.contract = max(calls, key=lambda sb: CONTRACTS[sb[1]])
            self.multiplier = CONTRACTS[self.contract]
            self._actor = self.taker
            if self.players == 5:
                self.phase = "call"
            else:
                self._take_chien()
        elif phase == "call":
            self.called = text.split()[1]
            self._take_chien()
        elif phase == "discard":
            card = text.split()[1]
            self.hands[seat].remove(card)
            self.discard.append(card)
            if len(self.discard) == self.layout.discard:
                self.phase = "chelem"
        elif phase == "chelem":
            self.chelem_announced = text == "announce chelem"
            self.phase = "play"
            self._actor = self.taker if self.chelem_announced else self.first
        else:
            self._apply_play(seat, text)

    def _take_chien(self) -> None:
        if self.contract in ("prise", "garde"):
            self.hands[self.taker].update(self.chien)
            self.phase = "discard"
        else:
            self.phase = "chelem"
        if self.called is not None:
            holder = next((s for s in range(self.players) if self.called in self.hands[s]), None)
            self.partner = None if holder == self.taker else holder
        self._actor = self.taker

    def _apply_play(self, seat: int, text: str) -> None:
        if text in POIGNEE_NAMES:
            level = POIGNEE_NAMES.index(text)
            self.poignees[seat] = (level, [])
            self._showing = [seat, level, self.layout.poignee[level]]
            return
        verb, card = text.split()
        if verb == "show":
            self.poignees[seat][1].append(card)
            self._showing[2] -= 1
            if self._showing[2] == 0:
                self._showing = None
            return
        self.hands[seat].remove(card)
        self.has_played[seat] = True
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            self._actor = (seat + 1) % self.players
            return
        leader = self.trick[0][0]
        last = len(self.tricks) == self.layout.tricks - 1
        by_excuse = (
            last
            and self.trick[0][1] == EXCUSE
            and all(self.attack(t.winner) == self.attack(leader) for t in self.tricks)
        )
        if by_excuse:
            winner = leader
        else:
            trumps = [(RANK[c], s) for s, c in self.trick if c in TRUMPS]
            if trumps:
                winner = max(trumps)[1]
            else:
                led = next(SUIT[c] for _, c in self.trick if c != EXCUSE)
                winner = max((RANK[c], s) for s, c in self.trick if SUIT[c] == led)[1]
        self.tricks.append(Trick(leader, tuple(self.trick), winner, by_excuse))
        self.trick = []
        if len(self.tricks) == self.layout.tricks:
            self._settle()
        else:
            self._actor = winner

    # --------------------------------------------------------------- settlement
    def _annul(self) -> None:
        self._annulled = True
        self.phase = "over"
        self._actor = None
        self._legal = None
        self._scores = [Fraction(0)] * self.players

    def _settle(self) -> None:
        self.phase = "over"
        self._actor = None
        attack_cards: list[str] = []
        defence_cards: list[str] = []
        adjustment = Fraction(0)  # to the taker side's card points
        last_index = len(self.tricks) - 1
        for index, trick in enumerate(self.tricks):
            winner_attack = self.attack(trick.winner)
            for seat, card in trick.plays:
                owner_attack = winner_attack
                if card == EXCUSE:
                    player_attack = self.attack(seat)
                    if index < last_index:
                        owner_attack = player_attack
                        if player_attack != winner_attack:
                            adjustment += Fraction(1, 2) if winner_attack else Fraction(-1, 2)
                    elif trick.by_excuse:
                        owner_attack = player_attack
                    elif self.excuse_last_trick == "opponents":
                        owner_attack = not player_attack
                (attack_cards if owner_attack else defence_cards).append(card)
        if self.contract in ("prise", "garde"):
            attack_cards += self.discard
        elif self.contract == "garde sans":
            attack_cards += self.chien
        else:
            defence_cards += self.chien

        self.attack_cards = attack_cards
        self.defence_cards = defence_cards
        self.excuse_adjustment = adjustment
        self.taker_points = card_points(attack_cards) + adjustment
        self.defence_points = card_points(defence_cards) - adjustment
        self.taker_bouts = sum(1 for c in attack_cards if c in BOUTS)
        self.target = TARGETS[self.taker_bouts]
        self.made = self.taker_points >= self.target

        petit_trick = self.tricks[-1]
        if petit_trick.by_excuse:
            petit_trick = self.tricks[-2]
        self.petit_au_bout = 0
        if any(c == PETIT for _, c in petit_trick.plays):
            self.petit_au_bout = 1 if self.attack(petit_trick.winner) else -1

        self.attack_slam = all(self.attack(t.winner) for t in self.tricks)
        self.defence_slam = not any(self.attack(t.winner) for t in self.tricks)
        bonuses = tuple(POIGNEE_BONUS[level] for level, _ in self.poignees.values())
        value = contract_value(
            self.taker_points,
            self.taker_bouts,
            self.multiplier,
            petit_au_bout=self.petit_au_bout,
            poignees=bonuses,
            attack_slam=self.attack_slam,
            defence_slam=self.defence_slam,
            announced=self.chelem_announced,
        )
        self.value = value
        scores = [-value] * self.players
        defenders = sum(1 for s in range(self.players) if not self.attack(s))
        if self.partner is None:
            scores[self.taker] = value * defenders
        else:
            # five players with a partner: taker 2G, partner G (3 defenders)
            scores[self.taker] = value * 2
            scores[self.partner] = value
        self._scores = scores
