"""The monte table of the ロンバルディアタロット bot (written by tools/coach/lombardia_tables.py).

6000 random deals (seed 11) played out by the bots' rules of thumb.  A seat's expected deal score (its
side's points less 36) is SEAT[seat] + TRUMPS * trumps + HIGH * trumps from XVI up + COUNTERS * face
points of its counters + SHORT * suits of at most one card, all in hundredths of a point; WON gives, for
each band of 2 points of that estimate (its lower bound), the percentage of such deals the side won.
A seat votes only after every seat before it has agreed to the monte, which tells that their hands are
weak: AGREED[seat] is what that adds to the seat's estimate (measured on the deals where it happened).
"""

SEAT = (-1818, -977, -1824, -1091)
TRUMPS = 78
HIGH = 83
COUNTERS = 47
SHORT = 206
WON = {-10: 11, -8: 18, -6: 26, -4: 34, -2: 44, 0: 55, 2: 66, 4: 74, 6: 80, 8: 90}
AGREED = (0, 63, 152, -565)
