"""Shared settings of the Python package's tests: where the source tree and the
`regolith` program are (ctest passes them in the environment; the defaults fit a
`cmake --preset cpu` build run by hand with PYTHONPATH=build/cpu/python)."""

import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("REGOLITH_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
REGOLITH = os.environ.get("REGOLITH_BINARY", str(SOURCE_DIR / "build" / "cpu" / "apps" / "regolith"))


@pytest.fixture(scope="session")
def source_dir() -> pathlib.Path:
    return SOURCE_DIR


@pytest.fixture(scope="session")
def regolith_binary() -> str:
    return REGOLITH
