"""Test-wide settings: property tests draw the same examples on every run, so CI is repeatable; each
test keeps its player data (saves, progress) in a folder of its own."""

import pytest

from hypothesis import settings

settings.register_profile("saloon", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("saloon")


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    """Each test's saves and scenario progress go to a folder of its own, never the user's data folder
    (platformdirs reads XDG_DATA_HOME on Linux; the command line reads SALOON_DATA)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    monkeypatch.delenv("SALOON_DATA", raising=False)
