// Uses the installed Regolith through its three consumer targets and checks one closed
// form or reference value each; exits non-zero on the first failure.
//   Regolith::models  an RFT plate force and a Bekker–Wong sinkage solve
//   Regolith::engine  a sphere dropped on a plane rebounds with its restitution
//   Regolith::scenes  an installed example scene loads (schema and clump files found)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/boundaries.h"
#include "core/clump_template.h"
#include "core/simulation.h"
#include "core/world_builder.h"
#include "scenes/scene.h"
#include "models/bekker/rigid_wheel.h"
#include "models/rft/rft_model.h"

namespace {

int failures = 0;

void expectNear(const char* what, double got, double expected, double relTol) {
  const bool ok = std::abs(got - expected) <= relTol * std::abs(expected);
  std::printf("%-46s %12.6g (expected %.6g within %.1g) %s\n", what, got, expected, relTol, ok ? "ok" : "FAILED");
  if (!ok) ++failures;
}

void models() {
  using namespace regolith;
  // A horizontal plate pushed straight down at 5 cm depth: F_z = zeta z A (alpha_Z = 1 for
  // the generic coefficients at beta = 0, gamma = 90 degrees; f23(0) = 1).
  rft::RftParameters p;
  p.zeta = rft::zetaFromNPerCm3(1.0);
  rft::Plate plate;
  plate.normal = Eigen::Vector3d(0, 0, -1);
  plate.area = 1e-4;
  const Eigen::Vector3d f = rft::plateForce(p, plate, Eigen::Vector3d(0, 0, -0.01), 0.05);
  expectNear("models: RFT F_z of a plate at 5 cm [N]", f.z(), 1e6 * 0.05 * 1e-4, 1e-9);

  // A rigid wheel on a soil preset: the sinkage solve carries the load it is given.
  const bekker::SoilPreset& sand = bekker::soilPreset("lll-dry-sand");
  bekker::Wheel wheel;
  wheel.radius = 0.15;
  wheel.width = 0.1;
  const bekker::WheelForces w = bekker::solveSinkage(sand.soil, bekker::StressShape{}, wheel, 100.0, 0.2);
  std::printf("models: Bekker sinkage of a 0.15 m wheel at 100 N, s = 0.2: %.2f mm\n", 1e3 * w.sinkage);
  expectNear("models: Bekker load at the solved sinkage [N]", w.load, 100.0, 1e-6);
}

void engine() {
  using namespace regolith;
  // A 5 mm glass sphere hits a plane at 1 m/s without gravity; restitution 0.5.
  const double R = 0.005, e = 0.5;
  Model model;
  model.materials = {Material{"glass", 5e7, 0.3, e, 0.0, 0.0, 2500}};
  model.gravity = Vec3();
  model.timeStep = 1e-6;
  model.boundaries = {infinitePlane(Vec3d(0, 0, 0), Vec3d(0, 0, 1), 0)};
  WorldBuilder world;
  world.addClump(sphereTemplate("ball", R, 0, 2500), Vec3d(0, 0, R + 1e-5), Quat(), Vec3d(0, 0, -1));
  Simulation sim(model, world.take());
  bool touched = false;
  for (int k = 0; k < 100000; ++k) {
    sim.step();
    const double z = sim.state().ownerPosition[0].z;
    if (z < R) touched = true;
    if (touched && z > R) break;
  }
  // The damping model reproduces e in continuous time; 1 % covers the step (t_c/~300 here).
  expectNear("engine: rebound speed / impact speed", sim.state().ownerVelocity[0].z, e, 0.01);
}

void io() {
  // io/data_files.h: this program is not installed beside share/regolith, so point to it.
  setenv("REGOLITH_DATA_DIR", REGOLITH_PACKAGE_DATA, 1);
  const regolith::Scene scene = regolith::loadScene(std::string(REGOLITH_PACKAGE_DATA) +
                                                    "/scenes/demo/demo.smoke.json");
  std::printf("io: demo.smoke.json: %zu particles, %zu bodies\n", scene.initial.ownerCount(), scene.bodies.size());
  expectNear("io: particles of the demo's smoke twin (+1 drum)", double(scene.initial.ownerCount()), 201.0, 0);
}

}  // namespace

int main() {
  try {
    models();
    engine();
    io();
  } catch (const std::exception& e) {
    std::printf("FAILED: %s\n", e.what());
    return 1;
  }
  if (failures) {
    std::printf("%d check(s) FAILED\n", failures);
    return 1;
  }
  std::printf("all checks passed\n");
  return 0;
}
