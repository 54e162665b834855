"""regolith.fit, regolith.batch.plan and regolith.collect: the same JSON and tables as
`regolith fit`, `regolith batch plan` and `regolith collect`."""

import csv
import json
import math
import subprocess

import numpy as np
import pytest

import regolith


def write_wheel_run(folder, name, slip, load, sinkage, dp, torque, width=None, radius=0.01):
    """A run folder holding only the metrics.json `regolith metrics` writes for a
    single-wheel run (the fields the fits read), as the C++ Calibration tests make them."""
    run = folder / name
    run.mkdir(parents=True)
    parameters = {"kind": "single_wheel", "slip": slip, "radius": radius, "mass": load / 9.81}
    if width:
        parameters["width"] = width
    metrics = {"slip": slip, "weight": load, "vertical_force": load, "sinkage": sinkage,
               "drawbar_pull_coefficient": dp, "torque_coefficient": torque}
    (run / "metrics.json").write_text(json.dumps({
        "study": "single_wheel", "run": name, "parameters": parameters,
        "metrics": {k: {"value": v, "unit": "?"} for k, v in metrics.items()}}))


@pytest.fixture
def wheel_runs(tmp_path):
    # Exact polynomials (no noise): sinkage 1 + 4 s mm, DP/W = -0.15 + 0.9 s - 0.45 s^2,
    # T/(W R) = 0.08 + 0.75 s - 0.25 s^2, at one load.
    folder = tmp_path / "runs"
    for i in range(8):
        s = 0.1 + 0.1 * i
        write_wheel_run(folder, f"run_{i:02d}", s, 1.0, 1e-3 + 4e-3 * s, -0.15 + 0.9 * s - 0.45 * s * s,
                        0.08 + 0.75 * s - 0.25 * s * s, width=0.02)
    return folder


def cli_fit(binary, kind, runs, out, *extra):
    subprocess.run([binary, "fit", kind, str(runs), "--out", str(out), *extra], check=True, capture_output=True)
    return json.loads(out.read_text())


def test_fit_regression_is_the_commands_json(wheel_runs, regolith_binary, tmp_path):
    ours = regolith.fit.regression(wheel_runs, out=tmp_path / "py.json")
    theirs = cli_fit(regolith_binary, "regression", wheel_runs, tmp_path / "cli.json")
    assert ours == theirs
    assert json.loads((tmp_path / "py.json").read_text()) == theirs
    # noise-free data: the fit recovers the polynomial (to the solver's rounding)
    dp = ours["models"]["drawbar_pull_coefficient"]
    assert dp["coefficients"] == pytest.approx([-0.15, 0.9, -0.45], abs=1e-9)
    assert len(ours["holdout"]["held_out"]) == 2  # every 4th of 8
    # and the file predicts through regolith.models like `regolith predict`
    model = regolith.models.load(tmp_path / "py.json")
    assert model.predict(slip=0.45, Fz=1.0)["drawbar_pull_coefficient"] == pytest.approx(
        -0.15 + 0.9 * 0.45 - 0.45 * 0.45 ** 2, abs=1e-9)


def test_fit_bekker_is_the_commands_json(regolith_binary, tmp_path):
    # Runs made by a Bekker-Wong wheel itself (LETE sand, R = 0.25 m, b = 0.15 m, W = 500 N):
    # the fit from the same preset recovers the soil, and its JSON is the command's.
    wheel = regolith.models.RigidWheel("lete-sand", radius=0.25, width=0.15)
    folder = tmp_path / "runs"
    for i, slip in enumerate((0.05, 0.15, 0.3, 0.45, 0.6, 0.75)):
        f = wheel.solve_sinkage(load=500.0, slip=slip)
        write_wheel_run(folder, f"run_{i:02d}", slip, 500.0, f["sinkage"], f["drawbar_pull"] / 500.0,
                        f["torque"] / (500.0 * 0.25), width=0.15, radius=0.25)
    ours = regolith.fit.bekker(folder, preset="lete-sand", holdout_every=0)
    theirs = cli_fit(regolith_binary, "bekker", folder, tmp_path / "cli.json", "--preset", "lete-sand",
                     "--holdout-every", "0")
    assert ours == theirs
    fitted = regolith.models.RigidWheel.from_fit(tmp_path / "cli.json")
    for name, value in regolith.models.soil_presets()["lete-sand"].items():
        if name != "source":
            assert fitted.soil[name] == pytest.approx(value, rel=1e-3), name


def test_fit_refuses_a_sweep_run_without_metrics_and_absurd_metrics(wheel_runs):
    # A run of the sweep whose metrics.json is gone is named, not dropped.
    (wheel_runs / "run_03" / "metrics.json").unlink()
    with pytest.raises(ValueError, match="run_03: a run of the sweep .* without metrics.json"):
        regolith.fit.regression(wheel_runs)
    # A metric no DEM run makes is refused with its file and key.
    write_wheel_run(wheel_runs, "run_08", 0.9, 1.0, 1e308, 0.1, 0.2)
    (wheel_runs / "run_03").rmdir()
    with pytest.raises(ValueError, match=r"run_08/metrics.json: /metrics/sinkage/value: found 1e\+308"):
        regolith.fit.regression(wheel_runs)


def test_fit_refuses_runs_of_another_study(tmp_path):
    folder = tmp_path / "runs"
    write_wheel_run(folder, "run_00", 0.2, 1.0, 1e-3, 0.1, 0.2)
    with pytest.raises(ValueError, match="plate_intrusion"):
        regolith.fit.rft(folder)


def test_plan_and_collect_are_the_commands(source_dir, regolith_binary, tmp_path):
    manifest = regolith.batch.plan(source_dir / "studies" / "single_wheel" / "slip.sweep.json", tmp_path / "sweep")
    assert len(manifest["runs"]) == 12  # 3 slips x 2 masses x 2 repeats (docs/batch.md)
    assert manifest == json.loads((tmp_path / "sweep" / "manifest.json").read_text())
    # two runs "finished": their metrics.json is what collect reads
    for run, dp in (("run_0000", 0.12), ("run_0005", -0.04)):
        (tmp_path / "sweep" / run / "metrics.json").write_text(json.dumps({
            "study": "single_wheel", "run": run, "parameters": {"kind": "single_wheel"},
            "metrics": {"drawbar_pull_coefficient": {"value": dp, "unit": "1"},
                        "sinkage": {"value": None, "unit": "m"}}}))
    table = regolith.collect(tmp_path / "sweep")
    columns = table["columns"]
    assert list(columns["run_id"]) == ["run_0000", "run_0005"]
    assert np.array_equal(columns["drawbar_pull_coefficient"], [0.12, -0.04])
    assert math.isnan(columns["sinkage"][0])
    assert len(table["meta"]["unfinished"]) == 10
    subprocess.run([regolith_binary, "collect", str(tmp_path / "sweep"), "--out", str(tmp_path / "c.csv")],
                   check=True, capture_output=True)
    with open(tmp_path / "c.csv") as f:
        rows = list(csv.DictReader(f))
    assert [r["run_id"] for r in rows] == ["run_0000", "run_0005"]
    for name, column in columns.items():
        for row, value in zip(rows, column):
            if isinstance(value, float):
                assert (math.isnan(value) and row[name] in ("", "nan", "NaN")) or float(row[name]) == value, name
            else:
                assert row[name] == str(value), name
    assert json.loads((tmp_path / "c.meta.json").read_text()) == table["meta"]
