"""regolith.models against the closed forms the C++ suites check (models/tests) and
against `regolith predict` on the shipped model files: the bindings must hand the
arguments to the same C++ code in the same units."""

import json
import math
import subprocess

import numpy as np
import pytest

import regolith
from regolith import models


def square(size=0.02):
    """A square plate of side `size` [m] in the body's z = 0 plane, facing down (-z)."""
    h = size / 2
    vertices = np.array([[-h, -h, 0], [h, -h, 0], [h, h, 0], [-h, h, 0]], dtype=float)
    triangles = np.array([[0, 2, 1], [0, 3, 2]])  # clockwise from above: the outside is below
    return vertices, triangles


def test_horizontal_plate_pushed_down_gets_zeta_depth_area():
    # RFT.HorizontalPlatePushedDownGetsZetaDepthArea: alpha_Z(0, pi/2) = 1 and f23(0) = 1,
    # so F = zeta |z| A along +z and nothing sideways; rounding only (1e-14 relative).
    zeta = 2.0e6
    rft = models.RFT(zeta)
    vertices, triangles = square(0.02)
    for depth in (0.01, 0.05):
        r = rft.force(vertices, triangles, position=(0.3, -0.2, -depth), velocity=(0, 0, -0.05))
        expected = zeta * depth * 0.02**2
        assert r["plates_in_contact"] == 2
        assert r["force"][2] == pytest.approx(expected, rel=1e-14)
        assert r["force"][0] == 0.0 and r["force"][1] == 0.0
        # both triangles' centroids lie at the position's depth: the moment about the
        # position is the couple of two equal forces at +-size/6 in x and y, which cancels
        # only to rounding
        assert np.allclose(r["moment"], 0.0, atol=1e-12 * expected)


def test_plate_moving_away_from_its_face_gets_no_force():
    rft = models.RFT(1e6)
    vertices, triangles = square()
    r = rft.force(vertices, triangles, position=(0, 0, -0.03), velocity=(0, 0, 0.05), per_plate=True)
    assert r["plates_in_contact"] == 0
    assert np.all(r["force"] == 0.0)
    assert r["plate_forces"].shape == (2, 3)


def test_height_map_surface_is_the_flat_surface_it_describes():
    rft = models.RFT(1e6)
    vertices, triangles = square()
    flat = rft.force(vertices, triangles, position=(0, 0, -0.03), velocity=(0, 0, -0.1), surface=0.01)
    grid = {"x0": -1.0, "y0": -1.0, "spacing": 0.5, "heights": np.full((5, 5), 0.01)}
    mapped = rft.force(vertices, triangles, position=(0, 0, -0.03), velocity=(0, 0, -0.1), surface=grid)
    assert mapped["force"] == pytest.approx(flat["force"], rel=1e-15)


def test_rft_refuses_bad_input_by_name():
    with pytest.raises(ValueError, match="zeta"):
        models.RFT(-1.0)
    with pytest.raises(ValueError, match="coefficients"):
        models.RFT(1e6, coefficients="sand")
    vertices, triangles = square()
    with pytest.raises(ValueError, match="triangles row 0: vertex 7"):
        models.RFT(1e6).force(vertices, np.array([[0, 1, 7]]))


def test_linear_soil_wheel_matches_the_closed_form():
    # Bekker.IntegralsMatchTheClosedFormForLinearSoil: n = 1, c = phi = 0, front-only
    # stresses: W = k r^2 b (t_f - sin t_f cos t_f) / 2 and DP = -b k z^2 / 2, any slip
    # (Gauss-Kronrod is exact here to rounding: 1e-13 relative).
    soil = dict(models.soil_presets()["lll-dry-sand"])
    del soil["source"]
    soil.update(n=1.0, c=0.0, phi=0.0)
    wheel = models.RigidWheel(soil, radius=0.25, width=0.15, shape={"a0": 0.0, "a1": 0.0, "rear_ratio": 0.0})
    k = soil["kc"] / 0.15 + soil["kphi"]
    for z in (0.002, 0.03, 0.1):
        tf = math.acos(1 - z / 0.25)
        W = k * 0.25**2 * 0.15 * (tf - math.sin(tf) * math.cos(tf)) / 2
        for s in (-0.5, 0.0, 0.5):
            f = wheel.forces(sinkage=z, slip=s)
            assert f["converged"]
            assert f["load"] == pytest.approx(W, rel=1e-13)
            assert f["drawbar_pull"] == pytest.approx(-0.15 * k * z * z / 2, abs=1e-13 * W)
            assert f["torque"] == 0.0
            assert f["entry_angle"] == pytest.approx(tf, abs=1e-15)


