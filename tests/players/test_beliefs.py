"""What a seat may believe about the cards it cannot see (interpreter/players/beliefs.py), the worlds
sampled from it, and the players that search those worlds (sampling, uniform, ISMCTS) or the
true deal (omniscient).

A belief must never contradict the truth; its worlds must be uniform among the deals it
allows; it must read voids from the rule file's follow and may-lead clauses, and no more;
and no honest player may depend on cards its seat cannot see.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
import math
import random
import time

import pytest

import interpreter
from interpreter.players.beliefs import belief, sample, world
from interpreter.engine.cards import bits
from interpreter.errors import IllegalActionError, UnknownPlayerError
from interpreter.engine.parts import Standing
from interpreter.players.greedy import GreedyPlayer
from interpreter.players.ismcts import ISMCTSPlayer
from interpreter.players.sampling import SamplingPlayer, determinize
from interpreter.players.registry import make_player
from interpreter.engine.state import PLAY

GAMES = [(p.stem, variant) for p in interpreter.bundled_games()
         for variant in (None,) + interpreter.load(p.stem).variants]
GAME_IDS = [name if variant is None else f"{name}:{variant}" for name, variant in GAMES]

BELOTE = interpreter.load("belote")
HEARTS = interpreter.load("hearts")
SKAT = interpreter.load("skat")
SIXTY_SIX = interpreter.load("sixty-six")


# --- helpers ---------------------------------------------------------------------------------

def mask(game: interpreter.Game, codes: str) -> int:
    return sum(1 << game.deck.index[c] for c in codes.split())


def suit(game: interpreter.Game, code: str) -> int:
    return game.deck.suit_masks[game.deck.suit_codes.index(code)]


def places_of(state: interpreter.State, b) -> list[int]:
    """The true cards of each place of the belief: other hands, face-down piles, cards in transit."""
    return [state.hands[s] for s in b.seats] + [sum(1 << c for c in state.piles[p]) for p in b.piles] \
        + [cards for _, cards in state.incoming]


def check_belief(state: interpreter.State, seat: int):
    """The belief of ``seat`` holds for the true deal: each place's true cards contain its known
    cards, the others are free and allowed there, and as many as ``sizes`` says."""
    game = state.game
    b = belief(state, seat)
    assert b.seat == seat and b.seats == tuple(s for s in range(game.players) if s != seat)
    assert len(b.known) == len(b.sizes) == len(b.allowed) == len(b.seats) + len(b.piles) + len(b.transit)
    assert b.free & state.hands[seat] == 0, "a seat's own cards are never hidden from it"
    truth = places_of(state, b)
    for i, cards in enumerate(truth):
        assert b.known[i] & ~cards == 0, f"place {i}: a known card is not there"
        rest = cards & ~b.known[i]
        assert rest & ~b.free == 0, f"place {i}: a hidden card is not free: {game.deck.text(rest & ~b.free)}"
        assert rest & ~b.allowed[i] == 0, f"place {i}: a true card is excluded: {game.deck.text(rest & ~b.allowed[i])}"
        assert rest.bit_count() == b.sizes[i]
        assert cards & ~b.possible(i) == 0
    hidden = 0
    for cards in truth:
        hidden |= cards
    known = 0
    for k in b.known:
        known |= k
    assert hidden == known | b.free, "the free cards are exactly the hidden cards not known"
    return b


def check_world(state: interpreter.State, b, rng: random.Random) -> interpreter.State:
    """A world keeps everything the seat sees and deals the rest as the belief allows."""
    game, seat = state.game, b.seat
    w = world(state, b, rng)
    assert w is not state and w.hands is not state.hands
    assert w.hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in w.hands] == [h.bit_count() for h in state.hands]
    assert [len(p) for p in w.piles] == [len(p) for p in state.piles]
    for i, public in enumerate(game.pile_public):
        if public:
            assert w.piles[i] == state.piles[i]
    assert [(to, cards.bit_count()) for to, cards in w.incoming] == \
        [(to, cards.bit_count()) for to, cards in state.incoming]
    assert (w.trick, w.trick_seats, w.won, w.history, w.current, w.phase) == \
        (state.trick, state.trick_seats, state.won, state.history, state.current, state.phase)
    places = places_of(w, b)
    for i, cards in enumerate(places):
        assert cards & b.known[i] == b.known[i]
        assert cards & ~b.possible(i) == 0
    together = 0
    for cards in places:
        assert together & cards == 0
        together |= cards
    assert together == _union(places_of(state, b)), "the same hidden cards, dealt anew"
    if state.current == seat:
        assert w.legal_actions() == state.legal_actions(), "a world changes nothing the seat may do"
    return w


def _union(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def belote_deal(final: list[str], turnup: str = "7C", dealer: int = 3, taker: int = 0) -> interpreter.State:
    """A Belote deal whose hands after the auction are ``final`` (8 cards each, the taker's
    holding ``turnup``): everyone passes to ``taker``, who takes the turn-up's suit as trump."""
    hands = [[c for c in h.split() if c != turnup] for h in final]
    pack: list[str] = []
    for i in range(4):                       # 3 each but the taker 2, from the dealer's right
        pack += hands[(dealer + 1 + i) % 4][5:]
    state = BELOTE.new_deal(layout={"hands": [h[:5] for h in hands], "turnup": [turnup], "pack": pack},
                            dealer=dealer)
    while state.current_player != taker:
        state.apply("pass")
    state.apply("take")
    assert state.phase == PLAY
    assert [set(BELOTE.deck.text(h).split()) for h in state.hands] == [set(h.split()) for h in final]
    return state


