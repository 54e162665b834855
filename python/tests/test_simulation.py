"""regolith.Simulation: stepping from Python gives the command line's results, the state
arrays are zero-copy read-only views on the CPU build, and stepping releases the GIL."""

import subprocess
import threading
import time

import h5py
import numpy as np
import pytest

import regolith


@pytest.fixture
def demo(source_dir):
    return source_dir / "scenes" / "demo" / "demo.smoke.json"


def test_stepping_in_chunks_gives_the_runs_frames(demo, regolith_binary, tmp_path):
    # `regolith run` writes a frame every 0.01 s; the same scene stepped from Python in
    # chunks of 100 steps (not the run's chunks) must reach the same state bit for bit at
    # each frame's step: the engine does not depend on how its steps are grouped.
    subprocess.run([regolith_binary, "run", str(demo), "--out", str(tmp_path / "run"), "--quiet", "--threads", "1"],
                   check=True)
    scene = regolith.Scene.load(demo)
    sim = regolith.Simulation(scene, threads=1)
    with h5py.File(tmp_path / "run" / "run.h5", "r") as f:
        frames = sorted(f["frames"].keys())
        assert len(frames) > 5
        for name in frames:
            target = int(f["frames"][name].attrs["step"])
            while sim.step_count < target:
                sim.step(min(100, target - sim.step_count))
            assert np.array_equal(sim.owner_positions, f["frames"][name]["owner_position"][...]), name
            assert np.array_equal(sim.owner_velocities, f["frames"][name]["owner_velocity"][...]), name


def test_state_views_are_read_only_zero_copy_and_follow_the_steps(demo):
    scene = regolith.Scene.load(demo)
    sim = regolith.Simulation(scene, threads=1)
    x = sim.owner_positions
    assert x.shape == (scene.owner_count, 3) and x.dtype == np.float64
    assert not x.flags.writeable
    with pytest.raises(ValueError):
        x[0, 0] = 1.0
    assert sim.owner_quaternions.shape == (scene.owner_count, 4)
    assert sim.sphere_centres.shape == (scene.sphere_count, 3)
    assert sim.sphere_radii.shape == (scene.sphere_count,)
    assert sim.sphere_owners.max() == scene.owner_count - 1
    if regolith.backend == "cpu-omp":
        # a view of the engine's memory: the same address every time, no copy
        assert sim.owner_positions.__array_interface__["data"][0] == x.__array_interface__["data"][0]
    before = x.copy()
    sim.step(200)
    if regolith.backend == "cpu-omp":
        assert not np.array_equal(x, before)  # the grains fell: the view shows it
    assert np.array_equal(sim.owner_positions, x if regolith.backend == "cpu-omp" else sim.owner_positions)


def test_views_outlive_a_closed_simulation_and_the_simulation_refuses_calls(demo):
    sim = regolith.Simulation(regolith.Scene.load(demo), threads=1)
    sim.step(10)
    x = sim.owner_positions
    kept = x.copy()
    sim.close()
    assert sim.closed
    assert np.array_equal(x, kept)  # still readable: the view holds the engine's memory
    for call in (lambda: sim.owner_positions, lambda: sim.step(1), lambda: sim.time):
        with pytest.raises(RuntimeError, match="closed"):
            call()
    del sim
    assert np.array_equal(x, kept)


def count_until(stop: threading.Event) -> int:
    n = 0
    while not stop.is_set():
        n += 1
    return n


def test_step_releases_the_gil(demo):
    # A worker thread steps the engine while this thread counts in Python. If step() held
    # the GIL, this thread could run only in the interpreter's switch intervals before the
    # worker entered C++ (5 ms each): under 3 % of the counting rate over a step of 0.2 s
    # or more (10,000 steps of the demo's smoke scene: about 0.7 s on one core). Released,
    # it counts the whole time; 20 % of the rate leaves room for a
    # loaded machine (ctest -j2 on two cores).
    sim = regolith.Simulation(regolith.Scene.load(demo), threads=1)
    calibration = threading.Event()
    timer = threading.Timer(0.2, calibration.set)
    timer.start()
    t0 = time.perf_counter()
    rate = count_until(calibration) / (time.perf_counter() - t0)

    started, finished = threading.Event(), threading.Event()

    def work():
        started.set()
        sim.step(10000)
        finished.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    t0 = time.perf_counter()
    counted = count_until(finished)
    elapsed = time.perf_counter() - t0
    worker.join()
    assert sim.step_count == 10000
    assert elapsed > 0.2, "the step must last long enough for the comparison"
    assert counted > 0.2 * rate * elapsed, (counted, rate, elapsed)


