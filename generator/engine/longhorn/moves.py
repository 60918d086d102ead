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


def reach_table(
    nb: tuple[tuple[int, ...], ...], max_steps: int, simple_path: bool
) -> tuple[tuple[int, ...], ...]:
    """reach[cell][n]: bitmask of cells where an exact-n-step move from `cell` may end.

    `simple_path`: no cell is visited twice; otherwise (no_reversal) a step never goes straight back
    to the cell the previous step left. A move never ends where it began.
    """
    ncell = len(nb)
    table = []
    for start in range(ncell):
        row = [0] * (max_steps + 1)
        if simple_path:
            def dfs(cell: int, visited: int, depth: int) -> None:
                row[depth] |= 1 << cell
                if depth == max_steps:
                    return
                for n in nb[cell]:
                    if not visited >> n & 1:
                        dfs(n, visited | 1 << n, depth + 1)

            dfs(start, 1 << start, 0)
        else:
            # walks where no step goes straight back to the cell the previous step left
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
        for n in range(max_steps + 1):
            row[n] &= ~(1 << start)  # never end where the move began
        row[0] = 0
        table.append(tuple(row))
    return tuple(table)


def destination_table(reach: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`reach` as tuples of cells, for quick scans: dest[cell][n]."""
    ncell = len(reach)
    return tuple(tuple(tuple(c for c in range(ncell) if mask >> c & 1) for mask in row) for row in reach)
