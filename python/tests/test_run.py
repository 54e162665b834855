"""regolith.run and regolith.metrics: `regolith run` and `regolith metrics` from Python,
the same files, and the exit codes as exceptions."""

import json
import subprocess

import numpy as np
import pytest

import regolith


def test_run_then_metrics_are_the_commands(source_dir, regolith_binary, tmp_path):
    path = source_dir / "studies" / "single_wheel" / "single_wheel.smoke.json"
    run = regolith.run(path, tmp_path / "py", threads=1, overrides={"/study/slip": 0.3}, progress=False)
    assert isinstance(run, regolith.RunFile)
    assert run.study["slip"] == 0.3
    for name in ("run.h5", "run.xmf", "series.csv", "checkpoint.h5"):
        assert (tmp_path / "py" / name).is_file(), name
    # the command line on the same scene writes the same frames
    subprocess.run([regolith_binary, "run", str(path), "--out", str(tmp_path / "cli"), "--quiet", "--threads", "1",
                    "--set", "/study/slip=0.3"], check=True)
    cli = regolith.RunFile(tmp_path / "cli" / "run.h5")
    assert len(cli) == len(run)
    assert np.array_equal(cli.frame(-1)["owner_position"], run.frame(-1)["owner_position"])
    # metrics: the dict is what the command writes
    m = regolith.metrics(tmp_path / "py")
    assert m["study"] == "single_wheel"
    assert m == json.loads((tmp_path / "py" / "metrics.json").read_text())
    subprocess.run([regolith_binary, "metrics", str(tmp_path / "cli")], check=True, capture_output=True)
    assert json.loads((tmp_path / "cli" / "metrics.json").read_text())["metrics"] == m["metrics"]


def test_run_failures_raise(source_dir, tmp_path):
    scene = regolith.Scene.load(source_dir / "scenes" / "demo" / "demo.smoke.json")
    short = regolith.Scene.from_dict({**scene.to_dict(), "phases": [{"name": "settle", "duration": 0.002}, {"name": "spin", "duration": 0.002}]},
                                     base_dir=source_dir / "scenes" / "demo")
    regolith.run(short, tmp_path / "out", threads=1, progress=False)
    # run.h5 exists: not overwritten, and the exception says why in the command's words
    with pytest.raises(RuntimeError, match="exit 1") as failed:
        regolith.run(short, tmp_path / "out", threads=1, progress=False)
    assert "run.h5 exists: continue it with --resume" in str(failed.value)
    # an invalid override: the scene's problem, with its pointer, in the ValueError
    with pytest.raises(ValueError, match="exit 2") as invalid:
        regolith.run(source_dir / "scenes" / "demo" / "demo.smoke.json", tmp_path / "bad", progress=False,
                     overrides={"/time_step": -1.0})
    assert "/time_step" in str(invalid.value)
    regolith.run(short, tmp_path / "out", threads=1, progress=False, overwrite=True)
    with pytest.raises(ValueError, match="overrides"):
        regolith.run(short, tmp_path / "other", overrides={"/seed": 1})


def test_run_refuses_a_thread_count_below_one(source_dir, tmp_path):
    # Issue 41: threads=-1 was taken as "the default".
    with pytest.raises(ValueError, match="threads: -1, expected at least 1"):
        regolith.run(source_dir / "scenes" / "demo" / "demo.smoke.json", tmp_path / "out", threads=-1, progress=False)
    assert not (tmp_path / "out").exists()
