// Beds (periodic): `regolith bed` on scenes/beds/trio_bed_periodic.json, the trio bed of
// trio_bed.json with periodic sides instead of walls (docs/periodic.md), run by the real
// binary. The bed must settle, keep its grains in the box, pack as the walled bed's
// interior does, and show no seam: around the seam planes x = 0 and y = 0 the grains must
// pack and touch as they do around the box's middle planes.
#include <cmath>
#include <cstdio>

#include "clumps/bed_metrics.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file.h"
#include "tests/support/scene_test_support.h"
#include "tests/support/settled_bed.h"

namespace regolith {
namespace {

using namespace regolith::test;
// Mean and standard error of the mean of per-sphere counts.
struct CountMean {
  double mean = 0, standardError = 0;
  std::size_t spheres = 0;
};

CountMean meanOf(const std::vector<double>& counts) {
  CountMean m;
  m.spheres = counts.size();
  if (counts.size() < 2) return m;
  for (double c : counts) m.mean += c / double(counts.size());
  double var = 0;
  for (double c : counts) var += (c - m.mean) * (c - m.mean) / double(counts.size() - 1);
  m.standardError = std::sqrt(var / double(counts.size()));
  return m;
}

// For the spheres whose (wrapped) coordinate along `axis` is within `halfWidth` of the
// plane at `plane` (a periodic distance) and whose centre lies in the height band: how
// many spheres of other grains lie within `reach` times the two radii of each, by brute
// force over every sphere with the minimum image (not the engine's contact list).
CountMean neighboursAroundPlane(const StateArrays& s, const std::vector<Vec3d>& centres, const PeriodicBox& box,
                                int axis, double plane, double halfWidth, double zLo, double zHi, double reach) {
  const double period = component(box.length, axis);
  std::vector<double> counts;
  for (std::size_t a = 0; a < centres.size(); ++a) {
    if (centres[a].z < zLo || centres[a].z > zHi) continue;
    double off = component(centres[a], axis) - plane;
    off -= period * std::rint(off / period);
    if (std::fabs(off) >= halfWidth) continue;
    double n = 0;
    for (std::size_t b = 0; b < centres.size(); ++b) {
      if (s.sphereOwner[a] == s.sphereOwner[b]) continue;
      const Vec3d d = box.image(centres[b] - centres[a]);
      const double r = reach * (s.sphereRadius[a] + s.sphereRadius[b]);
      if (dot(d, d) < r * r) n += 1;
    }
    counts.push_back(n);
  }
  return meanOf(counts);
}

TEST(Beds, SlowPeriodicBedSettlesWithoutASeam) {
  const std::string scenePath = kSourceDir + "/scenes/beds/trio_bed_periodic.json";
  const Scene scene = loadScene(scenePath);
  const PeriodicBox& box = scene.model.periodic;
  ASSERT_TRUE(box.periodic(0) && box.periodic(1) && !box.periodic(2));
  const double period = box.length.x;  // 35 mm, square

  const std::string bed = settledBed(scenePath, "regolith_periodic_bed_");
  ASSERT_FALSE(bed.empty());

  const RunFileReader run(bed);
  ASSERT_TRUE(run.header().meta.domain.has_value());
  EXPECT_TRUE(run.header().meta.domain->periodic[0] && run.header().meta.domain->periodic[1]);
  const FrameData f = run.frame(0);
  const StateArrays& s = f.state;
  ASSERT_EQ(s.ownerCount(), scene.initial.ownerCount());
  // Every grain's centre of mass in the box along x and y: the engine wraps owners at the
  // start of each step, so one step's drift of a settled grain (< 0.01 m/s x 1.4e-5 s)
  // is all an owner may stand outside it. Some grains crossed the seam while falling.
  std::size_t crossed = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    const Vec3d x(s.ownerPosition[o]);
    EXPECT_GT(x.x, -1e-6);
    EXPECT_LT(x.x, period + 1e-6);
    EXPECT_GT(x.y, -1e-6);
    EXPECT_LT(x.y, period + 1e-6);
    EXPECT_GT(x.z, 0.0);
    if (!s.ownerImage.empty() && !isZero(s.ownerImage[o])) ++crossed;
  }
  EXPECT_GT(crossed, 0u);