def play(state: interpreter.State, tricks: list[str]) -> interpreter.State:
    """Each trick lists its cards in the order they are played, from its leader."""
    for trick in tricks:
        for code in trick.split():
            state.apply("play " + code)
    return state


# Clubs are trumps (seat 0 takes the 7C). Seat 1 holds no spade and no club; seat 2 no spade.
BELOTE_HANDS = ["AS 10S KS JC 9C AD 10D 7C", "7H AH 10H KH QH KD QD JD",
                "8H 9H JH AC 10C KC QC 8C", "7S 8S 9S QS JS 9D 8D 7D"]
# Seat 0 wins the first four tricks and leads the fifth, which seat 2 wins by trumping his ace.
BELOTE_TRICKS = ["AS 7H 8H 7S", "10S QH 9H 8S", "KS KH JH 9S", "JC JD 8C 7D", "AD QD QC 8D"]


def hearts_deal(hands: list[str], dealer: int = 3, deal_number: int = 4) -> interpreter.State:
    """A stacked Hearts deal; the fourth deal of a match passes no cards."""
    return HEARTS.new_deal(layout={"hands": [h.split() for h in hands]}, dealer=dealer,
                           standing=Standing(deal_number=deal_number))


# --- 1. beliefs never contradict the truth ---------------------------------------------------

@pytest.mark.parametrize("name, variant", GAMES, ids=GAME_IDS)
def test_beliefs_never_contradict_the_truth(name, variant):
    game = interpreter.load(name, variant=variant)
    rng = random.Random(f"beliefs {name} {variant}")
    decisions = worlds = played = 0
    for attempt in range(40):                   # three deals that reach the tricks
        state = game.new_deal(seed=rng.getrandbits(32), dealer=attempt % game.players)
        while not state.is_over:
            seat = state.current_player
            b = check_belief(state, seat)
            decisions += 1
            check_world(state, b, rng)
            worlds += 1
            if decisions % 5 == 0:              # the other seats' beliefs hold as well
                for other in range(game.players):
                    if other != seat:
                        check_belief(state, other)
            state.apply(rng.choice(state.legal_actions()))
        played += bool(state.past)
        if played == 3:
            break
    assert played == 3 and decisions > 0 and worlds > 0


# --- 2. worlds are uniform among the deals the belief allows ---------------------------------

def _splits(cards: list[int], sizes: list[int]):
    """Every way to deal ``cards`` into places of exactly ``sizes`` cards (rules ignored)."""
    if not sizes:
        yield ()
        return
    for chosen in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in _splits(rest, sizes[1:]):
            yield (sum(1 << c for c in chosen),) + tail


def _legal_under(start: interpreter.State, hands: tuple[int, ...], seats: tuple[int, ...], plays) -> bool:
    """Whether every card played so far was legal had the other seats held ``hands`` now."""
    probe = start.clone()
    for s, cards in zip(seats, hands):
        played = sum(1 << c for who, c in plays if who == s)
        probe.set_cards(s, cards | played)
    try:
        for who, card in plays:
            assert probe.current_player == who
            probe.apply(probe.game.play_actions[card])
    except IllegalActionError:
        return False
    return True


def test_worlds_are_uniform_over_the_deals_consistent_with_the_play():
    start = belote_deal(BELOTE_HANDS)
    state = play(start.clone(), BELOTE_TRICKS)
    seat = state.current_player
    assert seat == 2 and [h.bit_count() for h in state.hands] == [3, 3, 3, 3]
    b = belief(state, seat)
    # The true deal: seat 0 holds 10D 9C 7C, seat 1 AH 10H KD, seat 3 QS JS 9D. Everyone saw
    # seat 0 take the turned-up 7C, so it is known; the eight other cards are hidden.
    assert b.seats == (0, 1, 3) and b.known == (mask(BELOTE, "7C"), 0, 0, 0)
    assert b.sizes == (2, 3, 3, 0)                              # the pack is empty
    assert b.free == mask(BELOTE, "10D 9C AH 10H KD QS JS 9D")

    # Every split of the eight hidden cards, judged by the engine replaying the play (a card
    # played is legal under the deal, or the deal is impossible): 40 of the 560 remain.
    # By hand: the club 9C must be seat 0's (seats 1 and 3 showed no club); seat 1 holds no
    # spade: seat 0's other card is QS or JS (10 ways each), or a red card (5 x 4 ways).
    plays = [(who, card) for who, card in state.history if isinstance(card, int)]
    splits = list(_splits(list(bits(b.free)), list(b.sizes[:3])))
    assert len(splits) == math.factorial(8) // (math.factorial(2) * math.factorial(3) ** 2)
    deals = {split: tuple(k | cards for k, cards in zip(b.known, split)) for split in splits}
    consistent = {deals[split] for split in splits if _legal_under(start, deals[split], b.seats, plays)}
    assert len(consistent) == 40
    assert tuple(state.hands[s] for s in b.seats) in consistent
    by_belief = {deals[split] for split in splits
                 if all(cards & ~b.allowed[i] == 0 for i, cards in enumerate(split))}
    assert by_belief == consistent, "the belief allows exactly the deals the play allows"

    draws = 20_000
    rng = random.Random(2024)
    counts = Counter()
    for _ in range(draws):
        places = sample(b, rng)
        assert places[3] == 0                                   # the empty pack
        deal = tuple(places[:3])
        assert deal in consistent, "an impossible deal was drawn"
        counts[deal] += 1
    assert set(counts) == consistent
    expected = draws / len(consistent)
    sd = math.sqrt(draws * (1 / len(consistent)) * (1 - 1 / len(consistent)))
    assert all(abs(n - expected) <= 5 * sd for n in counts.values()), (min(counts.values()), max(counts.values()))
    observed = [counts[d] for d in sorted(consistent)]
    chi2 = sum((n - expected) ** 2 / expected for n in observed)
    try:
        from scipy.stats import chisquare
    except ImportError:       # 39 degrees of freedom: mean 39, sd 8.8; 39 + 6 sd is far in the tail
        assert chi2 < 39 + 6 * math.sqrt(2 * 39)
    else:
        assert chisquare(observed).pvalue > 1e-4, chi2