def test_sinkage_solve_inverts_the_load():
    # Bekker.SinkageSolveInvertsTheLoad: bisection to 1e-12 r, W integrated to 1e-10.
    wheel = models.RigidWheel("lete-sand", radius=0.25, width=0.15)
    for s in (-0.6, 0.2):
        at = wheel.forces(sinkage=0.02, slip=s)
        back = wheel.solve_sinkage(load=at["load"], slip=s)
        assert back["sinkage"] == pytest.approx(0.02, rel=1e-8)
    with pytest.raises(RuntimeError, match="no equilibrium sinkage"):
        models.RigidWheel("cobra-scm", radius=0.25, width=0.15).solve_sinkage(load=1e6, slip=0.2)


def test_unknown_soil_preset_names_the_known_ones():
    with pytest.raises(ValueError, match="lll-dry-sand"):
        models.RigidWheel("beach", radius=0.25, width=0.15)


def predict_cli(binary, model, **inputs):
    args = [binary, "predict", str(model), "--json"] + [f"{k}={v!r}" for k, v in inputs.items()]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


@pytest.mark.parametrize("name", ["single_wheel_slip_W0.98N.json", "single_wheel_slip_both_loads.json"])
def test_fitted_model_predicts_what_regolith_predict_prints(source_dir, regolith_binary, name):
    path = source_dir / "models" / "fitted" / name
    model = models.load(path)
    assert model.kind == "regression"
    ours = model.predict(slip=0.4, Fz=0.981)
    theirs = predict_cli(regolith_binary, path, slip=0.4, Fz=0.981)
    for key, value in theirs.items():
        if isinstance(value, float):
            assert ours[key] == pytest.approx(value, rel=1e-12), key
    assert ours["units"] == theirs["units"]


def test_predict_outside_the_training_runs_raises_unless_asked(source_dir):
    model = models.load(source_dir / "models" / "fitted" / "single_wheel_slip_W0.98N.json")
    with pytest.raises(ValueError, match="slip"):
        model.predict(slip=1.5, Fz=0.981)
    out = model.predict(slip=1.5, Fz=0.981, extrapolate=True)
    assert "slip" in out["extrapolated"]


def test_predict_refuses_a_model_file_of_another_format(source_dir, tmp_path):
    model = json.loads((source_dir / "models" / "fitted" / "single_wheel_slip_W0.98N.json").read_text())
    model["format"] = 2
    path = tmp_path / "format2.json"
    path.write_text(json.dumps(model))
    with pytest.raises(ValueError, match="/format: found 2, expected 1"):
        models.load(path).predict(slip=0.3, Fz=0.981)


def test_predict_admits_a_load_typed_to_four_digits(source_dir):
    # The training load is W = m|g| = 0.9810000000000001 N; 0.9805 is 5e-4 below it.
    model = models.load(source_dir / "models" / "fitted" / "single_wheel_slip_W0.98N.json")
    assert model.predict(slip=0.3, Fz=0.9805)["extrapolated"] == []
    with pytest.raises(ValueError, match="Fz"):
        model.predict(slip=0.3, Fz=0.97)


def test_version_is_the_programs(regolith_binary):
    printed = subprocess.run([regolith_binary, "--version"], check=True, capture_output=True, text=True).stdout
    assert printed.split()[1] == regolith.__version__
