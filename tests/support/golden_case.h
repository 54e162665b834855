// The golden force-reference case (data/reference/, tests/kernels/golden_reference_test.cpp):
// a few tens of spheres and one three-sphere clump packed into a box of five planes whose
// sixth side is a square plate of two triangles carried by a moving body, built in code from
// core/ alone (no file, no HDF5), so an engine-only test executable can run it on any
// backend. Radii, jitter, velocities and spins come from a fixed splitmix64 stream (its
// integers are the same on every platform, unlike the standard library's distributions).
//
// The pack is compressed: every grain overlaps its lattice neighbours and the walls by
// 1 to 50 um, more than its initial velocity (0.1 m/s at most) can open in an oscillation
// of the contact (~5 um), so the contacts last the whole run and the references hold
// forces. The initial spins (100 rad/s at most, 0.2 m/s at the surface) make contacts
// slide at first and stick once friction has matched the spins; Crr > 0 on both
// materials brings in rolling resistance; the plate turns, so its contacts shear; the
// clump sums the forces and torques of three spheres onto one owner.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/mesh_boundaries.h"
#include "tests/support/test_support.h"

namespace regolith::test {

// One contact model's case: the scene, how long it runs and what it is called in files.
struct GoldenCase {
  std::string name;          // file stem in data/reference/: golden_<the model's kName>
  std::string contactModel;  // the model's kName
  Model model;
  StateArrays initial;
  std::uint64_t steps = 0;
};

// Deterministic numbers in [0, 1): splitmix64 (Steele, Lea & Flood 2014), top 53 bits.
class GoldenRandom {
 public:
  explicit GoldenRandom(std::uint64_t seed) : m_state(seed) {}
  double uniform() {
    m_state += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = m_state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return double(z >> 11) * 0x1.0p-53;
  }
  double between(double lo, double hi) { return lo + (hi - lo) * uniform(); }

 private:
  std::uint64_t m_state;
};

inline constexpr double kGoldenRadius = 0.002;          // largest grain radius [m]
inline constexpr double kGoldenSpacing = 0.00395;       // lattice spacing [m]: neighbours overlap
inline constexpr double kGoldenWallGap = 0.001975;      // wall to outer lattice centres [m]
inline constexpr double kGoldenTimeStep = 1e-5;         // [s], under the Rayleigh guard's limit
inline constexpr std::uint64_t kGoldenSteps = 150;      // ~5 contact durations: history matters
inline constexpr std::uint64_t kGoldenSeed = 20251203;  // the case's random stream

// Three equal spheres in a line along x, touching (offsets 2r apart, no overlap), so the
// mass properties are exact: I_xx = 3 (2/5) m r^2, I_yy = I_zz = that + 2 m (2r)^2.
inline ClumpTemplate goldenRodTemplate(double r, double density) {
  const double m = 4.0 / 3.0 * M_PI * r * r * r * density;
  ClumpTemplate t;
  t.name = "golden_rod";
  t.offsets = {Vec3d(-2 * r, 0, 0), Vec3d(), Vec3d(2 * r, 0, 0)};
  t.radii = {r, r, r};
  t.materials = {0, 0, 0};
  t.mass = 3 * m;
  const double own = 3 * 0.4 * m * r * r;
  t.principalInertia = Vec3d(own, own + 2 * m * 4 * r * r, own + 2 * m * 4 * r * r);
  return t;
}

// The case for contact model M with its settings for the case (M::kReferenceSettings): a
// 4 x 4 x 2 lattice (x, y, z) of grains with radii 0.99 to 1 x kGoldenRadius and centres
// jittered by 2 um, whose sites (0..2, 1, 1) hold the rod clump; planes below (z = 0),
// above, at -x, -y and +y; at +x a square plate of two triangles whose body moves into the
// pack at 5 mm/s and turns about x at 2 rad/s.
template <class M>
GoldenCase goldenCase() {
  GoldenCase c;
  c.steps = kGoldenSteps;
  const Material grain = material("golden_grain", 5e7, 0.3, 2500, 0.5, 0.4, 0.05);
  const Material wall = material("golden_wall", 5e7, 0.3, 2500, 0.6, 0.3, 0.02);
  c.model = modelWith({grain, wall}, kGoldenTimeStep, Vec3(0, 0, Real(-9.81)));
  c.model.streams.mode = StreamMode::Sync;
  c.model.contactModel = contactModelKind<M>();
  settingsOf<M>(c.model.contactSettings) = M::kReferenceSettings;
  c.name = std::string("golden_") + M::kName;
  c.contactModel = M::kName;

  // Lattice centres run from g (kGoldenWallGap) to g + 3 s in x and y, g to g + s in z.
  const double g = kGoldenWallGap, s = kGoldenSpacing;
  GoldenRandom rnd(kGoldenSeed);
  WorldBuilder w;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 4; ++i) {
        const double r = kGoldenRadius * rnd.between(0.99, 1.0);
        const Vec3d x(g + i * s + rnd.between(-2e-6, 2e-6), g + j * s + rnd.between(-2e-6, 2e-6),
                      g + k * s + rnd.between(-2e-6, 2e-6));
        const Vec3d v(rnd.between(-0.1, 0.1), rnd.between(-0.1, 0.1), rnd.between(-0.1, 0.1));
        const Vec3d spin(rnd.between(-100, 100), rnd.between(-100, 100), rnd.between(-100, 100));
        if (k == 1 && j == 1 && i < 3) continue;  // the rod's sites (the stream is drawn all the same)
        w.addClump(sphereTemplate("golden_grain", r, 0, grain.density), x, Quat(), v, spin);
      }
  // The rod: spheres of radius s/2 on three sites, touching each other, overlapping their
  // lattice neighbours by 5 to 25 um; moving down and turning. 10 um below the lid: a
  // contact that starts exactly at touch would turn on or not with the last bit of a
  // position (the linear model's damping force jumps there).
  w.addClump(goldenRodTemplate(s / 2, grain.density), Vec3d(g + s, g + s, g + s - 1e-5), Quat(),
             Vec3d(0.05, -0.03, -0.08), Vec3d(5, 10, -3));