def test_one_hidden_card_lies_in_each_place_as_often_as_the_sizes_say():
    """With no clause to read yet (the first lead), every hidden card may be in every hidden
    place, and one card's place in the worlds follows the places' sizes."""
    game = interpreter.load("whist")
    state = game.new_deal(seed=11, dealer=0)
    state.apply("turn up")
    seat = state.current_player
    b = check_belief(state, seat)
    shown = next(e for _, e in state.history if isinstance(e, str) and e.startswith("turnup: "))
    turnup = game.deck.index[shown.split(": ")[1]]
    assert state.hands[0] >> turnup & 1
    assert b.known[b.seats.index(0)] == 1 << turnup     # everyone saw the dealer take the turn-up
    card = next(c for c in bits(b.free))
    assert all(b.allowed[i] >> card & 1 for i in range(3))
    rng = random.Random(5)
    where = Counter(next(i for i, p in enumerate(sample(b, rng)) if p >> card & 1) for _ in range(6000))
    # the dealer holds 12 hidden cards beside the turn-up, the two others 13 each
    sizes = [b.sizes[i] for i in range(3)]
    assert sorted(sizes) == [12, 13, 13]
    for i in range(3):
        p = sizes[i] / sum(sizes)
        assert abs(where[i] - 6000 * p) <= 5 * math.sqrt(6000 * p * (1 - p))


def test_worlds_shuffle_the_order_of_a_face_down_stock():
    state = SIXTY_SIX.new_deal(seed=2, dealer=0)
    b = belief(state, state.current_player)
    stock = SIXTY_SIX.pile_names.index("stock")
    hidden = list(bits(b.free))
    assert len(hidden) == 14 and b.sizes == (5, 0, 9)       # the other hand, the empty pack, the stock
    rng = random.Random(3)
    draws = 7000
    tops = Counter(world(state, b, rng).piles[stock][0] for _ in range(draws))
    expected = draws / len(hidden)                            # the next card drawn: any hidden card
    sd = math.sqrt(draws * (1 / 14) * (13 / 14))
    assert all(abs(tops[c] - expected) <= 5 * sd for c in hidden), \
        {SIXTY_SIX.deck.codes[c]: n for c, n in tops.items()}


# --- 3. voids read from the rule file, no more ----------------------------------------------

def test_belote_a_heart_on_a_spade_lead_shows_a_void_in_spades_and_trumps():
    state = play(belote_deal(BELOTE_HANDS), BELOTE_TRICKS[:1])       # AS 7H 8H 7S
    spades, clubs = suit(BELOTE, "S"), suit(BELOTE, "C")
    b = check_belief(state, 0)
    assert b.seats == (1, 2, 3)
    # Seat 1 did not follow spades, nor trump the opponent's winning ace: no spade, no trump.
    assert b.allowed[0] == BELOTE.deck.all & ~spades & ~clubs
    assert b.possible(0) & (spades | clubs) == 0
    # Seat 2 did not follow either, but its partner was winning: the 'partner winning' clause
    # ('... when count(hand and trumps and beating) > 0') reads the hand, so nothing is concluded
    # about its trumps, which it does hold.
    assert b.allowed[1] == BELOTE.deck.all & ~spades
    assert state.hands[2] & clubs == mask(BELOTE, "AC 10C KC QC 8C")
    assert state.hands[2] & ~b.possible(1) == 0
    assert b.allowed[2] == BELOTE.deck.all                           # seat 3 followed
    # the others see the same of seats 1 and 2
    seen_by_3 = belief(state, 3)
    assert seen_by_3.allowed[seen_by_3.seats.index(1)] == BELOTE.deck.all & ~spades & ~clubs
    assert seen_by_3.allowed[seen_by_3.seats.index(2)] == BELOTE.deck.all & ~spades


def test_belote_no_false_exclusion_when_a_partner_trumps_a_partners_ace():
    """Seat 2 trumps its partner's winning ace (legal: the clause's condition holds for it);
    seat 3 discards on a trump lead: void in trumps."""
    state = play(belote_deal(BELOTE_HANDS), BELOTE_TRICKS)
    clubs, diamonds, spades = suit(BELOTE, "C"), suit(BELOTE, "D"), suit(BELOTE, "S")
    b = check_belief(state, 1)
    assert b.seats == (0, 2, 3)
    assert b.allowed[0] == BELOTE.deck.all                               # the leader: nothing
    assert b.allowed[1] == BELOTE.deck.all & ~spades & ~diamonds         # trumps still allowed
    assert state.hands[2] == mask(BELOTE, "AC KC 10C") and state.hands[2] & ~b.possible(1) == 0
    assert b.allowed[2] == BELOTE.deck.all & ~clubs                      # 7D on the JC lead


