"""regolith.series_by_body / body_series: a run's series.csv grouped by body, each row's
numbers as floats, the same as reading the file with the csv module by hand; a robot run
(`regolith robot`) and a hand-written file."""

import csv
import math
import subprocess

import pytest

import regolith


def test_rows_by_body_from_a_written_file(tmp_path):
    (tmp_path / "series.csv").write_text("time,body,x,fz,contacts,cx\n"
                                         "0,a,1.5,2,0,nan\n"
                                         "0,b,-1,0,3,0.25\n"
                                         "0.01,a,1.75,2.5,1,0.5\n")
    by_body = regolith.series_by_body(tmp_path)
    assert list(by_body) == ["a", "b"]
    assert by_body["a"][1] == {"time": 0.01, "x": 1.75, "fz": 2.5, "contacts": 1.0, "cx": 0.5}
    assert math.isnan(by_body["a"][0]["cx"])
    # the file itself, one name, several names, a test on the name
    assert regolith.series_by_body(tmp_path / "series.csv").keys() == by_body.keys()
    assert list(regolith.series_by_body(tmp_path, "b")) == ["b"]
    assert list(regolith.series_by_body(tmp_path, ["a", "b", "c"])) == ["a", "b"]
    assert list(regolith.series_by_body(tmp_path, lambda name: name != "a")) == ["b"]
    assert regolith.body_series(tmp_path, "b") == by_body["b"]
    assert regolith.body_series(tmp_path, "none") == []
    with pytest.raises(FileNotFoundError):
        regolith.series_by_body(tmp_path / "missing")


def test_a_robot_runs_series_as_the_csv_module_reads_it(tmp_path, source_dir, regolith_binary):
    commands = subprocess.run([regolith_binary, "--help"], capture_output=True, text=True).stdout
    if not any(line.split()[:1] == ["robot"] for line in commands.splitlines()):
        pytest.skip("`regolith robot` is not in this build (no MuJoCo)")
    rover = source_dir / "examples" / "robots" / "rover"
    out = tmp_path / "rover"
    subprocess.run([regolith_binary, "robot", str(rover / "rover.xml"), "--terrain", str(rover / "rover.terrain.json"),
                    "--control", str(rover / "speed_0.23.csv"), "--duration", "0.2", "--out", str(out),
                    "--series-every", "0.01", "--quiet"], check=True, stdout=subprocess.DEVNULL)
    with open(out / "series.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    by_body = regolith.series_by_body(out)
    assert sorted(by_body) == sorted({r["body"] for r in rows}) == ["chassis", "wheel_fl", "wheel_fr", "wheel_rl",
                                                                       "wheel_rr"]
    for name, got in by_body.items():
        mine = [r for r in rows if r["body"] == name]
        assert len(got) == len(mine) > 10
        for a, b in zip(got, mine):
            assert a.keys() == b.keys() - {"body"}
            assert all(a[k] == float(b[k]) or (math.isnan(a[k]) and b[k] == "nan") for k in a)
