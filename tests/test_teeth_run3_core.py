"""Behaviour the seed-3 mutation run (issue 16) found unchecked: rule-file clauses of the bundled
games and engine details, each pinned by an exact decision, value or message on a stacked
position whose right answer is clear. Where the game's generated engine and the generic
reference engine (``Game.reference()``) both run the behaviour, the test runs on both."""
from __future__ import annotations

import pytest
from test_belote import bid as belote_bid
from test_belote import layout_for
from test_french_tarot import at_play, legal, legal_cards, run, trumps
from test_teeth_engine import tiny

import interpreter

ENGINES = ["generated", "reference"]
TAROT = interpreter.load("french-tarot")
BELOTE_MELDS = interpreter.load("belote", "announcements")


def on(game: interpreter.Game, engine: str) -> interpreter.Game:
    """The game on the engine named: its generated code, or the generic State alone."""
    return game if engine == "generated" else game.reference()


# --- French Tarot ---------------------------------------------------------------------------------
# Seat 0 takes (garde sans), seat 1 leads the first trick.

@pytest.mark.parametrize("engine", ENGINES)
def test_tarot_the_fourteen_of_trumps_beats_the_thirteen(engine):
    """order … 15 > 14 > 13 > 12 …: on the 13 of trumps led, holding the 14 and the 3, the
    player must overtrump with the 14, which takes the trick (the others hold no trump)."""
    state = at_play({1: "13T", 2: "3T 14T QH"}, avoid={2: "TX", 3: "TX", 0: "TX"}, game=on(TAROT, engine))
    run(state, "play 13T")
    assert legal_cards(state) == {"14T"}
    state.apply("play 14T")
    for _ in range(2):                                     # seats 3 and 0 hold no trump
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert state.observation(1)["trick_winners"] == [2]


@pytest.mark.parametrize("engine", ENGINES)
def test_tarot_exactly_fifteen_trumps_offer_the_triple_poignee(engine):
    """triple poignée when count(handful_with_discard) >= 15: fifteen trumps, no Excuse, suffice."""
    state = at_play({1: trumps(2, 16)}, avoid={1: "TX"}, game=on(TAROT, engine))
    assert state.current_player == 1
    assert len([c for c in state.observation(1)["hand"] if c.endswith("T") or c == "EX"]) == 15
    assert {t for t in legal(state) if "poignée" in t} == {"single poignée", "double poignée", "triple poignée"}


# --- Belote, announcements ----------------------------------------------------------------------
# Trump diamonds (10D turned up, taken by seat 0; dealer 3, seat 0 leads). Seat 0 announces two
# tierces (K Q J of hearts, Q J 10 of clubs: 40). North-South take 61 card points + 40 = 101,
# East-West 91 + the last trick 10 = 101: made at equality, and only North-South announced.

MELD_HANDS = [["10C", "QH", "KH", "JD", "QC", "JC", "JH", "10D"], ["KD", "AH", "JS", "7S", "AD", "QS", "9D", "7H"],
              ["8S", "AS", "7C", "8D", "KS", "8H", "8C", "7D"], ["10H", "9S", "9H", "9C", "10S", "KC", "QD", "AC"]]
MELD_TRICKS = [{0: "JH", 1: "AH", 2: "8H", 3: "10H"}, {1: "9D", 2: "7D", 3: "QD", 0: "JD"},
               {0: "10C", 1: "AD", 2: "8C", 3: "KC"}, {1: "7S", 2: "AS", 3: "9S", 0: "10D"},
               {0: "QH", 1: "7H", 2: "8D", 3: "9H"}, {2: "KS", 3: "10S", 0: "QC", 1: "QS"},
               {3: "AC", 0: "JC", 1: "JS", 2: "7C"}, {3: "9C", 0: "KH", 1: "KD", 2: "8S"}]


@pytest.mark.parametrize("engine", ENGINES)
def test_belote_announcements_count_toward_the_contract_made_at_equality_with_no_dedans(engine):
    """total(team) adds melds(team) only for the team with the best announcement (nothing for
    the other): 101 against 101 is made; and a made contract gives the defenders no
    'announcements (dedans)'."""
    state = on(BELOTE_MELDS, engine).new_deal(layout=layout_for(MELD_HANDS, 3, 0, "10D"), dealer=3)
    belote_bid(state, 0, "take")
    state.apply("announce")
    for trick in MELD_TRICKS:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    assert state.is_over and state.melds == [40, 0, 0, 0]
    result = state.result()
    assert result.facts["made"] is True and result.facts["belote"] is None
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [
        ("card points", "North-South", 61), ("card points", "East-West", 91),
        ("last trick (dix de der)", "East-West", 10), ("announcements", "North-South", 40)]
    assert result.team_scores == (101, 101)