def test_hearts_a_heart_led_before_hearts_are_broken_shows_a_hand_of_hearts():
    # Seat 1 holds the AC and twelve hearts: it wins the first trick and must then lead a heart.
    hands = ["2C 2H KS QS JS 10S 9S 8S AD KD QD JD 10D",
             "AC AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H",
             "3C AS 7S 6S 5S 4S 3S 2S 9D 8D 7D 6D 5D",
             "4C KC QC JC 10C 9C 8C 7C 6C 5C 4D 3D 2D"]
    state = play(hearts_deal(hands), ["2C AC 3C 4C"])
    assert state.current_player == 1
    b = check_belief(state, 2)
    assert b.allowed[b.seats.index(1)] == HEARTS.deck.all          # following clubs says nothing
    assert "play AH" in [a.text for a in state.legal_actions()] and \
        all(a.text.endswith("H") for a in state.legal_actions())
    state.apply("play KH")
    hearts = suit(HEARTS, "H")
    for seat in (0, 2, 3):
        b = check_belief(state, seat)
        at = b.seats.index(1)
        assert b.allowed[at] == hearts, "he led a heart unbroken: he held nothing but hearts"
        assert b.possible(at) & ~hearts == 0
    # once hearts are broken, a heart led says nothing
    play(state, ["7D 5C 2H"])                  # seat 1 wins again; seats 2 and 3 showed no heart
    state.apply("play QH")                     # hearts are broken now: this lead says nothing new
    b = check_belief(state, 0)
    assert b.allowed[b.seats.index(1)] == hearts                    # what the first lead showed stays
    assert b.allowed[b.seats.index(2)] & hearts == 0 and b.allowed[b.seats.index(3)] & hearts == 0


def test_sixty_six_no_duty_to_follow_while_the_stock_is_open():
    hands = [["KS", "10H", "KH", "AD", "10D"], ["AS", "10S", "QH", "JH", "QD"]]
    stock = ["QS", "JS", "AH", "KD", "JD", "AC", "10C", "KC", "QC"]
    state = SIXTY_SIX.new_deal(layout={"hands": hands, "indicator": ["JC"], "stock": stock}, dealer=0)
    assert state.current_player == 1
    state.apply("play AS")
    assert "play KS" in [a.text for a in state.legal_actions()]   # he holds a spade, needn't play it
    state.apply("play 10H")
    assert state.current_player == 1 and state.piles[SIXTY_SIX.pile_names.index("stock")]
    b = check_belief(state, 1)
    assert b.seats == (0,) and b.allowed[0] == SIXTY_SIX.deck.all, "no void inferred while the stock is open"
    assert b.possible(0) >> SIXTY_SIX.deck.index["KS"] & 1


def _stock_played_out(state: interpreter.State) -> bool:
    return not state.piles[SIXTY_SIX.pile_names.index("stock")]


def _stock_closed(state: interpreter.State) -> bool:
    closer = SIXTY_SIX.mark_names.index("closer")
    return state.marks[closer] is not None and not _stock_played_out(state)


@pytest.mark.parametrize("strict, close", [(_stock_played_out, False), (_stock_closed, True)],
                         ids=["played out", "closed"])
def test_sixty_six_voids_are_read_once_the_strict_rules_bind(strict, close):
    """After the last draw the strict rules apply: a card not following shows a void. A closed
    stock is drawn from no more, so the tricks after the close show voids too, though it still
    holds cards (the tricks before it, each followed by a draw, do not). Uniform worlds ignore them."""
    found = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = SIXTY_SIX.new_deal(seed=seed, dealer=seed % 2)
        while not state.is_over:
            legal = state.legal_actions()
            closing = [a for a in legal if a.text == "close"] if close and state.past else []
            action = closing[0] if closing else rng.choice(legal)
            trick = list(state.trick)
            binding = strict(state)
            follower = state.current_player
            state.apply(action)
            if (binding and len(trick) == 1 and action.kind == "play" and not state.is_over
                    and SIXTY_SIX.deck.suit_of[action.card] != SIXTY_SIX.deck.suit_of[trick[0]]):
                led = SIXTY_SIX.deck.suit_masks[SIXTY_SIX.deck.suit_of[trick[0]]]
                b = check_belief(state, 1 - follower)
                assert b.allowed[0] & led == 0, "failing to follow shows a void"
                assert belief(state, 1 - follower, informed=False).allowed[0] & led == led
                found += 1
                break
    assert found >= 3


def test_a_void_seen_in_play_is_still_known_when_the_deal_ends_early():
    """Sixty-six, seed 0: the deal ends with two cards in each hand; what seat 1's plays under
    the strict follow rules showed (it holds no AD) seat 0 still knows once the deal is over."""
    game = interpreter.load("sixty-six")
    state = game.new_deal(seed=0, dealer=0)
    player = GreedyPlayer(0)
    while not state.is_over:
        before = state.clone()
        state.apply(player.choose(state))
    assert [h.bit_count() for h in state.hands] == [2, 2]
    ad = 1 << game.deck.codes.index("AD")
    assert belief(before, 0).allowed[0] == game.deck.all & ~ad
    assert belief(state, 0).allowed[0] == game.deck.all & ~ad


# --- 4. cards the seat gave ------------------------------------------------------------------

