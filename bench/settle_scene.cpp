// Construction of the settling benchmark scene (mirrors gen_bed.py; own random stream).
#include "bench/settle_scene.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/boundaries.h"
#include "core/periodic_model.h"
#include "core/world_builder.h"

namespace regolith {
namespace {

// SplitMix64: a small, fully specified generator, so the scene is the same on every
// platform and standard library.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}
  double uniform(double lo, double hi) {
    m_state += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = m_state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return lo + (hi - lo) * double(z >> 11) * 0x1.0p-53;
  }

 private:
  std::uint64_t m_state;
};

}  // namespace

SettleScene makeSettleScene(std::size_t particles, std::uint64_t seed) {
  const double d = 2 * kBenchRadius, pitch = 1.05 * d, jitter = 0.02 * d, vmax = 0.1;
  SettleScene scene;
  Material grain{"grain", 1e8, 0.3, 0.4, 0.5, 0.0, 2600.0};
  scene.model.materials = {grain};
  scene.model.gravity = Vec3(0, 0, Real(-9.81));
  scene.model.timeStep = 1e-5;
  scene.model.margin = 0.002;  // LIGGGHTS neighbour skin of the reference input

  const int nx = static_cast<int>(std::ceil(std::cbrt(double(particles)) - 1e-9));
  const int nz = static_cast<int>(std::ceil(double(particles) / double(nx * nx)));
  const double lx = nx * pitch, lz = nz * pitch * 1.3 + d;
  scene.boxLow = Vec3d(0, 0, 0);
  scene.boxHigh = Vec3d(lx, lx, lz);
  scene.model.boundaries = boxContainer(scene.boxLow, scene.boxHigh, 0, {true, true, true, true, true, false});

  const ClumpTemplate sphere = sphereTemplate("sphere", kBenchRadius, 0, grain.density);
  SplitMix64 rng(seed);
  WorldBuilder world;
  std::size_t placed = 0;
  for (int iz = 0; iz < nz && placed < particles; ++iz)
    for (int iy = 0; iy < nx && placed < particles; ++iy)
      for (int ix = 0; ix < nx && placed < particles; ++ix, ++placed) {
        const Vec3d x((ix + 0.5) * pitch + rng.uniform(-jitter, jitter),
                      (iy + 0.5) * pitch + rng.uniform(-jitter, jitter), (iz + 0.5) * pitch);
        const Vec3d v(rng.uniform(-vmax, vmax), rng.uniform(-vmax, vmax), rng.uniform(-vmax, 0));
        world.addClump(sphere, x, Quat(), v);
      }
  scene.state = world.take();
  return scene;
}

void makeSidesPeriodic(SettleScene& scene, const std::string& axes) {
  const bool x = axes.find('x') != std::string::npos, y = axes.find('y') != std::string::npos;
  if (!(x || y) || axes.find_first_not_of("xy") != std::string::npos)
    throw std::invalid_argument("bench: periodic axes \"" + axes + "\": expected x, y or xy");
  std::vector<BoundaryPrimitive> kept;
  for (const BoundaryPrimitive& b : scene.model.boundaries)
    if (!(x && std::fabs(double(b.normal.x)) > 0.5) && !(y && std::fabs(double(b.normal.y)) > 0.5)) kept.push_back(b);
  scene.model.boundaries = kept;
  scene.model.periodic = periodicBoxOf(scene.boxLow, scene.boxHigh, x, y, false);
  if (const std::string problem = periodicModelProblem(scene.model); !problem.empty())
    throw std::invalid_argument("bench: periodic " + axes + ": " + problem);
}

}  // namespace regolith
