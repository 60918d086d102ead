"""Longhorn's movement tables, built once per game from the grid and the movement option.

Cells are numbered row-major (0 = A1, top left). `reach[cell][n]` is a bitmask of the cells where an
exact-n-step move from `cell` may end; `dest[cell][n]` lists the same cells as a tuple. The board never
changes which paths exist (empty cells may be passed through), so only the end cell's cattle matter at
play time.
"""

from __future__ import annotations


def cell_names(rows: int, cols: int) -> tuple[str, ...]:
    """Column letter then row digit: A1 is the top left cell."""
    return tuple(f"{chr(ord('A') + cell % cols)}{cell // cols + 1}" for cell in range(rows * cols))


def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The orthogonal neighbours of each cell, inside the grid."""
    nb = []
    for cell in range(rows * cols):
        r, q = divmod(cell, cols)
        out = []
        for dr, dq in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, qq = r + dr, q + dq
            if 0 <= rr < rows and 0 <= qq < cols:
                out.append(rr * cols + qq)
        nb.append(tuple(out))
    return tuple(nb)


MOVEMENTS = ("no_return_to_start", "loop_allowed", "distance")


def reach_table(
    nb: tuple[tuple[int, ...], ...], max_steps: int, movement: str, cols: int
) -> tuple[tuple[int, ...], ...]:
    """reach[cell][n]: bitmask of cells where an exact-n-step move from `cell` may end.

    `movement` (option `movement`):
    - `no_return_to_start`: walks where no step goes straight back to the cell the previous step
      left, never ending where the move began;
    - `loop_allowed`: the same walks, and one that loops round may end where it began (the start is a
      destination only while it still holds cattle, like any other);
    - `distance`: the destination lies exactly n orthogonal steps away by the shortest path.
    """
    if movement not in MOVEMENTS:
        raise ValueError(f"unknown movement {movement!r}; expected one of {', '.join(MOVEMENTS)}")
    ncell = len(nb)
    table = []
    for start in range(ncell):
        row = [0] * (max_steps + 1)
        if movement == "distance":
            r0, q0 = divmod(start, cols)
            for cell in range(ncell):
                r, q = divmod(cell, cols)
                d = abs(r - r0) + abs(q - q0)
                if 0 < d <= max_steps:
                    row[d] |= 1 << cell
        else:
            frontier = {(start, -1)}
            for depth in range(1, max_steps + 1):
                nxt = set()
                for cell, prev in frontier:
                    for n in nb[cell]:
                        if n != prev:
                            nxt.add((n, cell))
                frontier = nxt
                for cell, _ in frontier:
                    row[depth] |= 1 << cell
            if movement == "no_return_to_start":
                for n in range(max_steps + 1):
                    row[n] &= ~(1 << start)  # never end where the move began
        row[0] = 0
        table.append(tuple(row))
    return tuple(table)


def destination_table(reach: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`reach` as tuples of cells, for quick scans: dest[cell][n]."""
    ncell = len(reach)
    return tuple(tuple(tuple(c for c in range(ncell) if mask >> c & 1) for mask in row) for row in reach)
