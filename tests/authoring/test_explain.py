"""`atout explain`: a rule file read back in English, and as a web page. What the auction lets
a player call (any value, where calls need not rise), when the players draw after a trick,
the direction of play of every bundled game, and the page's lists."""
from __future__ import annotations

from click.testing import CliRunner
import pytest

from cli import main
import interpreter
from interpreter.authoring.explain import explain, explain_html
from helpers import FOLLOW_FROM_SEAT_0, PASSED_OUT, TWO_SUITS_HEAD


# --- the auction's 'rising' -----------------------------------------------------------------------

def test_explain_says_any_bid_may_be_called_only_where_rising_is_false():
    spades = [line for line in explain("games/spades.yaml").splitlines() if line.startswith("The auction")]
    assert spades == [("The auction starts with the player after the dealer: each player in turn says 'bid' with a "
                       "number from 0 to 13 (he may not pass); everyone speaks once; any value may be said, not only "
                       "a higher one.")]
    assert "Each call must be higher than the last one made." not in explain("games/spades.yaml")
    tarot = explain("games/french-tarot.yaml")
    assert "everyone speaks once." in tarot and "Each call must be higher than the last one made." in tarot
    assert "any value may be said" not in tarot
    assert "any value may be said" not in explain("games/belote.yaml")


# --- drawing after a trick ------------------------------------------------------------------------

def test_explain_says_when_the_players_draw():
    lines = [line for line in explain("games/sixty-six.yaml").splitlines() if "draws" in line]
    assert lines == [("After each trick every player draws a card from the stock then from the indicator, the "
                      "trick's winner first, while there is no closer.")]


def test_explain_says_the_players_draw_after_every_trick_without_draw_when(tmp_path):
    text = (interpreter.GAMES_DIR / "sixty-six.yaml").read_text(encoding="utf-8")
    old = "  draw when: closer = none\n"
    assert old in text
    path = tmp_path / "draw.yaml"
    path.write_text(text.replace(old, ""), encoding="utf-8")
    lines = [line for line in explain(path).splitlines() if "draws" in line]
    assert lines == [("After each trick every player draws a card from the stock then from the indicator, the "
                      "trick's winner first.")]


# --- direction: it names the way seats run round the table ----------------------------------------

DIRECTIONS = {"aluette": "clockwise", "belote": "counterclockwise", "bridge": "clockwise", "doppelkopf": "clockwise", "euchre": "clockwise",
              "french-tarot": "counterclockwise", "hearts": "clockwise", "oh-hell": "clockwise", "pinochle": "clockwise", "sixty-six": "clockwise",
              "schafkopf": "clockwise", "skat": "clockwise", "spades": "clockwise", "whist": "clockwise"}


def test_every_bundled_game_is_listed():
    assert sorted(DIRECTIONS) == sorted(p.stem for p in interpreter.bundled_games())


@pytest.mark.parametrize("name", sorted(DIRECTIONS))
def test_direction_is_read_and_explained(name):
    game = interpreter.load(name)
    assert game.direction == DIRECTIONS[name]
    text = CliRunner().invoke(main, ["explain", name]).output
    turn = "left" if DIRECTIONS[name] == "clockwise" else "right"
    assert f"{game.players} players; play goes {DIRECTIONS[name]} (the turn passes to the {turn})." in text.splitlines()


# --- the rules as a web page ---------------------------------------------------------------------

def test_explain_html_lists_items_in_one_list():
    page = explain_html(interpreter.GAMES_DIR / "belote.yaml")
    assert page.count("<ol>") == page.count("</ol>") == 3              # the auction's rounds, follow, the awards
    assert "<h2>Play</h2>" in page and "<ol><li>when a trump was led: play a card of the suit led" in page


