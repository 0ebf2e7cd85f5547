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
    spades = [line for line in explain("games/spades.yaml").splitlines() if line.startswith("  round 1")]
    assert spades == [("  round 1: each player calls 'bid' with a number from 0 to 13 (he may not pass); the round "
                       "ends after one turn each; any value may be called, not only a higher one.")]
    tarot = explain("games/french-tarot.yaml")
    assert "the round ends after one turn each." in tarot
    assert "any value may be called" not in tarot
    assert "any value may be called" not in explain("games/belote.yaml")


# --- drawing after a trick ------------------------------------------------------------------------

def test_explain_says_when_the_players_draw():
    lines = [line for line in explain("games/sixty-six.yaml").splitlines() if "draws" in line]
    assert lines == [("After each trick every player draws from stock then indicator, the winner first, "
                     "while closer is none.")]


def test_explain_says_the_players_draw_after_every_trick_without_draw_when(tmp_path):
    text = (interpreter.GAMES_DIR / "sixty-six.yaml").read_text(encoding="utf-8")
    old = "  draw when: closer = none\n"
    assert old in text
    path = tmp_path / "draw.yaml"
    path.write_text(text.replace(old, ""), encoding="utf-8")
    lines = [line for line in explain(path).splitlines() if "draws" in line]
    assert lines == ["After each trick every player draws from stock then indicator, the winner first."]


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
    assert f"Players: {game.players}, playing {DIRECTIONS[name]}." in text.splitlines()


# --- the rules as a web page ---------------------------------------------------------------------

def test_explain_html_lists_items_in_one_list():
    page = explain_html(interpreter.GAMES_DIR / "belote.yaml")
    assert page.count("<ul>") == page.count("</ul>") >= 1
    assert "<ul><li>" in page and "</li></ul>" in page


def test_explain_gives_a_rounds_condition_for_passing():
    """Euchre's second round: 'pass: me != dealer' (stick the dealer) is said, not dropped."""
    text = explain(interpreter.GAMES_DIR / "euchre.yaml")
    assert ("round 2: each player calls 'name' naming a suit such that suit is not the suit of the turnup "
            "(value 2) (trump: suit), or passes when the player is not the dealer; the round ends at the first "
            "call.") in text
    assert "round 1: each player calls 'order up' (value 1) (trump: the suit of the turnup) (then: the turnup " \
           "to the dealer), or passes; the round ends at the first call." in text


def test_explain_says_a_passed_out_deal_is_scored(tmp_path):
    path = tmp_path / "passed.yaml"
    path.write_text(PASSED_OUT, encoding="utf-8")
    assert "  If every round passes, the deal ends there and is scored (it counts as a deal)." in explain(path).splitlines()
    path.write_text(PASSED_OUT.replace("  if all pass: score\n", ""), encoding="utf-8")
    assert "  If every round passes, the deal is annulled." in explain(path).splitlines()


def test_explain_lists_the_facts_shown_and_says_a_deal_side_wins_together():
    page = explain(interpreter.resolve("french-tarot"))
    assert "At the end of a deal players are shown: bouts, bouts; card points needed, target; " in page
    assert "a match of one deal is won by the side formed in it, its seats together." in page
    assert "players are shown the tricks and the scores only." in explain(interpreter.resolve("oh-hell"))
    assert "side formed in it" not in explain(interpreter.resolve("belote"))       # fixed teams