def test_advance_takes_seconds_and_bad_arguments_are_refused(demo):
    sim = regolith.Simulation(regolith.Scene.load(demo), threads=1, mode="sync")
    assert sim.mode == "sync"
    sim.advance(0.0035)
    assert sim.step_count == 100
    assert sim.time == pytest.approx(0.0035)
    with pytest.raises(ValueError):
        sim.advance(-1.0)
    with pytest.raises(ValueError, match="async"):
        regolith.Simulation(regolith.Scene.load(demo), mode="fast")


def test_a_scene_without_a_stream_mode_gets_the_builds_default(demo):
    # verlet on both builds (the faster mode on the CPU and on the GPU; the same forces).
    assert regolith.default_stream_mode == "verlet"
    assert regolith.Simulation(regolith.Scene.load(demo), threads=1).mode == regolith.default_stream_mode


def test_single_wheel_driven_from_python_gives_the_runs_series(source_dir, regolith_binary, tmp_path):
    # The single-wheel smoke scene run by `regolith run`, and the same scene stepped from
    # Python row by row of its series (every 50 steps): the wheel's pose, velocities and
    # contact loads from sim.body("wheel") are the series rows, bit for bit.
    path = source_dir / "studies" / "single_wheel" / "single_wheel.smoke.json"
    subprocess.run([regolith_binary, "run", str(path), "--out", str(tmp_path / "run"), "--quiet", "--threads", "1"],
                   check=True)
    series = regolith.RunFile(tmp_path / "run" / "run.h5").series("wheel")
    scene = regolith.Scene.load(path)
    sim = regolith.Simulation(scene, threads=1)
    assert sim.bodies == scene.bodies and "wheel" in sim.bodies
    fields = ["position", "orientation", "velocity", "angular_velocity", "force", "torque", "force_normal",
              "force_tangential", "torque_normal", "torque_tangential"]
    for i, t in enumerate(series["time"]):
        target = round(t / scene.time_step)
        sim.step(target - sim.step_count)
        wheel = sim.body("wheel")
        assert wheel.time == t
        for name in fields:
            assert np.array_equal(getattr(wheel, name), series[name][i]), (name, t)
        assert wheel.contacts == series["contacts"][i]
    assert sim.step_count == scene.steps


def test_checkpoint_saved_from_python_resumes_bit_for_bit(demo, tmp_path):
    scene = regolith.Scene.load(demo)
    sim = regolith.Simulation(scene, threads=1)
    sim.step(700)
    sim.save_checkpoint(tmp_path / "checkpoint.h5")
    sim.step(700)
    resumed = regolith.Simulation.restore(scene, tmp_path / "checkpoint.h5", threads=1)
    assert resumed.step_count == 700 and resumed.time == pytest.approx(700 * scene.time_step)
    resumed.step(700)
    for name in ("owner_positions", "owner_quaternions", "owner_velocities", "owner_angular_velocities"):
        assert np.array_equal(getattr(resumed, name), getattr(sim, name)), name
    other = regolith.Scene.load(demo, overrides={"/seed": 7})
    with pytest.raises(ValueError, match="another scene"):
        regolith.Simulation.restore(other, tmp_path / "checkpoint.h5")