def test_hearts_the_passer_knows_where_his_three_cards_are():
    state = HEARTS.new_deal(seed=7, dealer=3)                    # the first deal: pass to the left
    passer = state.current_player
    receiver = (passer + 1) % 4
    passed = 0
    for _ in range(3):
        action = state.legal_actions()[0]
        passed |= 1 << action.card
        state.apply(action)
    assert state.current_player == receiver and state.incoming == [(receiver, passed)]
    b = check_belief(state, passer)                              # on their way
    assert b.transit == (0,)
    assert b.known[len(b.seats) + len(b.piles)] == passed and b.sizes[-1] == 0
    assert b.free & passed == 0
    other = check_belief(state, (passer + 2) % 4)
    assert other.known == (0,) * len(other.known) and other.sizes[-1] == 3
    assert other.free & passed == passed
    while state.phase != PLAY:
        state.apply(state.legal_actions()[0])
    b = check_belief(state, passer)                              # arrived
    assert not state.incoming and b.transit == ()
    assert b.known[b.seats.index(receiver)] == passed
    assert all(k == 0 for i, k in enumerate(b.known) if i != b.seats.index(receiver))
    for seat in range(4):
        if seat not in (passer, receiver):
            seen = check_belief(state, seat)
            assert seen.known[seen.seats.index(receiver)] & passed == 0
            assert seen.free & passed == passed
    rng = random.Random(1)
    for _ in range(20):
        assert world(state, b, rng).hands[receiver] & passed == passed


def test_skat_the_declarer_knows_his_discard_the_defenders_do_not():
    codes = SKAT.deck.codes
    hands = [" ".join(codes[0:10]), " ".join(codes[10:20]), " ".join(codes[20:30])]
    state = SKAT.new_deal(layout={"hands": [h.split() for h in hands], "skat": list(codes[30:32])}, dealer=2)
    while state.taker is None:
        state.apply("bid 18" if state.current_player == 0 else "pass")
    state.apply("pick up")
    skat = SKAT.pile_names.index("skat")
    for seat in (1, 2):
        b = check_belief(state, seat)
        assert b.sizes[b.seats.index(0)] == 12
    assert hands[0].split()[-2:] == ["AS", "10S"]
    state.apply("discard AS")
    state.apply("discard 10S")
    state.apply("clubs")
    discard, picked = mask(SKAT, "AS 10S"), mask(SKAT, " ".join(codes[30:32]))
    assert state.phase == PLAY and sum(1 << c for c in state.piles[skat]) == discard
    b = check_belief(state, 0)
    at = len(b.seats) + b.piles.index(skat)
    assert b.known[at] == discard and b.sizes[at] == 0
    assert b.free & discard == 0
    rng = random.Random(4)
    assert all(sorted(world(state, b, rng).piles[skat]) == sorted(bits(discard)) for _ in range(10))
    for seat in (1, 2):
        d = check_belief(state, seat)
        at = len(d.seats) + d.piles.index(skat)
        assert d.known == (0,) * len(d.known) and d.sizes[at] == 2
        assert d.free & discard == discard and d.allowed[at] & discard == discard
        assert d.free & picked == picked, "nobody saw the skat he took up"


def _tarot_four_kings() -> interpreter.State:
    """French Tarot: seat 0 holds the four Kings, two Queens and 2T..13T; the chien 14T..19T.
    After a garde he may discard only the two Queens and trumps: four trumps, shown to all."""
    game = interpreter.load("french-tarot")
    chosen = {0: "KS KH KD KC QS QH " + " ".join(f"{n}T" for n in range(2, 14)), 1: "1T 20T 21T EX"}
    chien = [f"{n}T" for n in range(14, 20)]
    used = set(" ".join(chosen.values()).split()) | set(chien)
    rest = [c for c in game.deck.codes if c not in used]
    hands = []
    for seat in range(4):
        hand = chosen.get(seat, "").split()
        hands.append(hand + rest[:18 - len(hand)])
        rest = rest[18 - len(hand):]
    state = game.new_deal(layout={"hands": hands, "chien": chien}, dealer=3)
    while state.phase != PLAY and state.taker is None:
        state.apply("garde" if state.current_player == 0 else "pass")
    for code in ["QS", "2T", "QH", "3T", "4T", "5T"]:
        state.apply("discard " + code)
    return state


def test_french_tarot_trumps_discarded_face_up_are_known_to_lie_in_the_chien():
    state = _tarot_four_kings()
    game = state.game
    chien = game.pile_names.index("chien")
    trumps, queens = mask(game, "2T 3T 4T 5T"), mask(game, "QS QH")
    assert sum(1 << c for c in state.piles[chien]) == trumps | queens
    b = check_belief(state, 0)                       # the taker knows his whole discard
    at = len(b.seats) + b.piles.index(chien)
    assert b.known[at] == trumps | queens and b.sizes[at] == 0
    for seat in (1, 2, 3):                           # everyone saw the four trumps go there
        d = check_belief(state, seat)
        at = len(d.seats) + d.piles.index(chien)
        assert d.known[at] == trumps and d.sizes[at] == 2
        assert d.free & trumps == 0


def test_french_tarot_the_chien_taken_up_is_known_in_the_takers_hand():
    state = _tarot_four_kings()
    game = state.game
    for seat in (1, 2, 3):
        b = check_belief(state, seat)
        assert b.known[b.seats.index(0)] == mask(game, "14T 15T 16T 17T 18T 19T")
    b = check_belief(state, 0)                       # the face-down part of his discard he knows
    at = len(b.seats) + b.piles.index(game.pile_names.index("chien"))
    assert b.known[at] & mask(game, "QS QH") == mask(game, "QS QH")


