"""The hand-written peers of benchmarks/run.py (benchmarks/handwritten/) play the same rules as
the bundled rule files: the same pack is dealt by atout (``layout={"pack": ...}``) and by the
hand-written engine, the same random actions are applied to both, and at every step the
player to act and the set of legal actions must agree, and at the end the deal's scores.
Stacked packs and scripted choices reach what random deals rarely do (petit sec, poignées,
slams, a Belote deal passed out); invariants of the card points are checked on the way."""
from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import interpreter

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from handwritten import aluette, belote, french_tarot, sixty_six

DEALS = 300


def play_both(name: str, mod, pack: list[int], dealer: int, seed: int, choose=None) -> tuple:
    """Play one deal in atout and in the hand-written engine; return (atout's result, the
    hand-written deal, the texts of the actions played)."""
    game = interpreter.load(name)
    state = game.new_deal(layout={"pack": [game.deck.codes[c] for c in pack]}, dealer=dealer)
    mine = mod.Deal(list(pack), dealer)
    rng = random.Random(seed)
    played = []
    while not state.is_over:
        where = f"{name} pack seed {seed}, dealer {dealer}, step {len(played)} after {played[-6:]}"
        assert not mine.over, f"{where}: the hand-written deal is over, atout's is not"
        assert mine.current == state.current_player, where
        theirs = sorted(a.text for a in state.legal_actions())
        ours = {mod.text(a, mine): a for a in mine.legal()}
        assert sorted(ours) == theirs, where
        chosen = choose(theirs, rng, state) if choose else rng.choice(theirs)
        state.apply(chosen)
        mine.apply(ours[chosen])
        played.append(chosen)
    assert mine.over, f"{name} pack seed {seed}: atout's deal is over, the hand-written one is not"
    return state.result(), mine, played


def play_alone(mod, pack: list[int], dealer: int, seed: int):
    """The hand-written deal alone, with the random choices play_both makes: to find the seeds
    of rare outcomes quickly, then play them beside atout."""
    mine = mod.Deal(list(pack), dealer)
    rng = random.Random(seed)
    while not mine.over:
        ours = {mod.text(a, mine): a for a in mine.legal()}
        mine.apply(ours[rng.choice(sorted(ours))])
    return mine


def shuffled(size: int, seed: int) -> list[int]:
    pack = list(range(size))
    random.Random(seed).shuffle(pack)
    return pack


def seat_positions(mod, size: int, dealer: int) -> list[list[int]]:
    """Which places of the pack (top first) the deal gives each seat."""
    deal = mod.Deal(list(range(size)), dealer)
    return [sorted(hand) for hand in deal.hands]


def stacked(mod, size: int, dealer: int, seat: int, cards: list[int], seed: int,
            chien: list[int] = ()) -> list[int]:
    """A pack that deals ``cards`` to ``seat`` (and ``chien`` to the chien; the rest shuffled)."""
    rest = [c for c in range(size) if c not in cards and c not in chien]
    random.Random(seed).shuffle(rest)
    pack = [None] * size
    places = seat_positions(mod, size, dealer)[seat]
    for place, card in zip(places, cards):
        pack[place] = card
    for place, card in zip(sorted(mod.Deal(list(range(size)), dealer).chien) if chien else (), chien):
        pack[place] = card
    it = iter(rest)
    return [c if c is not None else next(it) for c in pack]


def test_aluette_same_as_atout():
    seen = Counter()
    for seed in range(DEALS):
        result, mine, _ = play_both("aluette", aluette, shuffled(48, seed), seed % 4, seed)
        assert tuple(result.team_scores) == mine.score(), seed
        assert len(mine.winners) == 9 and sum(mine.tricks) + mine.winners.count(-1) == 9   # spoiled: nobody's
        seen["spoiled"] += -1 in mine.winners
    assert seen["spoiled"], seen
    # Mordienne (about one deal in 150 at random) and a deal of spoiled tricks only: the seeds
    # where the hand-written engine finds them, played again beside atout.
    rare = Counter()
    for seed in range(DEALS, DEALS + 1000):
        score = play_alone(aluette, shuffled(48, seed), seed % 4, seed).score()
        kind = "mordienne" if 2 in score else ("nobody" if score == (0, 0) else None)
        if kind and rare[kind] < 3:
            rare[kind] += 1
            result, mine, _ = play_both("aluette", aluette, shuffled(48, seed), seed % 4, seed)
            assert tuple(result.team_scores) == mine.score() == score, seed
    assert rare["mordienne"], rare


def test_belote_same_as_atout():
    seen = Counter()
    for seed in range(DEALS):
        result, mine, played = play_both("belote", belote, shuffled(32, seed), seed % 4, seed)
        assert tuple(result.team_scores) == mine.score(), seed
        assert sum(mine.points) == 152 and sum(mine.tricks) == 8      # every card point is won
        seen["name"] += any(a.startswith("name") for a in played)
        seen["belote"] += mine.belote >= 0
        seen["dedans"] += 162 in mine.score() or 182 in mine.score()
        seen["capot"] += 0 in mine.tricks
    assert all(seen[k] for k in ("name", "belote", "dedans", "capot")), seen


def test_belote_passed_out_same_as_atout():
    """Eight passes annul the deal in both."""
    result, mine, played = play_both("belote", belote, shuffled(32, 7), 1, 7,
                                     choose=lambda legal, rng, state: "pass")
    assert played == ["pass"] * 8 and mine.annulled
    assert tuple(result.team_scores) == mine.score() == (0, 0)


