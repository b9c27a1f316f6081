"""The ロタロット bidding tables: do not edit by hand, regenerate them with
``tools/coach/rotarot_tables.py --deals 800 --seed 7``.

``WEIGHTS[players]``: the declarer's expected card points as a sum over the features of the hand he
would play (``bot.bid_features``), fitted on bot-played deals; ``SPREAD[players][solo]``: the standard
deviation of real deals around that estimate, for Solo and for the other bids."""

WEIGHTS: dict[int, dict[str, float]] = {
    4: {"trump": 3.38, "long": 1.22, "high": 1.36, "skus": 9.13, "mond": 6.55, "pagat": 2.75, "pair": 1.51,
        "king": 6.4, "queen": 2.85, "knight": 1.14, "jack": 1.05, "void": 6.04, "single": 1.95, "laid": 0.59,
        "rest": -0.41, "solo": -0.52, "blind": 2.68, "base": -8.43},
    3: {"trump": 2.77, "long": 0.99, "high": 0.79, "skus": 7.55, "mond": 5.28, "pagat": 3.17, "pair": 2.11,
        "king": 5.72, "queen": 3.79, "knight": 2.28, "jack": 1.08, "void": 6.47, "single": 2.55, "laid": 0.49,
        "rest": -0.35, "solo": -0.65, "blind": 2.79, "base": -7.09},
}
SPREAD: dict[int, dict[bool, float]] = {4: {False: 7.94, True: 6.56}, 3: {False: 7.2, True: 5.79}}