def test_sixty_six_the_exchanged_indicator_is_known_in_the_exchangers_hand():
    hands = [["KS", "10H", "KH", "AD", "10D"], ["AS", "10S", "QH", "JC", "QD"]]
    stock = ["QS", "JS", "AH", "KD", "JD", "JH", "10C", "KC", "QC"]
    state = SIXTY_SIX.new_deal(layout={"hands": hands, "indicator": ["AC"], "stock": stock}, dealer=0)
    state.apply("exchange")
    ace = SIXTY_SIX.deck.index["AC"]
    assert state.hands[1] >> ace & 1 and state.piles[SIXTY_SIX.pile_names.index("indicator")] == \
        [SIXTY_SIX.deck.index["JC"]]
    b = check_belief(state, 0)
    assert b.known[0] == 1 << ace, "everyone saw the ace of trumps go into seat 1's hand"
    assert not b.free >> ace & 1
    blind = belief(state, 0, informed=False)
    assert not any(blind.known) and blind.free >> ace & 1, "the uniform worlds forget the exchange"
    assert blind.sizes[0] == 5 and blind.allowed[0] >> ace & 1


# --- 5. players never peek -------------------------------------------------------------------

def _advanced(name: str, seed: int, tricks: int) -> interpreter.State | None:
    """A random deal played at random to a decision in play, ``tricks`` tricks in, with a choice."""
    game = interpreter.load(name)
    rng = random.Random(seed)
    state = game.new_deal(seed=seed, dealer=seed % game.players)
    while not state.is_over and (state.phase != PLAY or len(state.past) < tricks
                                 or len(state.legal_actions()) < 2):
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


def _positions():
    """Positions with a real choice: the stacked Belote deal after its first trick; random deals
    of four games a few tricks in; Hearts while cards are passed (some on their way); Belote and
    Whist deals where the hands as dealt matter to the score (belote, honours)."""
    yield "belote stacked", play(belote_deal(BELOTE_HANDS), BELOTE_TRICKS[:1])
    for name, seed in (("whist", 1), ("hearts", 2), ("skat", 3), ("spades", 4)):
        state = next(s for s in (_advanced(name, seed * 100 + a, 2) for a in range(20))
                     if s is not None and len(s.legal_actions()) >= 3)
        yield f"{name} {seed}", state
    for seed in (0, 2, 3):
        yield f"hearts passing {seed}", _passing(seed)
    for name, seed in (("belote", 2), ("belote", 5), ("whist", 5), ("whist", 28)):
        yield f"{name} {seed}", _advanced(name, seed, 1 + seed % 4)


def _passing(seed: int) -> interpreter.State:
    """Hearts, the first deal, while the players pass: some cards are on their way."""
    state = HEARTS.new_deal(seed=seed, dealer=3)
    rng = random.Random(seed)
    for _ in range(3 + seed % 6):
        state.apply(rng.choice(state.legal_actions()))
    assert state.incoming and state.phase != PLAY
    return state


def _twins(state: interpreter.State, count: int):
    """The same position with the other seats' cards dealt anew as the seat's belief allows."""
    seat = state.current_player
    b = belief(state, seat)
    made = 0
    for k in range(50):
        twin = world(state, b, random.Random(k))
        if (twin.hands, twin.piles, twin.incoming) == (state.hands, state.piles, state.incoming):
            continue
        assert belief(twin, seat) == b, "the twin looks the same from the seat"
        assert twin.hands[seat] == state.hands[seat] and twin.history == state.history
        yield twin
        made += 1
        if made == count:
            return
    assert made == count


def _same_choice(spec: str, label: str, state: interpreter.State, twin: interpreter.State,
                 seeds=("same",)) -> None:
    for seed in seeds:
        first = make_player(spec, seed).choose(state)
        second = make_player(spec, seed).choose(twin)
        assert first in state.legal_actions()
        assert first == second, f"{spec} in {label}: {first} with the true deal, {second} with a twin"


@pytest.mark.parametrize("spec", ["sampling:4", "ismcts:30", "uniform:4"])
def test_honest_players_do_not_depend_on_hidden_cards(spec):
    for label, state in _positions():
        for twin in _twins(state, 2):
            _same_choice(spec, label, state, twin)


def test_the_uniform_player_does_not_depend_on_hidden_hands_where_nothing_reads_the_deal():
    """Hearts and Spades in play: no card in transit, no rule reading the hands as dealt."""
    for label, state in _positions():
        if label in ("hearts 2", "spades 4"):
            for twin in _twins(state, 3):
                _same_choice("uniform:4", label, state, twin, seeds=("same", 1))


def test_uniform_worlds_re_deal_the_cards_in_transit():
    state = HEARTS.new_deal(seed=0, dealer=3)
    for _ in range(3):                                   # seat 0 passes three cards to seat 1
        state.apply(state.legal_actions()[0])
    assert state.current_player == 1 and [to for to, _ in state.incoming] == [1]
    assert belief(state, 1).sizes[-1] == 3               # seat 1 cannot see them yet
    worlds = [determinize(state, 1, random.Random(k)) for k in range(30)]
    assert any(w.incoming != state.incoming for w in worlds)


def test_uniform_worlds_re_deal_the_hands_as_dealt():
    state = _advanced("belote", 2, 3)
    seat = state.current_player
    others = [s for s in range(4) if s != seat]
    worlds = [determinize(state, seat, random.Random(k)) for k in range(30)]
    assert all(w.hands != state.hands for w in worlds)
    assert any([w.dealt[s] for s in others] != [state.dealt[s] for s in others] for w in worlds)


