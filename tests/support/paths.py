"""Where the tests find the repository, its content and the golden records."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
GOLDEN = REPO / "tests" / "golden"