  // The bulk (the scene's sampling box: the whole period in x and y, 6 to 16 mm high, the
  // walled bed's height band) packs as the walled trio bed's interior: both measured
  // 0.6279 with this version (scenes/beds/README.md). Held to 2 %, the spread of packing
  // fractions over boxes of some 600 to 1500 grains (the walled bed's interior is 600);
  // the two agree far closer than that, the 0.5 % (README).
  const h5::File file = h5::File::openReadOnly(bed);
  const h5::Group measures = file.open("bed");
  const double packing = measures.doubleAttribute("packing_fraction");
  EXPECT_NEAR(packing, 0.6279, 0.02 * 0.6279);
  const double zCore = measures.doubleAttribute("coordination_sample_mean");
  // The bulk's mean coordination: the walled bed's interior measured 5.64 (598 grains,
  // standard error about 0.05), this bed 5.68; within 3 %, several standard errors.
  EXPECT_NEAR(zCore, 5.64, 0.03 * 5.64);

  // No seam. Spheres in the bulk's height band within 3.5 mm (two of the largest spheres'
  // diameters) of the seam planes x = 0 and y = 0 touch as many other grains' spheres (within
  // 1.02 (r_a + r_b): the contacts and the near-touching) and have as many in their second
  // shell (1.5 (r_a + r_b)) as the spheres around the middle planes x = L / 2, y = L / 2.
  // Each mean has a standard error from its some 600 spheres; neighbouring spheres share
  // contacts, so the difference is held to 4 combined standard errors, not 2. A seam that
  // lost the contacts across it would halve the first count near the plane; one that
  // pushed grains apart or let them overlap would move both counts by tens of per cent.
  const std::vector<Vec3d> centres = wrappedIntoBox(f.sphereCentres, box);
  const double zLo = 0.006, zHi = 0.016, halfWidth = 0.0035;
  for (int axis = 0; axis < 2; ++axis)
    for (double reach : {1.02, 1.5}) {
      const CountMean seam = neighboursAroundPlane(s, centres, box, axis, 0.0, halfWidth, zLo, zHi, reach);
      const CountMean middle = neighboursAroundPlane(s, centres, box, axis, period / 2, halfWidth, zLo, zHi, reach);
      std::printf(
          "axis %d, reach %.2f: %.3f +- %.3f neighbours at the seam (%zu spheres), %.3f +- %.3f mid-box (%zu)\n", axis,
          reach, seam.mean, seam.standardError, seam.spheres, middle.mean, middle.standardError, middle.spheres);
      ASSERT_GT(seam.spheres, 200u);
      ASSERT_GT(middle.spheres, 200u);
      EXPECT_NEAR(seam.mean, middle.mean, 4 * std::hypot(seam.standardError, middle.standardError))
          << "axis " << axis << ", reach " << reach;
    }

  // And the packing fraction of a 7 mm slab centred on each seam plane (taken through the
  // seam with the grains' images) against the same slab centred mid-box: some 250 grains
  // each, whose packing fraction spreads by about 2 %; a seam defect of a grain's size
  // moves a 7 mm slab's by some 40 %. Within 6 %.
  std::vector<double> density;
  for (const Material& m : scene.model.materials) density.push_back(m.density);
  for (int axis = 0; axis < 2; ++axis) {
    const auto slab = [&](double centre) {
      Vec3d lo(0, 0, zLo), hi(period, period, zHi);
      (axis == 0 ? lo.x : lo.y) = centre - halfWidth;
      (axis == 0 ? hi.x : hi.y) = centre + halfWidth;
      return packingInBox(s, centres, density, lo, hi, box).packingFraction;
    };
    const double atSeam = slab(0.0), mid = slab(period / 2);
    std::printf("axis %d: packing fraction %.4f in the slab across the seam, %.4f mid-box\n", axis, atSeam, mid);
    EXPECT_NEAR(atSeam, mid, 0.06 * mid) << "axis " << axis;
  }
}

}  // namespace
}  // namespace regolith