  // Five planes: floor, lid, -x, -y, +y.
  const double top = g + s + g, side = g + 3 * s + g;
  c.model.boundaries = {infinitePlane(Vec3d(), Vec3d(0, 0, 1), 1), infinitePlane(Vec3d(0, 0, top), Vec3d(0, 0, -1), 1),
                        infinitePlane(Vec3d(), Vec3d(1, 0, 0), 1), infinitePlane(Vec3d(), Vec3d(0, 1, 0), 1),
                        infinitePlane(Vec3d(0, side, 0), Vec3d(0, -1, 0), 1)};

  // The plate at x = side, reaching 2 mm past the box on every side, as two triangles.
  TriangleMesh plate;
  plate.vertices = {Vec3d(side, -0.002, -0.002), Vec3d(side, side + 0.002, -0.002),
                    Vec3d(side, side + 0.002, top + 0.002), Vec3d(side, -0.002, top + 0.002)};
  plate.triangles = {{0, 1, 2}, {0, 2, 3}};
  const Index body = w.addBody(0.05, Vec3d(1e-5, 1e-5, 1e-5), Vec3d(side, side / 2, top / 2), Quat(), Vec3d(), Vec3d(),
                               1);
  MotionPhase push;
  for (DofRule& rule : push.dof) rule = DofRule::fixed();
  push.dof[0] = DofRule::constant(-0.005);
  push.dof[3] = DofRule::constant(2.0);
  c.model.families = {FamilyMotion{}, FamilyMotion{{push}}};
  appendMeshBoundaries(c.model, plate, 1, body);
  c.initial = w.take();
  return c;
}

// One case per model of the table (kernels/forces/contact_models.h), in table order.
inline std::vector<GoldenCase> goldenCases() {
  std::vector<GoldenCase> cases;
  forEachContactModel([&](auto m) { cases.push_back(goldenCase<decltype(m)>()); });
  return cases;
}

}  // namespace regolith::test
