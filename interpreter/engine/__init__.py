"""The engine: a compiled game (``Game``, immutable, built once per rule file from the parts
in ``parts``) and its deals (``State``: the auction, transfers, trick play and settlement as
phases) and matches (``Match``). Cards are bits of an int; ``cards``, ``tricks`` and
``melds`` hold the tables built once. ``generate`` writes each game's hot paths as Python,
held in lockstep with the generic engine (``Game.reference()``).

The engine knows nothing of rule files: the language layer builds a ``Game`` from one.
"""
