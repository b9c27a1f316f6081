"""The monte table of the オットーチェント bot (written by tools/coach/ottocento_tables.py; do not edit).

4000 random deals (seed 11) played out by the bots' rules of thumb.  A seat's expected margin (its
side's score less the other side's) is SEAT[seat] + TRUMPS * trumps + COUNTERS * counter points +
COMBINATIONS * combination points, all in hundredths of a point; WON gives, for each band of 50 points
of that estimate (its lower bound), the percentage of such deals the side won.
"""

SEAT = (-59340, -39748, -59195, -47384)
TRUMPS = 5583
COUNTERS = 1066
COMBINATIONS = 144
WON = {-250: 17, -200: 25, -150: 31, -100: 38, -50: 47, 0: 52, 50: 62, 100: 68, 150: 76, 200: 82, 250: 91}
