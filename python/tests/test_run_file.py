"""regolith.RunFile: a run.h5 as NumPy arrays, equal to what h5py reads from the file,
and a body's trajectory in one read equal to the per-frame reads."""

import subprocess

import h5py
import numpy as np
import pytest

import regolith


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory, source_dir, regolith_binary):
    out = tmp_path_factory.mktemp("demo") / "run"
    scene = source_dir / "scenes" / "demo" / "demo.smoke.json"
    # a series row every 143 steps, a frame every 286 (0.01 s): a row at every frame
    subprocess.run([regolith_binary, "run", str(scene), "--out", str(out), "--quiet", "--threads", "1",
                    "--set", "/output/series_interval=0.005"], check=True)
    return out / "run.h5"


def test_frames_are_the_files_datasets(demo_run):
    run = regolith.RunFile(demo_run)
    with h5py.File(demo_run, "r") as f:
        names = sorted(f["frames"].keys())
        assert len(run) == len(names)
        for k in (0, len(names) // 2, -1):
            frame, group = run.frame(k), f["frames"][names[k]]
            assert frame["step"] == group.attrs["step"] and frame["time"] == group.attrs["time"]
            for key in ("owner_position", "owner_orientation", "owner_velocity", "sphere_position", "sphere_radius"):
                assert np.array_equal(frame[key], group[key][...]), key
        assert np.array_equal(run.frame_times, [f["frames"][n].attrs["time"] for n in names])
    with pytest.raises(IndexError):
        run.frame(len(run))
    # run.frames: the same frames as a sequence, read when indexed
    assert len(run.frames) == len(run)
    assert np.array_equal(run.frames[-1]["owner_position"], run.frame(len(run) - 1)["owner_position"])
    assert [f["step"] for f in run.frames] == [run.frame(k)["step"] for k in range(len(run))]
    with pytest.raises(IndexError):
        run.frames[len(run)]


def test_trajectory_equals_the_per_frame_reads(demo_run):
    run = regolith.RunFile(demo_run)
    assert run.bodies == ["drum"]
    t = run.trajectory("drum")
    assert t["position"].shape == (len(t["time"]), 3) and t["orientation"].shape == (len(t["time"]), 4)
    assert t["units"]["position"] == "m" and t["units"]["time"] == "s"
    matched = 0
    for k in range(len(run)):
        frame = run.frame(k)
        drum = int(np.flatnonzero(frame["owner_template"] == -1)[0])  # the one body
        rows = np.flatnonzero(t["time"] == frame["time"])
        if rows.size:
            assert np.array_equal(t["position"][rows[0]], frame["owner_position"][drum])
            assert np.array_equal(t["orientation"][rows[0]], frame["owner_orientation"][drum])
            matched += 1
    assert matched == len(run)  # a series row at every frame's time


def test_series_scene_and_meta(demo_run):
    run = regolith.RunFile(demo_run)
    s = run.series("drum")
    assert set(s["units"]) >= {"time", "position", "force", "torque_tangential"}
    assert s["force"].shape == (len(s["time"]), 3) and s["contacts"].dtype == np.int32
    assert run.scene["seed"] == 42
    assert run.study is None
    assert run.meta["version"] == regolith.__version__ and run.meta["time_step"] == pytest.approx(3.5e-5)
    with pytest.raises(KeyError, match="drum"):
        run.series("wheel")
