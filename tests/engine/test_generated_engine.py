"""The generated engine (generate.py) against the generic one it is written from: the same
legal actions at every step and the same results, on seeded random deals of every bundled
game and variant; and the plain-packet deal against the step-by-step deal."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import interpreter
from interpreter.engine.state import State

GAMES = [p.stem for p in interpreter.bundled_games()]
VARIANTS = [(name, v) for name in GAMES for v in interpreter.load(name).variants]


def _lockstep(game, deals: int, seed: int) -> int:
    """Play ``deals`` random deals on both engines; return the number of actions compared."""
    reference = game.reference()
    assert reference.state_class is State and game.state_class is not State
    rng = random.Random(seed)
    compared = 0
    for i in range(deals):
        deal_seed = rng.getrandbits(64)
        fast = game.new_deal(seed=deal_seed, dealer=i % game.players)
        slow = reference.new_deal(seed=deal_seed, dealer=i % game.players)
        while not slow.is_over:
            legal = slow.legal_actions()
            assert fast.legal_actions() == legal, f"deal {i}: {fast.legal_actions()} != {legal}"
            assert fast.legal_mask() == slow.legal_mask()
            action = rng.choice(legal)
            fast.apply_unchecked(action)
            slow.apply_unchecked(action)
            compared += 1
        assert fast.is_over
        a, b = fast.result(), slow.result()
        assert (a.seat_scores, a.team_scores, a.reasons, a.facts, a.breakdown) == \
            (b.seat_scores, b.team_scores, b.reasons, b.facts, b.breakdown), f"deal {i}"
        assert fast.history == slow.history
    return compared


@pytest.mark.parametrize("name", GAMES)
def test_generated_engine_matches_the_generic_one(name):
    game = interpreter.load(name)
    assert _lockstep(game, 2000, 11) > 2000 * 4


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_generated_engine_matches_in_every_variant(name, variant):
    game = interpreter.load(name, variant=variant)
    assert _lockstep(game, 150, 12) > 150 * 4


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parents[1] / "rule_files").glob("*.yaml")), ids=lambda p: p.stem)
def test_generated_engine_matches_in_the_test_games(path):
    """Melds scored in each trick (trick_melds) and contracts choosing rankings (contracts)."""
    assert _lockstep(interpreter.load(path), 300, 13) > 300 * 4


GAMES_AND_VARIANTS = [(p.stem, None) for p in interpreter.bundled_games()] + \
    [(p.stem, v) for p in interpreter.bundled_games() for v in interpreter.load(p.stem).variants]


@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_generated_and_reference_engines_agree_on_a_few_deals(name, variant):
    """A short form of tests/test_generated_engine.py, in the fast tests: the same legal
    actions at every step, the same history and the same result, on seeded random deals."""
    game = interpreter.load(name, variant=variant)
    reference = game.reference()
    rng = random.Random(f"{name}/{variant}")
    for i in range(25):
        seed = rng.getrandbits(32)
        fast, slow = game.new_deal(seed=seed, dealer=i % game.players), reference.new_deal(seed=seed, dealer=i % game.players)
        steps = 0
        while not slow.is_over:
            legal = slow.legal_actions()
            assert fast.legal_actions() == legal, (i, steps)
            action = rng.choice(legal)
            fast.apply(action)
            slow.apply(action)
            steps += 1
        assert fast.is_over and fast.history == slow.history
        a, b = fast.result(), slow.result()
        assert (a.seat_scores, a.team_scores, a.reasons, a.facts, a.breakdown) == \
            (b.seat_scores, b.team_scores, b.reasons, b.facts, b.breakdown)


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_each_game_runs_its_own_generated_hot_paths(name):
    cls = interpreter.load(name).state_class
    assert cls is not interpreter.State and issubclass(cls, interpreter.State)
    assert {"_compute_legal", "_play", "legal_actions"} <= set(vars(cls))


@pytest.mark.parametrize("name", GAMES)
def test_plain_packets_deal_as_the_steps_do(name):
    """The first deal, generated (its packets from their places in the pack) and generic (of
    plain packets, Game.deal_places), gives what dealing step by step gives."""
    game = interpreter.load(name)
    reference = game.reference()
    for seed in range(50):
        pack = list(range(game.deck.size))
        random.Random(seed).shuffle(pack)
        dealt = []
        for engine, plan in ((game, game.deal_plan), (reference, reference.deal_plan),
                             (game, tuple(game.deal_plan))):     # a copy of the plan takes the steps
            state = engine.new_deal(seed=seed, dealer=seed % game.players)
            state.hands, state.history = [0] * game.players, []
            state.piles = [list(pack)] + [[] for _ in game.pile_names[1:]]
            state._deal(plan)
            dealt.append((state.hands, state.piles, state.history))
        assert dealt[0] == dealt[1] == dealt[2]
        assert sum(h.bit_count() for h in dealt[0][0]) + sum(map(len, dealt[0][1])) == game.deck.size


def _fields(state) -> dict:
    return {name: getattr(state, name) for name in State.__slots__ if name != "bound"}


@pytest.mark.parametrize("name,variant", [(name, None) for name in GAMES] + VARIANTS)
def test_a_generated_start_sets_every_field_as_state_start_does(name, variant):
    """A new deal from the generated start (the fields with the game's sizes written in, the
    trump and first leader written in, straight into play where nothing comes before it) is
    the deal State.start makes, field by field: dealt by seed, in a match (its standing), and
    stacked from a layout."""
    from interpreter.engine.parts import Standing

    game = interpreter.load(name, variant=variant)
    reference = game.reference()
    assert "start" in vars(game.state_class) and "_start_play" in vars(game.state_class)
    standing = Standing(scores=(7,) * len(game.side_names), deal_number=3, counters=None)
    for seed in range(30):
        for kwargs in ({}, {"standing": standing}):
            fast = game.new_deal(seed=seed, dealer=seed % game.players, **kwargs)
            slow = reference.new_deal(seed=seed, dealer=seed % game.players, **kwargs)
            assert _fields(fast) == _fields(slow), (seed, kwargs)
    codes = game.deck.codes
    hands = {"hands": [list(codes[seat * game.hand_size:(seat + 1) * game.hand_size]) for seat in range(game.players)],
             "fill": True}
    for layout in (hands, {"pack": list(reversed(codes))}):
        stacked = game.new_deal(layout=layout, dealer=1)
        assert _fields(stacked) == _fields(reference.new_deal(layout=layout, dealer=1)), layout


def test_the_fields_of_a_new_state_are_every_slot_but_the_cards_dealt():
    from interpreter.engine.state import FIELDS

    assert sorted(name for name, _ in FIELDS) == sorted(set(State.__slots__) - {"dealt"})


def test_the_generated_engine_is_printed_with_the_rule_strings():
    from interpreter.authoring.listing import generated_listing

    listing = generated_listing(interpreter.resolve("belote"))
    assert "# play/follow/2/when\ndef play_follow_2_when(s):\n    return _team(s, _winning(s)) != _team(s, s.current)" \
        in listing
    engine = listing[listing.index("def _compute_legal(s):"):]
    # the trick's winner is found once; the condition Belote's third and fourth clauses share is computed once
    assert "        if (at := s.winning_at) is None:\n            at = s.trick_winner_at()\n" in engine
    assert "elif (cond2 := ((None if at < 0 else s.team_of[s.trick_seats[at]]) != s.team_of[s.current])) and" in engine
    assert "elif cond2 and (chosen := hand & s.trumps):" in engine
    assert "def _play(s, card):" in engine and "c0, c1, c2, c3, = trick" in engine


def test_a_generator_given_as_the_seed_deals_from_its_stream():
    game = interpreter.load("belote")
    stream = random.Random(4)
    first, second = game.new_deal(seed=stream), game.new_deal(seed=stream)
    assert first.dealt != second.dealt                     # the stream moved on
    pack = list(range(game.deck.size))
    again = random.Random(4)
    again.shuffle(pack)
    stacked = game.new_deal(layout={"pack": [game.deck.codes[c] for c in pack]})
    assert stacked.dealt == first.dealt                    # the first deal is the stream's first shuffle


def test_the_settlement_reads_each_let_as_a_local_computed_once():
    from interpreter.engine.generate import engine_source

    belote, _ = engine_source(interpreter.load("belote"))
    settle = belote[belote.index("def _award_list(s):"):]
    assert settle.count("    let_made = ") == 1 and "let_made(s)" not in settle
    assert settle.index("let_takers = ") < settle.index("let_defenders = _other(s, let_takers)") < \
        settle.index("let_made = ")                      # in the rule file's order, each after what it uses
    tarot, _ = engine_source(interpreter.load("french-tarot"))
    settle = tarot[tarot.index("def _award_list(s):"):]
    assert "let_handful" not in settle                   # a let the awards do not read is not computed
    assert "s.bound" not in settle and "(3 if (it == s.taker) else (-1)) * let_contract_gain" in settle
    # a number that may be a Fraction (card points, what is computed from them) is made an int where whole
    assert "    let_taken = _whole(_quotient(" in settle and "    let_contract_gain = _whole(((25 + " in settle
    assert "    let_petit_gain = ((10 * s.contract)" in settle and "    let_bouts = ((" in settle


def test_a_let_that_may_fail_is_computed_where_an_award_first_reads_it(tmp_path):
    """A let with a division is not computed before the awards (on another deal its divisor
    might be zero) but where it is first read, and then remembered: the same results as the
    generic engine, on deals that read it and deals that do not."""
    text = (Path(interpreter.resolve("sixty-six"))).read_text()
    text = text.replace("  loser: next(winner)\n",
                        "  loser: next(winner)\n  share: 12 / tricks(loser) if tricks(loser) > 0 else 0\n")
    text = text.replace("  award:\n", "  award:\n    - rule: share\n      when: tricks(loser) > 1\n"
                                      "      to: winner\n      points: share + share\n")
    path = tmp_path / "shares.yaml"
    path.write_text(text)
    game = interpreter.load(path)
    from interpreter.engine.generate import engine_source

    source, _ = engine_source(game)
    settle = source[source.index("def _award_list(s):"):]
    assert "    let_share = _UNSET\n" in settle and settle.count("(let_share := ") == 2
    assert _lockstep(game, 300, 14) > 300 * 4
    rng, shares = random.Random(5), []
    for seed in range(200):
        state = game.new_deal(seed=seed, dealer=seed % 2)
        while not state.is_over:
            state.apply_unchecked(rng.choice(state.legal_actions()))
        loser = state.result().facts["loser"]
        share = [r.points for r in state.result().reasons if r.rule == "share"]
        assert share == ([2 * interpreter.engine.cards.quotient(12, state.tricks[loser])] if state.tricks[loser] > 1 else [])
        shares += share
    assert len(set(shares)) > 2 and 0 < len(shares) < 200


def test_a_lead_finds_the_melds_a_hand_holds_in_one_lookup():
    """66's marriages: the table of the melds held whole, by the hand's kings and queens."""
    from interpreter.engine.generate import engine_source

    game = interpreter.load("sixty-six")
    source, names = engine_source(game)
    kings_and_queens = game.deck.rank_masks["K"] | game.deck.rank_masks["Q"]
    assert f"        held = MELDS_HELD[hand & {kings_and_queens:#x}]\n" in source
    table = names["MELDS_HELD"]
    assert len(table) == 2 ** 8 and table[0] == ()
    hearts = game.deck.suit_masks[game.deck.suit_codes.index("H")] & kings_and_queens
    spades = game.deck.suit_masks[game.deck.suit_codes.index("S")] & kings_and_queens
    assert [len(table[cards]) for cards in (hearts, spades | hearts, hearts & -hearts)] == [1, 2, 0]
    assert {a.text for shown in table[hearts] for a, _ in shown} == {"play KH marriage", "play QH marriage"}