def test_explain_gives_a_rounds_condition_for_passing():
    """Euchre's second round: 'pass: me != dealer' (stick the dealer) is said, not dropped."""
    text = explain(interpreter.GAMES_DIR / "euchre.yaml")
    assert ("  2. each player in turn says 'name' naming a suit, when the suit is not the suit of the turnup (worth 2; "
            "trumps: the suit), or passes when you are not the dealer; the first call wins.") in text.splitlines()
    assert ("  1. each player in turn says 'order up' (worth 1; trumps: the suit of the turnup; then the turnup goes "
            "to the dealer), or passes; the first call wins.") in text.splitlines()


def test_explain_says_a_passed_out_deal_is_scored(tmp_path):
    path = tmp_path / "passed.yaml"
    path.write_text(PASSED_OUT, encoding="utf-8")
    assert "If everyone passes, the deal is scored as it stands." in explain(path).splitlines()
    path.write_text(PASSED_OUT.replace("  if all pass: score\n", ""), encoding="utf-8")
    assert "If everyone passes, the deal is void and the next dealer deals again." in explain(path).splitlines()


def test_explain_says_a_side_formed_in_the_deal_wins_together():
    page = explain(interpreter.resolve("french-tarot"))
    assert "The side formed in the deal wins or loses together." in page.splitlines()
    assert "side formed in the deal" not in explain(interpreter.resolve("belote"))       # fixed teams


# --- conditions and card sets in words -----------------------------------------------------------

CONDITION = "game: Condition\n" + TWO_SUITS_HEAD + "deal: 2 each, rest to unused\n" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: a
      to: each_seat
      when: WHEN
      points: 1
"""


def _award_reading(tmp_path, when: str) -> str:
    path = tmp_path / "condition.yaml"
    path.write_text(CONDITION.replace("WHEN", when), encoding="utf-8")
    (line,) = [line for line in explain(path).splitlines() if line.startswith("  1. A: ")]
    return line.removeprefix("  1. A: each player scores 1, when ")


def test_a_negated_choice_reads_in_full_after_it_is_not_so_that(tmp_path):
    """The choice needs no parentheses of its own there: the sentence already holds it whole."""
    assert _award_reading(tmp_path, "not (tricks(seat(0)) > 1 if trump_suit = H else tricks(seat(1)) > 0)") == (
        "it is not so that the number of tricks won by seat 0 is more than 1 if the trump suit is Hearts, otherwise "
        "the number of tricks won by seat 1 is more than 0.")


@pytest.mark.parametrize("when,cards", [
    ("(won(seat(0)) and trick_cards(-1)) = none", "cards won by seat 0 among the cards of the last trick"),
    ("(won(seat(0)) except dealt(seat(0))) = none", "cards won by seat 0 other than the cards dealt to seat 0"),
])
def test_card_sets_a_function_names_read_as_cards_when_joined(tmp_path, when, cards):
    """'won(...) and trick_cards(...)' is a set of cards (those of one among the other), not two
    conditions joined by 'and'."""
    assert cards in _award_reading(tmp_path, when)


def test_the_page_lists_the_cards_with_names_of_their_own():
    """Aluette's eight cards that stand alone are named on the page, each with its plain name."""
    lines = [line for line in explain(interpreter.resolve("aluette")).splitlines()
             if line.startswith("Cards with names of their own: ")]
    assert lines == ["Cards with names of their own: Monsieur, the Three of Coins; Madame, the Three of Cups; "
                     "Le borgne, the Two of Coins; La vache, the Two of Cups; Grand-neuf, the Nine of Cups; "
                     "Petit-neuf, the Nine of Coins; Deux de chêne, the Two of Batons; Deux d'écrit, the Two of Swords."]


def test_a_name_that_only_spells_out_the_card_is_not_listed_as_a_name_of_its_own(tmp_path):
    path = tmp_path / "names.yaml"
    path.write_text(CONDITION.replace("WHEN", "tricks(seat(0)) > 0").replace(
        "order:", "  names: {AS: Ace of Spades the tall, KH: Cupid}\norder:"), encoding="utf-8")
    assert [line for line in explain(path).splitlines() if "names of their own" in line] == [
        "Cards with names of their own: Cupid, the King of Hearts."]