# French Tarot for five: the taker (seat 0, garde contre) calls the KC; its holder, seat 3, is his
# secret partner. Seat 1 leads. The twin deal gives the KC to seat 2 instead (for seat 2's 5S).
FIVE_HANDS = ["9S 8S 2S KH 5H 2H ND 7D 3D 8C 7C 3C 2C 1C 21T",
              "KS NS JS 10S 7S JH 4H JD 6D 5D 2D QC 10C 3T 18T",
              "5S 4S 3S QH 9H 1H KD JC 6C 4C 8T 9T 14T 19T EX",
              "QS 1S 10H 10D 4D 1D KC 9C 5C 1T 4T 5T 6T 13T 15T",
              "6S NH 8H 6H 3H QD 9D 8D 2T 7T 10T 11T 12T 16T 17T"]


def _tarot_five(partner: int) -> interpreter.State:
    game = interpreter.load("french-tarot", variant="five")
    hands = [h.split() for h in FIVE_HANDS]
    if partner == 2:
        hands[2][hands[2].index("5S")], hands[3][hands[3].index("KC")] = "KC", "5S"
    state = game.new_deal(layout={"hands": hands, "chien": ["NC", "20T", "7H"]}, dealer=0)
    for action in ["prise", "pass", "pass", "garde", "garde contre", "call KC", "pass"]:
        state.apply(action)
    assert state.phase == PLAY and state.taker == 0 and state.current_player == 1
    assert state.team_of[partner] == state.team_of[0] and state.team_of[5 - partner] != state.team_of[0]
    return state


def test_worlds_form_the_teams_from_the_card_they_deal_to_the_secret_partner():
    state = _tarot_five(partner=3)
    b = belief(state, 1)
    king = state.game.deck.index["KC"]
    holders = Counter()
    for k in range(40):
        w = world(state, b, random.Random(k))
        holder = next((s for s in range(5) if w.hands[s] >> king & 1), None)
        holders[holder] += 1
        if holder is not None and holder != 0:
            assert w.team_of[holder] == w.team_of[0], f"the KC is seat {holder}'s, the teams {w.team_of}"
    assert len(holders) > 1


@pytest.mark.parametrize("spec", ["sampling:6", "ismcts:40", "uniform:6"])
def test_players_do_not_know_the_secret_partner(spec):
    state, twin = _tarot_five(partner=3), _tarot_five(partner=2)
    assert belief(state, 1) == belief(twin, 1) and state.hands[1] == twin.hands[1]
    _same_choice(spec, "french-tarot five", state, twin, seeds=("same", "x", 0, 1))


def test_the_omniscient_player_depends_on_hidden_cards():
    changed = []
    for label, state in _positions():
        truth = make_player("omniscient:60", "same").choose(state)
        assert truth == make_player("omniscient:60", "same").choose(state.clone())    # reproducible
        for twin in _twins(state, 3):
            other = make_player("omniscient:60", "same").choose(twin)
            assert other in state.legal_actions()
            if other != truth:
                changed.append(label)
                break
        if len(changed) >= 2:
            break
    assert len(changed) >= 2, "the omniscient player searches the true deal, so the deal matters"


# --- 6. every player kind is legal everywhere ------------------------------------------------

KINDS = ["random", "greedy", "sampling:3", "uniform:3", "ismcts:8", "omniscient:8"]


