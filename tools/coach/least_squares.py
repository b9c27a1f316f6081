"""The least-squares fit both partnership games' monte tables use: a deal's result per seat explained by one
constant per seat plus the features of that seat's hand (tools/coach/lombardia_tables.py, ottocento_tables.py)."""

from __future__ import annotations

Row = tuple[int, tuple[int, ...], float]  # seat, features of its hand, the deal's result for its side
SCALE = 100  # coefficients are shipped as integers in hundredths of a point


def design(seat: int, features: tuple[int, ...], seats: int) -> list[float]:
    """A row of the least-squares problem: one constant per seat, then the features."""
    return [1.0 if s == seat else 0.0 for s in range(seats)] + [float(f) for f in features]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the normal equations are small and well posed)."""
    n = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit(rows: list[Row], seats: int) -> list[float]:
    """The coefficients (seat constants first) that best explain each row's result."""
    xs = [design(seat, features, seats) for seat, features, _ in rows]
    ys = [result for _, _, result in rows]
    size = len(xs[0])
    normal = [[sum(x[i] * x[j] for x in xs) for j in range(size)] for i in range(size)]
    right = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(size)]
    return solve(normal, right)


def estimate(seat: int, features: tuple[int, ...], coefficients: list[int], seats: int) -> float:
    """The shipped estimate (integer coefficients in hundredths) for one seat's hand, in points."""
    return sum(c * x for c, x in zip(coefficients, design(seat, features, seats), strict=True)) / SCALE


def won_by_band(rows: list[Row], coefficients: list[int], seats: int, band: int, top: int) -> dict[int, int]:
    """Per band of the shipped estimate (its lower bound, in points; bands from -5 to ``top``), the
    percentage of deals its side won (a tie counts half), for bands of 20 deals or more."""
    won: dict[int, list[float]] = {}
    for seat, features, result in rows:
        lower = max(-5, min(top, int(estimate(seat, features, coefficients, seats) // band))) * band
        won.setdefault(lower, []).append(1.0 if result > 0 else 0.5 if result == 0 else 0.0)
    return {lower: round(100 * sum(found) / len(found)) for lower, found in sorted(won.items()) if len(found) >= 20}
