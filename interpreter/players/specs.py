"""How a player kind is written on the command line (``greedy``, ``sampling:40``, ``ismcts:100ms``):
the text the command's help and its errors show. players.make_player reads the specs; this
module stays free of imports so that the command's help costs nothing to build."""

PLAYER_HELP = ("random, greedy, sampling[:WORLDS or :MSms] (worlds consistent with what the seat knows), "
               "uniform[:WORLDS or :MSms] (worlds that ignore it), ismcts[:ITERATIONS or :MSms], "
               "pimc[:WORLDS or :MSms] (worlds consistent with what the seat knows, each solved exactly), "
               "omniscient[:ITERATIONS or :MSms] (sees every hand: a ceiling, not a fair player), "
               "best[:MSms] (pimc with two players, ismcts with more: the strongest measured)")
