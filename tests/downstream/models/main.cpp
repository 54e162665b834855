// Regolith::models from an installed Regolith: an RFT plate force against its closed form
// and a Bekker–Wong sinkage solve that carries the load it is given.
#include <cstdio>
#include <exception>

#include "../check.h"
#include "models/bekker/rigid_wheel.h"
#include "models/rft/rft_model.h"

int main() try {
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

  const bekker::SoilPreset& sand = bekker::soilPreset("lll-dry-sand");
  bekker::Wheel wheel;
  wheel.radius = 0.15;
  wheel.width = 0.1;
  const bekker::WheelForces w = bekker::solveSinkage(sand.soil, bekker::StressShape{}, wheel, 100.0, 0.2);
  std::printf("models: Bekker sinkage of a 0.15 m wheel at 100 N, s = 0.2: %.2f mm\n", 1e3 * w.sinkage);
  expectNear("models: Bekker load at the solved sinkage [N]", w.load, 100.0, 1e-6);
  return summary();
} catch (const std::exception& e) {
  std::printf("FAILED: %s\n", e.what());
  return 1;
}
