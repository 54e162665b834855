"""CI's check of the CUDA build's Python module on a machine without a GPU: it imports,
says it is the CUDA backend, computes a model (the models need no device: a horizontal
plate at 5 cm in sand of zeta = 1e6 N/m^3 carries zeta z A = 1e6 * 0.05 * 0.005 = 250 N),
and answers a Simulation with the no-device error instead of crashing (on a GPU machine
the Simulation is built and stepped instead)."""

import pathlib

import numpy as np

import regolith

ROOT = pathlib.Path(__file__).resolve().parents[1]

assert regolith.backend == "cuda", regolith.backend
plate = regolith.models.RFT(zeta=1e6).force(np.array([[0, 0, -0.05], [0.1, 0, -0.05], [0, 0.1, -0.05]]),
                                            np.array([[0, 2, 1]]), velocity=(0, 0, -0.01))
assert abs(plate["force"][2] - 250.0) < 1e-9, plate["force"]
scene = regolith.Scene.load(ROOT / "scenes" / "demo" / "demo.smoke.json")
try:
    sim = regolith.Simulation(scene)
    sim.step(10)
    outcome = f"a GPU: 10 steps, {sim.owner_positions.shape[0]} owners copied back"
except RuntimeError as e:
    assert "no CUDA device" in str(e), e
    outcome = "no GPU: Simulation refused with the no-device message"
print(f"regolith {regolith.__version__} ({regolith.backend}): imports; RFT plate {plate['force'][2]:.1f} N; {outcome}")