def test_a_corrupted_checkpoint_is_refused_with_its_file_and_row(demo, tmp_path):
    # Simulation.restore makes the checks of `regolith run --resume`: a NaN written into
    # a saved checkpoint is named by file, dataset and row, and nothing is restored.
    scene = regolith.Scene.load(demo)
    sim = regolith.Simulation(scene, threads=1)
    sim.step(200)
    path = tmp_path / "checkpoint.h5"
    sim.save_checkpoint(path)
    with h5py.File(path, "r+") as f:
        f["engine/state/owner_position"][7, 1] = np.nan
    with pytest.raises(regolith.InputFileError, match=r"checkpoint\.h5: /engine/state/owner_position row 7.*finite") as refused:
        regolith.Simulation.restore(scene, path, threads=1)
    assert refused.value.file == str(path)
    assert refused.value.dataset == "/engine/state/owner_position row 7"
    # Bad input, as a SceneError is; and what code written for the RuntimeError it was
    # before still catches.
    assert isinstance(refused.value, ValueError) and isinstance(refused.value, RuntimeError)


def test_a_controller_changes_the_drums_spin_between_steps(demo):
    # The drum's family spins it about x; a Python controller sets a new rate every 10 ms
    # of simulated time, and the drum turns at each rate from the next step on.
    scene = regolith.Scene.load(demo)
    sim = regolith.Simulation(scene, threads=1)
    drum = int(np.flatnonzero(sim.owner_families == scene.families.index("drum"))[0])
    for rate in (1.0, -2.5, 4.0):
        sim.set_family_motion("drum", linear=("fixed",) * 3, angular=(rate, "fixed", "fixed"))
        sim.advance(0.01)
        assert tuple(sim.owner_angular_velocities[drum]) == (rate, 0.0, 0.0)
        assert sim.body("drum").angular_velocity == (rate, 0.0, 0.0)
    with pytest.raises(ValueError, match="no family"):
        sim.set_family_motion("wheel", angular=(1.0, 0, 0))
    with pytest.raises(ValueError, match="free"):
        sim.set_family_motion("drum", angular=("spin", 0, 0))
    with pytest.raises(KeyError, match="drum"):
        sim.body("wheel")


def test_a_renumbering_engine_still_reads_in_the_scenes_numbering(demo):
    # streams.reorder_every: the engine renumbers its lone grains by cell (the demo rains
    # grains in at random, so their numbering is far from it), and the state arrays become
    # copies in the scene's numbering: they agree with a run that never renumbers to
    # round-off (1e-12 m after 600 steps; only the order contact forces are summed in
    # changes) and name the same owners (families, radii).
    plain = regolith.Simulation(regolith.Scene.load(demo), threads=1)
    renumbered = regolith.Simulation(regolith.Scene.load(demo, overrides={"/streams": {"reorder_every": 100}}),
                                     threads=1)
    plain.step(600)
    renumbered.step(600)
    assert np.array_equal(plain.owner_families, renumbered.owner_families)
    assert np.array_equal(plain.sphere_radii, renumbered.sphere_radii)
    assert np.array_equal(plain.sphere_owners, renumbered.sphere_owners)
    assert np.abs(plain.owner_positions - renumbered.owner_positions).max() < 1e-12
    assert np.abs(plain.sphere_centres - renumbered.sphere_centres).max() < 1e-12
    if regolith.backend == "cpu-omp":
        first = renumbered.owner_positions
        assert renumbered.owner_positions.__array_interface__["data"][0] != first.__array_interface__["data"][0], \
            "a renumbered engine's arrays are in its own order: the properties must be copies"


def test_every_cpu_vector_level_gives_the_same_state(demo):
    # The CPU build's pair loop at each level this processor runs (regolith.cpu_vector_levels)
    # must step the demo scene to the same bits; a level it cannot run is a ValueError that
    # names the levels it can.
    levels = regolith.cpu_vector_levels()
    before = regolith.cpu_vector_level()
    if regolith.backend != "cpu-omp":
        assert levels == ["none"] and before == "none"
        return
    assert levels[:2] == ["scalar", "baseline"] and before in levels
    scene = regolith.Scene.load(demo)
    states = {}
    try:
        for level in levels:
            regolith.set_cpu_vector_level(level)
            sim = regolith.Simulation(scene, threads=1)
            sim.step(300)
            states[level] = np.array(sim.owner_positions), np.array(sim.owner_velocities)
        with pytest.raises(ValueError, match="expected one of scalar, baseline, avx2, avx512"):
            regolith.set_cpu_vector_level("avx9")
    finally:
        regolith.set_cpu_vector_level(before)
    x0, v0 = states["scalar"]
    assert np.abs(v0).max() > 0  # the drum's grains move
    for level, (x, v) in states.items():
        assert np.array_equal(x, x0) and np.array_equal(v, v0), level