def test_sixty_six_same_as_atout():
    seen = Counter()
    for seed in range(DEALS):
        result, mine, played = play_both("sixty-six", sixty_six, shuffled(20, seed), seed % 2, seed)
        assert tuple(result.seat_scores) == mine.score(), seed
        left = mine.hands[0] + mine.hands[1] + mine.stock + [mine.indicator] * (mine.indicator is not None)
        assert sum(mine.points) + sum(sixty_six.POINTS[c % 5] for c in left) == 120    # 120 card points
        for action in ("exchange", "close"):
            seen[action] += action in played
        seen["marriage"] += any(a.endswith("marriage") for a in played)
        seen["66 by a marriage"] += bool(played) and played[-1].endswith("marriage")
        seen["3 points"] += 3 in mine.score()
    assert all(seen[k] for k in ("exchange", "close", "marriage", "66 by a marriage", "3 points")), seen


def tarot_check(result, mine) -> None:
    assert tuple(result.seat_scores) == mine.score()
    if not mine.annulled:
        assert sum(mine.half) + sum(french_tarot.HALF_POINTS[c] for c in mine.chien) == 182   # 91 points
        assert sum(mine.score()) == 0


def test_french_tarot_same_as_atout():
    seen = Counter()
    for seed in range(200):                       # Tarot deals are long: 200 of them
        result, mine, played = play_both("french-tarot", french_tarot, shuffled(78, seed), seed % 4, seed)
        tarot_check(result, mine)
        seen["annulled"] += mine.annulled
        seen[mine.contract] += 1
        seen["chelem"] += mine.chelem
        seen["excuse"] += "play EX" in played
    assert all(seen[k] for k in (1, 2, 4, 6, "chelem", "excuse")), seen


def test_french_tarot_rare_cases_same_as_atout():
    """Stacked packs: a petit sec; hands of many trumps (poignées, slams, the Excuse led last);
    four Kings and fourteen trumps with a chien of trumps (a triple poignée counting the discard)."""
    T = [56 + n - 1 for n in range(1, 22)]       # 1T .. 21T
    EX, KINGS = french_tarot.EXCUSE, list(french_tarot.KINGS)
    seen = Counter()
    petit_sec = [T[0]] + [c for c in range(56) if c not in KINGS][:17]
    result, mine, _ = play_both("french-tarot", french_tarot,
                                stacked(french_tarot, 78, 0, 2, petit_sec, 1), 0, 1)
    assert mine.annulled and result.seat_scores == (0, 0, 0, 0)
    for seed in range(60):
        dealer, seat = seed % 4, (seed // 4) % 4
        strong = T[4:] + [EX]                     # 5T .. 21T and the Excuse: an unbeatable hand
        result, mine, played = play_both("french-tarot", french_tarot,
                                         stacked(french_tarot, 78, dealer, seat, strong, seed), dealer, seed)
        tarot_check(result, mine)
        seen["poignée"] += any("poignée" in a for a in played)
        teams = {w == mine.taker for w in mine.winners}
        seen["slam"] += len(teams) == 1
        seen["excuse led last"] += len(teams) == 1 and mine.last_tricks[1][0] == EX
    for seed in range(20):
        dealer, seat = seed % 4, (seed + 1) % 4
        hand = KINGS + T[:14]                     # four Kings, 1T .. 14T; 15T .. 20T in the chien
        pack = stacked(french_tarot, 78, dealer, seat, hand, seed, chien=T[14:20])

        def choose(legal, rng, state, seat=seat):
            """The stacked seat takes a garde and shows a triple poignée; the others pass."""
            if "triple poignée" in legal:
                return "triple poignée"
            if "pass" in legal:
                return "garde" if state.current_player == seat and "garde" in legal else "pass"
            return rng.choice(legal)

        result, mine, played = play_both("french-tarot", french_tarot, pack, dealer, seed, choose)
        tarot_check(result, mine)
        seen["triple"] += "triple poignée" in played
    assert seen["poignée"] and seen["slam"] and seen["excuse led last"] and seen["triple"], seen


@pytest.mark.parametrize("mod", [aluette, belote, sixty_six, french_tarot], ids=lambda m: m.__name__)
def test_playouts_run(mod):
    deals_per_s, actions_per_s = mod.playouts(20, 1)
    assert deals_per_s > 0 and actions_per_s > deals_per_s


def test_the_split_times_both_engines_on_the_same_packs():
    """benchmarks/run.py --split: each engine's time per deal in dealing, actions and result. The
    packs come from one generator in both loops: Aluette, whose every deal is 36 cards played,
    shows the same number of actions per deal; each part of each engine took some time."""
    import handwritten
    from run import split

    ours, theirs = split(interpreter.load("aluette"), aluette, 30, 4)
    assert ours[3] == theirs[3] == 36
    assert all(part > 0 for part in ours[:3] + theirs[:3])
    state = interpreter.load("aluette").new_deal(seed=random.Random(9), dealer=1)
    mine = aluette.Deal(handwritten.shuffled(random.Random(9), 48), 1)
    assert state.hands == [sum(1 << c for c in hand) for hand in mine.hands]


def test_against_measures_an_earlier_revision_beside_this_checkout(tmp_path):
    """benchmarks/against.py: the revision's files come out of git, and its playouts run in a
    process of their own, from that tree; a revision git does not know is reported, not raised."""
    from against import export, measure

    tree = export("HEAD", tmp_path / "before")
    committed = subprocess.run(["git", "show", "HEAD:interpreter/__init__.py"], capture_output=True, text=True,
                               cwd=Path(__file__).resolve().parents[2], check=True).stdout
    assert (tree / "interpreter" / "__init__.py").read_text() == committed
    rates = measure(tree, ["sixty-six", "aluette"], 5, 1)
    assert list(rates) == ["sixty-six", "aluette"] and all(rate > 0 for rate in rates.values())
    with pytest.raises(SystemExit, match="no-such-revision"):
        export("no-such-revision", tmp_path / "missing")
