"""`atout explain`: a rule file read back in English, and as a web page. What the auction lets
a player call (any value, where calls need not rise), when the players draw after a trick,
the direction of play of every bundled game, and the page's lists."""
from __future__ import annotations

from click.testing import CliRunner
import pytest

from cli import main
import interpreter
from interpreter.authoring.explain import explain, explain_html
from helpers import PASSED_OUT


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