# --- the engine ---------------------------------------------------------------------------------

HEAD = """\
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
deal: 5 each
"""
TRICKS = """\
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""
HANDS = {"hands": [["KS", "QS", "10S", "AH", "KH"], ["AS", "JS", "QH", "JH", "10H"]]}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_declaration_is_offered_in_a_game_with_no_auction_nor_other_extras(tmp_path, engine):
    """'declare' alone makes play more than card plays: seat 0, leading with K and Q of spades,
    may lead either as a marriage."""
    game = tiny(tmp_path, "game: Marriages\n" + HEAD + """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  declare:
    marriage: {cards: K or Q, points: 20}
""" + TRICKS)
    state = on(game, engine).new_deal(layout=HANDS)
    assert [a.text for a in state.legal_actions()] == [
        "play KS", "play QS", "play 10S", "play AH", "play KH", "play KS marriage", "play QS marriage"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_show_is_offered_in_a_game_with_no_auction_nor_other_extras(tmp_path, engine):
    """'show' alone makes play more than card plays: seat 0 holds three spades and may show them."""
    game = tiny(tmp_path, "game: Shows\n" + HEAD + """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  show:
    spades:
      when: shown(me) = 0 and count(hand and S) >= 3
      cards: hand and S
      count: 3
      points: 10
""" + TRICKS)
    state = on(game, engine).new_deal(layout=HANDS)
    assert [a.text for a in state.legal_actions()] == [
        "play KS", "play QS", "play 10S", "play AH", "play KH", "spades"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_lone_deal_is_deal_number_one(tmp_path, engine):
    game = tiny(tmp_path, "game: Numbered\n" + HEAD + """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: deal number
      to: each_seat
      points: deal_number
""")
    state = on(game, engine).new_deal(layout=HANDS)
    assert state.deal_number == 1
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().seat_scores == (1, 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_call_during_play_is_refused_as_the_auction_being_over(engine):
    from test_belote import GAME as BELOTE
    from test_belote import full
    state = on(BELOTE, engine).new_deal(layout=layout_for(full("JH AS KS QS 7D 8D 9D 7C", "*", "*", "*"), 3, 0, "JH"),
                                        dealer=3)
    belote_bid(state, 0, "take")
    assert state.current_player == 0
    for text in ("take", "pass"):
        with pytest.raises(interpreter.IllegalActionError) as err:
            state.apply(text)
        assert str(err.value) == f"{text}: the auction is over; play a card"


# Four players, eight cards (A and 10 of each suit), each seat its own side; melds found in the
# cards of a trick go to its winner, and the side of the best meld scores a point.
MELDS_GAME = """\
game: Trick fours
players: 4
cards:
  suits: {S: Spades, H: Hearts, D: Diamonds, C: Clubs}
  ranks: {A: Ace, "10": Ten}
order: A > 10
deal: 2 each
let:
  best: best_meld()
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  melds:
    at: trick
    combinations:
      four tens: {of a kind: "10", points: TENS}
      four aces: {of a kind: A, points: 0}
scoring:
  award:
    - rule: best meld
      when: best_meld() != none
      to: best_meld()
      points: 1
"""
FOURS = {"hands": [["10S", "AS"], ["10H", "AH"], ["10D", "AD"], ["10C", "AC"]]}


def fours(tmp_path, engine: str, tens: int, first: str) -> interpreter.State:
    """Seat 0 leads ``first`` then its other card, the others play the same rank: seat 0 wins both tricks."""
    game = tiny(tmp_path, MELDS_GAME.replace("TENS", str(tens)), name=f"fours{tens}")
    state = on(game, engine).new_deal(layout=FOURS)
    for rank in (first, "A" if first == "10" else "10"):
        for _ in range(4):
            state.apply(next(a for a in state.legal_actions() if a.text.startswith(f"play {rank}")))
    assert state.is_over and state.winners == [0, 0]
    return state


@pytest.mark.parametrize("engine", ENGINES)
def test_best_meld_counts_a_meld_whose_top_card_is_the_lowest_of_the_order(tmp_path, engine):
    """Four tens (the lowest rank: its place in the order is 0) are still the best meld."""
    state = fours(tmp_path, engine, 10, "10")
    assert state.melds == [10, 0, 0, 0]
    result = state.result()
    assert result.facts["best"] == "seat 0"
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("best meld", "seat 0", 1)]


@pytest.mark.parametrize("engine", ENGINES)
def test_melds_worth_nothing_make_no_best_meld(tmp_path, engine):
    """Four tens and four aces worth 0 each: no meld scored, so best_meld() is none, no award."""
    state = fours(tmp_path, engine, 0, "A")
    assert state.melds == [0, 0, 0, 0]
    result = state.result()
    assert result.facts["best"] is None
    assert result.seat_scores == (0, 0, 0, 0) and result.reasons == ()


# Trump cards without a trump suit: the four Jacks, of equal trump strength.
EQUAL_JACKS = """\
game: Equal jacks
players: 2
cards:
  suits: {S: Spades, H: Hearts, D: Diamonds, C: Clubs}
  ranks: {A: Ace, K: King, J: Jack}
