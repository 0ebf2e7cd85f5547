"""Plain hand-written Python engines of the four seed games, one module per game, each of
the same rules as its rule file in games/: the peers of atout's random-playout benchmark
(benchmarks/run.py --peers). tests/test_benchmark_peers.py plays them beside atout on the
same deals and requires the same legal actions at every step and the same scores."""
