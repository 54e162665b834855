"""regolith.RunFile on a run of `regolith robot` (issue 41): the rover's run file reads
through the same calls as a DEM run's, with its wheels' slip and sinkage by name, and
says whether the run finished."""

import shutil
import subprocess

import numpy as np
import pytest

import regolith

h5py = pytest.importorskip("h5py")


@pytest.fixture(scope="module")
def rover_run(tmp_path_factory, source_dir, regolith_binary):
    if subprocess.run([regolith_binary, "robot", "--help"], capture_output=True).returncode != 0:
        pytest.skip("this regolith is built without MuJoCo (no `regolith robot`)")
    rover = source_dir / "examples" / "robots" / "rover"
    out = tmp_path_factory.mktemp("rover")
    subprocess.run([regolith_binary, "robot", str(rover / "rover.xml"), "--terrain", str(rover / "rover.terrain.json"),
                    "--control", str(rover / "speed_0.5.csv"), "--duration", "1", "--frame-every", "0.25",
                    "--out", str(out), "--quiet"], check=True)
    return out / "run.h5"


def test_a_robot_run_reads_as_a_run_file(rover_run):
    run = regolith.RunFile(rover_run)
    assert run.kind == "robot"
    assert "robot run" in repr(run)
    assert run.bodies[0] == "chassis" and "wheel_fl" in run.bodies
    assert len(run) == 5 and np.allclose(run.frame_times, [0, 0.25, 0.5, 0.75, 1.0])
    f = run.frame(-1)
    assert f["body_position"].shape == (len(run.bodies), 3) and f["body_orientation"].shape == (len(run.bodies), 4)
    s = run.series("chassis")
    assert s["position"].shape == (len(s["time"]), 3) and s["units"]["sinkage"] == "m"
    assert s["time"][-1] == pytest.approx(1.0)
    t = run.trajectory("chassis")
    assert np.array_equal(t["position"], s["position"])
    assert run.meta["duration"] == 1.0 and run.meta["end"] == "completed" and run.complete
    assert run.terrain["gravity"] == "moon" and run.scene is None and run.study is None
    with pytest.raises(KeyError, match="wheel_xx"):
        run.series("wheel_xx")


def test_wheels_say_slip_and_sinkage(rover_run):
    run = regolith.RunFile(rover_run)
    assert run.wheels == ["wheel_fl", "wheel_fr", "wheel_rl", "wheel_rr"]
    w = run.wheel("wheel_rl")
    assert set(w) >= {"time", "contact", "sinkage", "slip", "load", "torque", "units"}
    assert w["units"]["slip"] == "1" and w["units"]["sinkage"] == "m"
    late = w["time"] > 0.5
    # Driven at 0.5 m/s on LLL dry sand: in the sand, a few mm deep, slipping forward.
    assert np.all(w["contact"][late] == 1)
    assert np.all((w["sinkage"][late] > 0.001) & (w["sinkage"][late] < 0.05))
    assert np.all((w["slip"][late] > 0) & (w["slip"][late] < 1))


def test_a_killed_run_is_not_complete(rover_run, tmp_path):
    killed = tmp_path / "run.h5"
    shutil.copy(rover_run, killed)
    with h5py.File(killed, "r+") as f:  # what SIGKILL leaves: no end written
        del f["meta"].attrs["end"]
        del f["meta"].attrs["end_time"]
    run = regolith.RunFile(killed)
    assert not run.complete
    assert "killed" in run.meta["end"]
    with pytest.warns(RuntimeWarning, match="did not finish"):
        m = regolith.metrics(tmp_path)
    assert m["complete"] is False and "killed" in m["end"]


def test_rover_metrics_name_each_wheel(rover_run):
    m = regolith.metrics(rover_run.parent)
    assert m["complete"] is True and m["parameters"]["wheels"] == ["wheel_fl", "wheel_fr", "wheel_rl", "wheel_rr"]
    for wheel in m["parameters"]["wheels"]:
        assert 0 < m["metrics"]["slip_mean_" + wheel]["value"] < 1
        assert 0.001 < m["metrics"]["sinkage_mean_" + wheel]["value"] < 0.05
    assert m["metrics"]["sinkage_mean"]["value"] is not None
