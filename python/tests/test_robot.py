"""regolith.Robot: a MuJoCo model on any terrain level from Python, over the code
`regolith robot` runs. Stepped from Python it reaches the command's state (to round-off);
qpos and qvel are read-only views, ctrl a writable one; a bad terrain file raises
SceneError with its pointers."""

import subprocess

import h5py
import numpy as np
import pytest

import regolith

pytestmark = pytest.mark.skipif(not hasattr(regolith, "Robot"), reason="built without MuJoCo")


@pytest.fixture
def box(source_dir):
    data = source_dir / "tests" / "data" / "coupling"
    return data / "drop_box.xml", data / "drop_box_terrain.json"


def test_stepping_from_python_gives_the_commands_state(box, regolith_binary, tmp_path):
    model, terrain = box
    subprocess.run([regolith_binary, "robot", str(model), "--terrain", str(terrain), "--duration", "0.25",
                    "--out", str(tmp_path / "run"), "--quiet"], check=True)
    robot = regolith.Robot(model, terrain)
    assert robot.grains == 813 and robot.exchange_interval == pytest.approx(5e-4)
    robot.advance(0.25)  # at rest by then
    with h5py.File(tmp_path / "run" / "run.h5", "r") as f:
        last = f["series"]["box"][-1]
        frame = f["frames"][sorted(f["frames"])[-1]]
        grains = frame["sphere_position"][...]
    b = robot.bodies()
    assert last[0] == pytest.approx(robot.time)
    # The same code on the same inputs. Not the same bits: the command samples the bodies
    # for its series and frames (MuJoCo's kinematics between steps), which moves a run by
    # round-off; measured here on RFT terrain too, 3e-14 relative after 0.25 s.
    assert np.allclose(b.position[0], last[1:4], rtol=0, atol=1e-9)
    assert np.allclose(b.terrain_force[0], last[14:17], rtol=1e-6, atol=1e-6)
    assert grains.shape == (813, 3)
    assert b.terrain_force[0, 2] == pytest.approx(2 * 9.81, rel=0.01)  # the grains carry the box at rest


def test_views_and_controls(source_dir):
    rig = source_dir / "examples" / "robots" / "dem_wheel"
    robot = regolith.Robot(rig / "wheel.xml", rig / "rft.terrain.json")
    assert robot.grains is None and robot.exchange_interval is None
    q = robot.qpos
    assert q.shape == (3,) and not q.flags.writeable
    with pytest.raises(ValueError):
        q[0] = 1.0
    robot.ctrl[1] = 2.0  # the wheel's spin target, written into MuJoCo's own ctrl
    robot.step(50)
    assert robot.qvel[2] > 0.5  # the velocity actuator spun the wheel up
    assert robot.qpos[0] != 0 or robot.qvel[2] > 0
    assert robot.body_names == ["carriage", "wheel"]
    assert robot.bodies().position.shape == (2, 3)


def test_a_bad_terrain_file_raises_scene_error_with_its_pointer(box):
    model, terrain = box
    with pytest.raises(regolith.SceneError) as e:
        regolith.Robot(model, terrain, overrides=["/dem/bodies/0/body=wheel"])
    assert [p.pointer for p in e.value.problems] == ["/dem/bodies/0/body"]
    assert "a body of the model (box)" in e.value.problems[0].expected


def test_metrics_of_a_recorded_series_are_those_of_the_run_folder(source_dir, regolith_binary, tmp_path):
    # With series_every the Robot keeps the rows `regolith robot --series-every` writes, and
    # metrics() measures them as `regolith metrics` measures the run folder. The free ring
    # of the hierarchy on RFT sand, 0.2 s: the same steps sampled in both (series rows
    # every 1 ms; the command's frames every 50 ms fall on them), so the numbers agree to
    # round-off (tolerance 1e-9 relative, far below any metric's meaning).
    ring = source_dir / "examples" / "robots" / "ring"
    model, terrain = ring / "ring.xml", ring / "sand.terrain.json"
    subprocess.run([regolith_binary, "robot", str(model), "--terrain", str(terrain), "--duration", "0.2",
                    "--series-every", "0.001", "--out", str(tmp_path / "run"), "--quiet"], check=True)
    expected = regolith.metrics(tmp_path / "run")
    robot = regolith.Robot(model, terrain, series_every=0.001)
    robot.advance(0.2)
    got = robot.metrics()
    assert got["study"] == "robot" and got["complete"]
    assert set(got["metrics"]) == set(expected["metrics"])
    for name, q in expected["metrics"].items():
        assert got["metrics"][name]["unit"] == q["unit"], name
        if q["value"] is None:
            assert got["metrics"][name]["value"] is None, name
        else:
            assert got["metrics"][name]["value"] == pytest.approx(q["value"], rel=1e-9, abs=1e-12), name
    assert got["metrics"]["distance_x"]["value"] > 0.01  # it rolled down the slope
    with pytest.raises(ValueError, match="series_every"):
        regolith.Robot(model, terrain).metrics()