def test_a_body_whose_orientation_turns_nan_raises_blow_up(demo):
    # Issue 41: the drum's orientation turned NaN (a spin of 1e300 rad/s) and Python
    # stepped on silently, where `regolith run` exits 5 on the same state. One step: the
    # engine's own speed check sees spheres only, and no grain touches the drum yet.
    sim = regolith.Simulation(regolith.Scene.load(demo), threads=1)
    sim.set_family_motion("drum", linear=("fixed",) * 3, angular=(1e300, "fixed", "fixed"))
    with pytest.raises(regolith.BlowUpError, match="owner .* blew up by step 1"):
        sim.step(1)


def test_advance_refuses_an_endless_request(demo):
    # advance(inf) and advance(1e308) ran until killed: at most 1e15 steps per call, as a
    # scene's end time.
    sim = regolith.Simulation(regolith.Scene.load(demo), threads=1)
    for seconds in (float("inf"), 1e308, float("nan")):
        with pytest.raises(ValueError, match="at most 1e15 time steps"):
            sim.advance(seconds)
    assert sim.step_count == 0


def test_import_sets_a_passive_openmp_wait_and_leaves_the_environment(source_dir):
    # Issue 41: spinning OpenMP threads stalled a shared machine (33 s against 1.8 s on one
    # thread). libgomp prints the policy it read when OMP_DISPLAY_ENV is set.
    import os
    import sys
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    # libgomp shows its own default (spin 300,000 times, then sleep) as 'PASSIVE' too:
    # the spin count is what tells them apart.
    env["OMP_DISPLAY_ENV"] = "verbose"
    code = "import os, regolith; print('after import:', os.environ.get('OMP_WAIT_POLICY'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert "GOMP_SPINCOUNT = '0'" in out.stderr, out.stderr
    assert "after import: None" in out.stdout
    env["OMP_WAIT_POLICY"] = "active"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert "OMP_WAIT_POLICY = 'ACTIVE'" in out.stderr, out.stderr


def test_coupling_calls_average_the_steps_loads_and_prescribe_a_body(demo):
    # The drum of the demo scene, driven from Python as a coupled multibody code would:
    # track it, prescribe its spin, read the wrench averaged over the steps since the last
    # read. The mean must be the steps' own owner forces averaged (the same sums, in step
    # order), and the drum must turn at the prescribed rate whatever its contacts.
    scene = regolith.Scene.load(demo)
    sim = regolith.Simulation(scene, threads=1)
    sim.track_bodies(["drum"])
    sim.step(1500)  # 0.05 s: the grains have fallen onto the drum
    settled = sim.take_wrenches()["drum"]
    # the drum's owner: the one at its centre of mass
    owner = int(np.argmin(np.linalg.norm(sim.owner_positions - np.array(settled.position), axis=1)))
    assert np.array_equal(sim.owner_positions[owner], settled.position)
    sim.prescribe_motion("drum", velocity=(0, 0, 0), angular_velocity=(4.0, 0, 0))
    forces = []
    for _ in range(50):
        sim.step(1)
        forces.append(np.array(sim.owner_forces[owner]))
    taken = sim.take_wrenches()
    assert list(taken) == ["drum"]
    w = taken["drum"]
    assert w.steps == 50
    assert np.allclose(w.force, np.sum(forces, axis=0) / 50, rtol=1e-12, atol=1e-15)
    assert np.linalg.norm(w.force) > 0  # the grains load the drum
    assert w.angular_velocity == pytest.approx((4.0, 0, 0))
    with pytest.raises(KeyError):
        sim.track_bodies(["no such body"])
    with pytest.raises(ValueError):
        sim.prescribe_motion("drum", velocity=(0, 0), angular_velocity=(0, 0, 0))
