"""A run's series.csv by body: the rows `regolith run` and `regolith robot` write (one per
body per series interval: time, body, position, orientation, velocities, forces, ...),
grouped by the body column. Plain Python over the csv module: no extension module, no
NumPy, for study scripts that compare runs (examples/robots/*/). SI units, as the file."""

import csv
import os
from typing import Callable, Dict, Iterable, List, Union

Row = Dict[str, float]
_Select = Union[None, str, Iterable[str], Callable[[str], bool]]


def _series_path(run: Union[str, "os.PathLike[str]"]) -> str:
    path = os.fspath(run)
    return os.path.join(path, "series.csv") if os.path.isdir(path) else path


def _selector(bodies: _Select) -> Callable[[str], bool]:
    if bodies is None:
        return lambda name: True
    if callable(bodies):
        return bodies
    if isinstance(bodies, str):
        return lambda name: name == bodies
    wanted = set(bodies)
    return lambda name: name in wanted


def series_by_body(run: Union[str, "os.PathLike[str]"], bodies: _Select = None) -> Dict[str, List[Row]]:
    """{body: rows} of the series.csv in the run folder `run` (or the file `run` itself),
    each body's rows in the file's order (time), each row {column: float} without the body
    column ("nan" reads as NaN). `bodies`: a name, several names or a test on the name;
    None: every body. Raises FileNotFoundError when there is no such file."""
    keep = _selector(bodies)
    out: Dict[str, List[Row]] = {}
    with open(_series_path(run), newline="") as f:
        for r in csv.DictReader(f):
            name = r["body"]
            if keep(name):
                out.setdefault(name, []).append({k: float(v) for k, v in r.items() if k != "body"})
    return out


def body_series(run: Union[str, "os.PathLike[str]"], body: str) -> List[Row]:
    """The rows of one body (series_by_body); empty when the file has none for it."""
    return series_by_body(run, body).get(body, [])


__all__ = ["series_by_body", "body_series"]