@pytest.mark.parametrize("name, variant", GAMES, ids=GAME_IDS)
def test_every_player_kind_plays_legal_actions_in_every_game(name, variant):
    game = interpreter.load(name, variant=variant)
    rotation = -(-len(KINDS) // game.players)
    seen, seed = set(), 0
    for d in range(rotation):
        specs = [KINDS[(d * game.players + i) % len(KINDS)] for i in range(game.players)]
        while True:                              # a deal that reaches play (not annulled at once)
            players = [make_player(spec, f"{name}/{seed}/{i}") for i, spec in enumerate(specs)]
            state = game.new_deal(seed=seed, dealer=seed % game.players)
            seed += 1
            steps = 0
            while not state.is_over:
                legal = state.legal_actions()
                spec = specs[state.current_player]
                action = players[state.current_player].choose(state)
                assert action in legal, f"{spec} chose {action} in {name}"
                seen.add(spec)
                state.apply(action)
                steps += 1
                assert steps <= game.deck.size * 4, "a deal must end"
            if any(isinstance(x, int) for _, x in state.history) or seed > 20:
                break
        assert state.result() is not None
    assert seen == set(KINDS)


# --- 7. ISMCTS decides well on clear positions, reproducibly ---------------------------------

def test_ismcts_takes_a_trick_worth_many_points():
    """Belote, clubs trumps: 10S KS 7S in the trick, the last to play holds AS and 8S: the ace
    takes 25 points for his side, the eight gives them to the takers."""
    final = ["10S 9S AH KH AD KD JC 7C", "7S QS 10H 9H 10D QD 9C 8C",
             "KS JS 8H 7H JD 9D KC QC", "AS 8S QH JH 8D 7D AC 10C"]
    state = play(belote_deal(final), ["10S 7S KS"])
    assert state.current_player == 3 and [a.text for a in state.legal_actions()] == ["play AS", "play 8S"]
    for seed in range(3):
        assert make_player("ismcts:100", seed).choose(state).text == "play AS"
    assert make_player("omniscient:100", 0).choose(state).text == "play AS"


def _hearts_queen_position() -> interpreter.State:
    """Hearts, the fourth deal (no passing): seat 3 leads 10S, seat 0 must play the QS, seat 1
    plays 3S; seat 2 holds AS 2S and no other spade, and too few hearts to shoot the moon."""
    fixed = ["2C QS KS JS 9S AD KD QD JD 10D AH 9H 5H", "",
             "4C AS 2S 6D 5D 4D 3D 2D QH 7H 3H 2H 8C", "AC 10S 6S 5S 4S KC QC JC 10C 9C JH 10H 6H"]
    used = {c for h in fixed for c in h.split()}
    fixed[1] = " ".join(c for c in HEARTS.deck.codes if c not in used)
    state = hearts_deal(fixed)
    return play(state, ["2C 3C 4C AC", "10S QS 3S"])


def test_ismcts_ducks_the_queen_of_spades():
    state = _hearts_queen_position()
    assert state.current_player == 2 and [a.text for a in state.legal_actions()] == ["play AS", "play 2S"]
    for seed in range(3):
        assert make_player("ismcts:100", seed).choose(state).text == "play 2S"
    assert make_player("sampling:4", 0).choose(state).text == "play 2S"


def test_ismcts_is_reproducible_and_plays_its_only_card_without_search():
    state = _hearts_queen_position()
    for spec in ("ismcts:40", "omniscient:40", "sampling:3"):
        first = [make_player(spec, "seed").choose(state) for _ in range(2)]
        assert first[0] == first[1]
    player = make_player("ismcts:40", "seed")
    before = state.clone()
    player.choose(state)
    assert state.hands == before.hands and state.history == before.history and state.piles == before.piles
    state.apply("play 2S")                          # the trick's last card: seat 0 takes its queen
    assert state.winners[-1] == 0
    # one legal action: no search at all (a player whose search would fail still answers)
    last = play(belote_deal(BELOTE_HANDS), BELOTE_TRICKS)
    while len(last.legal_actions()) > 1:
        last.apply(last.legal_actions()[0])
    broken = ISMCTSPlayer("x", iterations=5)
    broken._iterate = None                          # never called
    assert broken.choose(last) == last.legal_actions()[0]


def test_ismcts_with_a_time_budget_searches_and_answers():
    state = play(belote_deal(BELOTE_HANDS), BELOTE_TRICKS[:1])
    player = make_player("ismcts:50ms", 1)
    assert isinstance(player, ISMCTSPlayer) and player.millis == 50
    calls = []
    search = player._iterate

    def counted(root, w):
        calls.append(1)
        return search(root, w)

    player._iterate = counted
    started = time.perf_counter()
    action = player.choose(state)
    elapsed = time.perf_counter() - started
    assert action in state.legal_actions()
    assert len(calls) >= 1
    assert elapsed < 30                             # generous: the budget is 50 ms


# --- 8. player specs -------------------------------------------------------------------------

def test_player_specs_build_the_players_they_name():
    p = make_player("ismcts:500", 1)
    assert isinstance(p, ISMCTSPlayer) and (p.iterations, p.millis, p.peek) == (500, None, False)
    p = make_player("ismcts:100ms", 1)
    assert isinstance(p, ISMCTSPlayer) and p.millis == 100 and not p.peek
    p = make_player("ismcts", 1)
    assert isinstance(p, ISMCTSPlayer) and (p.iterations, p.millis, p.peek) == (200, None, False)
    p = make_player("omniscient", 1)
    assert isinstance(p, ISMCTSPlayer) and p.peek and p.iterations == 200
    p = make_player("omniscient:30", 1)
    assert p.peek and p.iterations == 30
    p = make_player("omniscient:20ms", 1)
    assert p.peek and p.millis == 20
    p = make_player("sampling:7", 1)
    assert isinstance(p, SamplingPlayer) and p.worlds == 7 and not p.uniform
    p = make_player("uniform:5", 1)
    assert isinstance(p, SamplingPlayer) and p.worlds == 5 and p.uniform
    assert make_player("uniform", 1).uniform and make_player("sampling", 1).worlds == 12


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:abc", "greedy:3", "sampling:0", "wizard", "uniform:x",
                                  "omniscient:0ms", "ismcts:-5", "random:1"])
def test_bad_player_specs_are_refused_by_name(spec):
    with pytest.raises(interpreter.AtoutError) as caught:
        make_player(spec, 1)
    assert isinstance(caught.value, UnknownPlayerError)
    assert f"'{spec}'" in str(caught.value)


def test_sixty_six_a_marriage_declared_shows_its_other_card():
    """Leading KH declaring the marriage tells the other player that QH is in that hand."""
    game = interpreter.load("sixty-six")
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        state = game.new_deal(seed=seed)
        while not state.is_over and checked < 5:
            legal = state.legal_actions()
            melds = [a for a in legal if a.kind == "declare"]
            if not melds:
                state.apply(rng.choice(legal))
                continue
            action, seat = melds[0], state.current_player
            state.apply(action)
            if state.is_over or state.current_player == seat:
                continue
            other = state.game.deck.suit_masks[action.suit] & game.declarations[action.arg].cards & ~(1 << action.card)
            b = belief(state, state.current_player)
            assert b.known[b.seats.index(seat)] == other & state.hands[seat]
            assert other & state.hands[seat], "the other card of the marriage stays in hand when its partner leads"
            blind = belief(state, state.current_player, informed=False)
            assert not any(blind.known) and blind.free & other == other & state.hands[seat]
            checked += 1
    assert checked == 5
