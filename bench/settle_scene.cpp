// Construction of the settling benchmark scene (mirrors gen_bed.py; own random stream).
#include "bench/settle_scene.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "clumps/clump_mass_properties.h"
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
  // A rotation drawn uniformly (Shoemake's method from three uniform numbers).
  Quat rotation() {
    const double u1 = uniform(0, 1), u2 = uniform(0, 2 * M_PI), u3 = uniform(0, 2 * M_PI);
    const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
    return normalized(
        Quat(Real(a * std::sin(u2)), Real(a * std::cos(u2)), Real(b * std::sin(u3)), Real(b * std::cos(u3))));
  }
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

ClumpTemplate benchTrioTemplate() {
  // data/clumps/trio_irregular_1mm.json, times 5 (StudySmoke-free: the bench builds its own
  // scenes; BenchScene.TrioIsTheClumpFileAtFiveTimesItsSize holds the two together).
  const double scale = 5, density = 2600;
  std::vector<ClumpSphere> spheres = {{Vec3d(0, 0, 0), 0.001, 0, density},
                                      {Vec3d(0.0011, 0.0003, 0), 0.0008, 0, density},
                                      {Vec3d(0.0002, 0.0009, 0.0005), 0.0006, 0, density}};
  for (ClumpSphere& c : spheres) {
    c.centre = c.centre * scale;
    c.radius *= scale;
  }
  return clumpFromSpheres("trio", spheres);
}

SettleScene makeSettleScene(std::size_t particles, std::uint64_t seed, const std::string& grainKind) {
  const bool trio = grainKind == "trio";
  if (!trio && grainKind != "sphere")
    throw std::invalid_argument("bench: grain \"" + grainKind + "\": expected sphere or trio");
  const ClumpTemplate clump = trio ? benchTrioTemplate() : sphereTemplate("sphere", kBenchRadius, 0, 2600.0);
  double reach = 0;  // the clump's bounding radius about its centre of mass
  for (std::size_t i = 0; i < clump.radii.size(); ++i)
    reach = std::max(reach, double(norm(clump.offsets[i])) + double(clump.radii[i]));
  const double d = 2 * reach, pitch = 1.05 * d, jitter = 0.02 * d, vmax = 0.1;
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

  SplitMix64 rng(seed);
  WorldBuilder world;
  std::size_t placed = 0;
  for (int iz = 0; iz < nz && placed < particles; ++iz)
    for (int iy = 0; iy < nx && placed < particles; ++iy)
      for (int ix = 0; ix < nx && placed < particles; ++ix, ++placed) {
        const Vec3d x((ix + 0.5) * pitch + rng.uniform(-jitter, jitter),
                      (iy + 0.5) * pitch + rng.uniform(-jitter, jitter), (iz + 0.5) * pitch);
        const Vec3d v(rng.uniform(-vmax, vmax), rng.uniform(-vmax, vmax), rng.uniform(-vmax, 0));
        // The sphere scene draws no rotation: its numbers stay those of the LIGGGHTS bed.
        world.addClump(clump, x, trio ? rng.rotation() : Quat(), v);
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
