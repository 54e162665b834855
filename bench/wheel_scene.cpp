// The wheel of `regolith bench wheel`; see wheel_scene.h.
#include "bench/wheel_scene.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/mesh_boundaries.h"
#include "core/mesh_generators.h"
#include "core/world_builder.h"

namespace regolith {
namespace {

// The state without the owners `drop` marks (with their spheres).
StateArrays without(const StateArrays& s, const std::vector<bool>& drop) {
  std::vector<Index> kept;
  for (std::size_t o = 0; o < s.ownerCount(); ++o)
    if (!drop[o]) kept.push_back(static_cast<Index>(o));
  return ownersOf(s, kept);
}

}  // namespace

std::size_t addBenchWheel(SettleScene& scene) {
  WheelSpec spec;
  spec.radius = 0.08;
  spec.width = 0.08;
  spec.grousers = 12;
  spec.grouserHeight = 0.01;
  spec.grouserThickness = 0.012;
  const double outer = spec.radius + spec.grouserHeight, omega = 2.0, slip = 0.3;
  // The bed's top: the 95th percentile of grain tops (a few grains still hopping, or
  // perched on the surface, must not lift the wheel off the bed).
  std::vector<double> tops;
  for (const Vec3d& x : scene.state.ownerPosition) tops.push_back(x.z + kBenchRadius);
  std::nth_element(tops.begin(), tops.begin() + tops.size() * 95 / 100, tops.end());
  const double top = tops[tops.size() * 95 / 100];
  const Vec3d centre((scene.boxLow.x + scene.boxHigh.x) / 2 - 0.03, (scene.boxLow.y + scene.boxHigh.y) / 2,
                     top + outer - 0.01);

  // The wheel starts in a rut that fits its outer circle to 0.2 mm: grains that would
  // overlap it by more are taken out, so it touches the rut's grains from the first step
  // without flinging them (a wheel set centimetres into grains would time an explosion).
  std::vector<bool> drop(scene.state.ownerCount(), false);
  const double snug = 0.0002;
  for (std::size_t o = 0; o < scene.state.ownerCount(); ++o) {
    const Vec3d d = scene.state.ownerPosition[o] - centre;
    drop[o] = std::hypot(d.x, d.z) < outer + kBenchRadius - snug &&
              std::fabs(d.y) < spec.width / 2 + kBenchRadius - snug;
  }
  scene.state = without(scene.state, drop);

  MotionPhase drive;
  for (DofRule& r : drive.dof) r = DofRule::fixed();
  drive.dof[0] = DofRule::constant((1 - slip) * omega * outer);
  drive.dof[4] = DofRule::constant(omega);
  const Index family = static_cast<Index>(std::max<std::size_t>(scene.model.families.size(), 1));
  scene.model.families.resize(family + 1);
  scene.model.families[family] = FamilyMotion{{drive}};

  WorldBuilder w(std::move(scene.state));
  const Index wheel = w.addBody(1.0, Vec3d(1, 1, 1), centre, Quat(), Vec3d(), Vec3d(), family);
  scene.state = w.take();
  const TriangleMesh mesh = transformed(grouserWheel(spec), 1.0, Quat(), centre);
  return appendMeshBoundaries(scene.model, mesh, 0, wheel).size();
}

}  // namespace regolith