order: A > K > J
trump order: J > A > K
deal: 6 each
play:
  lead: seat(0)
  trump cards: J
  winner: highest of led suit
  follow: [led and beating, led, any]
""" + TRICKS


@pytest.mark.parametrize("engine", ENGINES)
def test_with_no_trump_suit_an_equal_trump_does_not_beat_the_one_led(tmp_path, engine):
    """The Jack of spades led; the Jacks of diamonds and clubs are equal to it, neither beats it,
    so both (the trumps held) may follow."""
    game = tiny(tmp_path, EQUAL_JACKS)
    state = on(game, engine).new_deal(layout={"hands": [["JS", "AS", "KS", "JH", "AH", "KH"],
                                                        ["JD", "JC", "AD", "KD", "AC", "KC"]]})
    state.apply("play JS")
    assert [a.text for a in state.legal_actions()] == ["play JD", "play JC"]


@pytest.mark.parametrize("follow", ["led", "[led]"])
def test_the_generated_engine_writes_a_lone_follow_clause_in_line(tmp_path, follow):
    """A follow of one clause (a string or a list of one) is written into the generated code,
    not called through a compiled rule."""
    from interpreter.engine.generate import engine_source
    game = tiny(tmp_path, "game: Lone\n" + HEAD + f"""\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: {follow}
""" + TRICKS)
    source, names = engine_source(game)
    assert "        if (chosen := hand & led_cards):\n            allowed = chosen\n" in source
    assert [name for name in names if name.startswith("rule_")] == []


def test_a_compiled_game_and_its_parts_are_immutable():
    """Every state, and the reference engine, share one Game: it and its deal steps and melds
    cannot be changed."""
    import dataclasses
    game = interpreter.load("belote", "announcements")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.players = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.deal_plan[0].count = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.melds.at = "trick"
    assert game.players == 4 and game.deal_plan[0].count == 3 and game.melds.at == "first turn"


def test_a_game_and_its_reference_engine_compare_equal():
    """reference() changes the engine, not the game: the generated code takes no part in equality."""
    assert BELOTE_MELDS.reference() == BELOTE_MELDS
    assert BELOTE_MELDS.reference().code is None and BELOTE_MELDS.code is not None


def test_a_trick_rule_compares_by_its_tables_not_by_what_it_has_cached():
    from pathlib import Path
    path = Path(interpreter.__file__).parent.parent / "games" / "belote.yaml"
    (_, first), (_, second) = interpreter.problems_in(path), interpreter.problems_in(path)
    assert first.trick_rule is not second.trick_rule
    hearts = first.deck.suit_codes.index("H")
    first.trick_rule.keys(hearts, first.deck.suit_masks[hearts])      # builds and keeps the keys for trump hearts
    assert first.trick_rule._keys and not second.trick_rule._keys
    assert first.trick_rule == second.trick_rule


def test_whole_card_points_stay_whole_numbers_in_the_breakdown():
    """Belote's card points are whole: the breakdown gives ints (61, 91), not fractions."""
    state = BELOTE_MELDS.new_deal(layout=layout_for(MELD_HANDS, 3, 0, "10D"), dealer=3)
    belote_bid(state, 0, "take")
    for trick in MELD_TRICKS:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    breakdown = state.result().breakdown
    assert [(type(t["card_points"]), t["card_points"]) for t in breakdown["teams"]] == [(int, 61), (int, 91)]
    assert {type(s["card_points"]) for s in breakdown["seats"]} == {int}
