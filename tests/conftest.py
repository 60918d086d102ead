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


def pytest_collection_modifyitems(config, items):
    """The two tiers (pyproject.toml's markers): a parametrized test marked `fast_case(name=value, ...)`
    keeps the cases whose parameters all equal those values (or are in a list given) in the fast tier (the
    README's `python -m pytest`) and marks the rest of its matrix `slow` (`python -m pytest -m slow`, CI)."""
    for item in items:
        keep = item.get_closest_marker("fast_case")
        if keep is None:
            continue
        params = item.callspec.params
        unknown = set(keep.kwargs) - set(params)
        if unknown:
            raise pytest.UsageError(f"{item.nodeid}: fast_case names no parameter {sorted(unknown)}")
        if any(params[name] not in value if isinstance(value, list) else params[name] != value
               for name, value in keep.kwargs.items()):
            item.add_marker(pytest.mark.slow)
