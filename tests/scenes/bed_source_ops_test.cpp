// BedSourceOps: a bed saved by a real run and loaded cropped, trimmed, tiled and shifted
// keeps the particle count and positions asked for, counted from the stored frame
// independently of the code under test; and the mistakes a scene can make with these keys
// are refused at their pointers.
#include <algorithm>
#include <cmath>

#include "io/run_file/run_file.h"
#include "tests/support/bed_source_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

// A particle of the stored frame, and its top from the stored sphere centres.
struct StoredParticle {
  Vec3d position;
  Quat orientation;
  Vec3 velocity, spin;
  double top = -INFINITY;
  std::vector<Vec3d> sphereCentres;
  std::vector<double> sphereRadii;
};

const std::vector<StoredParticle>& storedBed() {
  static const std::vector<StoredParticle> bed = [] {
    const RunFileReader run((earlierRun() / "run.h5").string());
    const FrameData f = run.frame(run.frameCount() - 1);
    std::vector<StoredParticle> all(f.state.ownerCount());
    for (std::size_t o = 0; o < all.size(); ++o) {
      all[o].position = f.state.ownerPosition[o];
      all[o].orientation = f.state.ownerOrientation[o];
      all[o].velocity = f.state.ownerVelocity[o];
      all[o].spin = f.state.ownerAngularVelocity[o];
    }
    for (std::size_t k = 0; k < f.sphereCentres.size(); ++k) {
      StoredParticle& p = all[std::size_t(f.state.sphereOwner[k])];
      p.top = std::max(p.top, f.sphereCentres[k].z + double(f.state.sphereRadius[k]));
      p.sphereCentres.push_back(f.sphereCentres[k]);
      p.sphereRadii.push_back(double(f.state.sphereRadius[k]));
    }
    std::vector<StoredParticle> particles;
    for (std::size_t o = 0; o < all.size(); ++o)
      if (f.ownerTemplate[o] >= 0) particles.push_back(all[o]);  // not the drum
    return particles;
  }();
  return bed;
}

// The owners of a built scene that are particles (not its drum), in order.
std::vector<std::size_t> particleOwners(const Scene& s) {
  std::vector<std::size_t> out;
  for (std::size_t o = 0; o < s.ownerTemplate.size(); ++o)
    if (s.ownerTemplate[o] >= 0) out.push_back(o);
  return out;
}

Json withKeys(const Json& keys) {
  Json s = bedScene(-1);
  s["sources"][0].update(keys);
  return s;
}

bool inside(const Vec3d& x, const Vec3d& lo, const Vec3d& hi) {
  return x.x >= lo.x && x.x < hi.x && x.y >= lo.y && x.y < hi.y && x.z >= lo.z && x.z < hi.z;
}

// Expects the scene's particles to be the stored `kept`, copy after copy (i fastest), each
// moved by (i px, j py, 0) and then by `shift`, with their velocities and orientations.
void expectCopies(const Scene& s, const std::vector<StoredParticle>& kept, int nx, int ny, double px, double py,
                  const Vec3d& shift = Vec3d()) {
  const std::vector<std::size_t> owners = particleOwners(s);
  ASSERT_EQ(owners.size(), kept.size() * std::size_t(nx * ny));
  std::size_t n = 0;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      for (const StoredParticle& p : kept) {
        SCOPED_TRACE("copy " + std::to_string(i) + ", " + std::to_string(j) + ", owner " + std::to_string(owners[n]));
        const std::size_t o = owners[n++];
        const Vec3d expected = p.position + Vec3d(i * px, j * py, 0) + shift;
        const Vec3d& got = s.initial.ownerPosition[o];
        EXPECT_EQ(got.x, expected.x);
        EXPECT_EQ(got.y, expected.y);
        EXPECT_EQ(got.z, expected.z);
        EXPECT_EQ(s.initial.ownerVelocity[o].x, p.velocity.x);
        EXPECT_EQ(s.initial.ownerVelocity[o].z, p.velocity.z);
        EXPECT_EQ(s.initial.ownerAngularVelocity[o].y, p.spin.y);
        const Quat a = s.initial.ownerOrientation[o], b = p.orientation;
        EXPECT_NEAR(std::abs(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z), 1.0, 1e-14);
      }
}

TEST(BedSourceOps, CropKeepsExactlyTheCentresInside) {
  const Vec3d lo(-0.01, -0.012, -0.03), hi(0.006, 0.008, -0.018);
  std::vector<StoredParticle> kept;
  for (const StoredParticle& p : storedBed())
    if (inside(p.position, lo, hi)) kept.push_back(p);
  ASSERT_GT(kept.size(), 10u);
  ASSERT_LT(kept.size(), storedBed().size() / 2);
  const Scene s = parse(withKeys({{"crop", {{"lo", {lo.x, lo.y, lo.z}}, {"hi", {hi.x, hi.y, hi.z}}}}}).dump());
  expectCopies(s, kept, 1, 1, 0, 0);
}

// A height halfway across the widest gap between neighbouring tops near the median, so
// that no top is within rounding of it.
double heightBetweenTops() {
  std::vector<double> tops;
  for (const StoredParticle& p : storedBed()) tops.push_back(p.top);
  std::sort(tops.begin(), tops.end());
  std::size_t best = tops.size() / 2;
  for (std::size_t k = tops.size() / 3; k < 2 * tops.size() / 3; ++k)
    if (tops[k + 1] - tops[k] > tops[best + 1] - tops[best]) best = k;
  EXPECT_GT(tops[best + 1] - tops[best], 1e-6);
  return (tops[best] + tops[best + 1]) / 2;
}

TEST(BedSourceOps, TrimDropsExactlyTheParticlesReachingAboveTheHeight) {
  const double z = heightBetweenTops();
  std::vector<StoredParticle> kept;
  for (const StoredParticle& p : storedBed())
    if (p.top <= z) kept.push_back(p);
  ASSERT_GT(kept.size(), storedBed().size() / 4);
  ASSERT_LT(kept.size(), 3 * storedBed().size() / 4);
  const Scene s = parse(withKeys({{"trim_height", z}}).dump());
  expectCopies(s, kept, 1, 1, 0, 0);
  // And so no sphere of the built scene reaches above it.
  for (std::size_t k = 0; k < s.initial.sphereCount(); ++k) {
    const std::size_t o = std::size_t(s.initial.sphereOwner[k]);
    const Vec3d centre = s.initial.ownerPosition[o] +
                         rotate(s.initial.ownerOrientation[o], Vec3d(s.initial.sphereOffset[k]));
    EXPECT_LE(centre.z + s.initial.sphereRadius[k], z + 1e-12);
  }
}

TEST(BedSourceOps, TileTwoByThreeRepeatsTheCropAtThePeriod) {
  // The upper half of the bed; a period longer than the drum in x and y, so copies keep
  // clear.
  const Vec3d lo(-0.03, -0.03, -0.02), hi(0.03, 0.03, 0.0);
  std::vector<StoredParticle> kept;
  for (const StoredParticle& p : storedBed())
    if (inside(p.position, lo, hi)) kept.push_back(p);
  ASSERT_GT(kept.size(), 10u);
  ASSERT_LT(kept.size(), storedBed().size());
  const Scene s = parse(withKeys({{"crop", {{"lo", {lo.x, lo.y, lo.z}}, {"hi", {hi.x, hi.y, hi.z}}}},
                                  {"tile", {{"x", 2}, {"y", 3}, {"period", {0.07, 0.055}}}}})
                            .dump());
  expectCopies(s, kept, 2, 3, 0.07, 0.055);
}

TEST(BedSourceOps, TilePeriodDefaultsToTheCropBox) {
  // A crop around the whole bed, 0.1 × 0.11 m in x and y: the copies keep clear.
  const Scene s = parse(
      withKeys({{"crop", {{"lo", {-0.05, -0.05, -0.05}}, {"hi", {0.05, 0.06, 0.05}}}}, {"tile", {{"x", 2}, {"y", 3}}}})
          .dump());
  expectCopies(s, storedBed(), 2, 3, 0.05 - -0.05, 0.06 - -0.05);
}

TEST(BedSourceOps, ShiftComesLastAndCropAndTrimAreInTheRunsCoordinates) {
  // A trim or crop taken after the shift (up by 1 m) would keep nothing.
  const double z = heightBetweenTops();
  const Vec3d lo(-0.03, -0.03, -0.03), hi(0.03, 0.01, 0.03), move(0.25, -0.5, 1.0);
  std::vector<StoredParticle> kept;
  for (const StoredParticle& p : storedBed())
    if (inside(p.position, lo, hi) && p.top <= z) kept.push_back(p);
  ASSERT_GT(kept.size(), 10u);
  const Scene s = parse(withKeys({{"crop", {{"lo", {lo.x, lo.y, lo.z}}, {"hi", {hi.x, hi.y, hi.z}}}},
                                  {"trim_height", z},
                                  {"tile", {{"x", 3}, {"period", {0.06, 0.07}}}},
                                  {"shift", {move.x, move.y, move.z}}})
                            .dump());
  expectCopies(s, kept, 3, 1, 0.06, 0.07, move);
}

TEST(BedSourceOps, OverlappingCopiesAreRefusedAtTheTile) {
  // The drum's left half (x < 0) repeated at its own width: the copy's grains at the left
  // cap land on the first copy's grains at the cut.
  const Json s = withKeys({{"crop", {{"lo", {-0.03, -0.03, -0.03}}, {"hi", {0.0, 0.03, 0.03}}}},
                           {"tile", {{"x", 2}, {"period", {0.02, 0.06}}}}});
  expectProblem(problemsOf(s), "/sources/0/tile", "copies overlapping by up to",
                "the deepest overlap between the bed's own particles");
}

// The deepest overlap between spheres of two different particles, the second moved by d
// (brute force over all pairs; with d = 0, the bed's own deepest contact).
double deepestOverlap(const Vec3d& d) {
  const std::vector<StoredParticle>& bed = storedBed();
  double deepest = 0;
  for (std::size_t a = 0; a < bed.size(); ++a)
    for (std::size_t b = 0; b < bed.size(); ++b) {
      if (a == b && isZero(d)) continue;
      for (std::size_t i = 0; i < bed[a].sphereCentres.size(); ++i)
        for (std::size_t k = 0; k < bed[b].sphereCentres.size(); ++k)
          deepest = std::max(deepest, bed[a].sphereRadii[i] + bed[b].sphereRadii[k] -
                                          norm(bed[a].sphereCentres[i] - bed[b].sphereCentres[k] - d));
    }
  return deepest;
}

// A period in x at which two copies of the whole bed overlap by `depth` at their seam (by
// bisection: the overlap falls to 0 as the period grows past the bed's length).
double periodForSeamOverlap(double depth) {
  double shorter = 0.02, longer = 0.08;
  EXPECT_GT(deepestOverlap(Vec3d(shorter, 0, 0)), depth);
  EXPECT_EQ(deepestOverlap(Vec3d(longer, 0, 0)), 0);
  for (int k = 0; k < 60; ++k) {
    const double mid = (shorter + longer) / 2;
    (deepestOverlap(Vec3d(mid, 0, 0)) > depth ? shorter : longer) = mid;
  }
  return longer;
}

TEST(BedSourceOps, CopiesMayOverlapAsDeepAsTheBedsOwnContacts) {
  const double own = deepestOverlap(Vec3d());
  ASSERT_GT(own, 0);  // a settled bed: its grains press on each other
  const auto tiledAt = [](double period) { return withKeys({{"tile", {{"x", 2}, {"period", {period, 1.0}}}}}); };
  // Half as deep as the bed's own contacts: taken, both copies whole.
  const double gentle = periodForSeamOverlap(own / 2);
  EXPECT_NEAR(deepestOverlap(Vec3d(gentle, 0, 0)), own / 2, own * 1e-6);
  const Scene s = parse(tiledAt(gentle).dump());
  expectCopies(s, storedBed(), 2, 1, gentle, 1.0);
  // Twice as deep: refused.
  expectProblem(problemsOf(tiledAt(periodForSeamOverlap(2 * own))), "/sources/0/tile", "copies overlapping by up to",
                "the deepest overlap between the bed's own particles");
}

TEST(BedSourceOps, MistakesAreRefusedAtTheirPointers) {
  // A crop box flat in y.
  expectProblem(problemsOf(withKeys({{"crop", {{"lo", {0, 0, 0}}, {"hi", {0.01, 0, 0.01}}}}})), "/sources/0/crop/hi",
                "[0.01, 0, 0.01]", "a corner above");
  // A crop around none of the particles.
  expectProblem(problemsOf(withKeys({{"crop", {{"lo", {1, 1, 1}}, {"hi", {2, 2, 2}}}}})), "/sources/0/crop",
                "a box around none of the frame's", "a box around some of their centres of mass, which lie from");
  // A trim below every particle.
  expectProblem(problemsOf(withKeys({{"trim_height", -1}})), "/sources/0/trim_height",
                "-1 m, below the top of every one", "at or above the lowest particle top");
  // Tile counts below 1, and a period of 0.
  expectProblem(problemsOf(withKeys({{"tile", {{"x", 0}}}})), "/sources/0/tile/x", "0", "1");
  expectProblem(problemsOf(withKeys({{"tile", {{"y", -2}}}})), "/sources/0/tile/y", "-2", "1");
  expectProblem(problemsOf(withKeys({{"tile", {{"x", 2}, {"period", {0.0, 0.1}}}}})), "/sources/0/tile/period/0", "0",
                "> 0");
  // Tiling without a period or a crop to take it from.
  expectProblem(problemsOf(withKeys({{"tile", {{"x", 2}}}})), "/sources/0/tile", "no \"period\", and no \"crop\"",
                "a \"period\": [px, py]");
  // Too many copies.
  expectProblem(problemsOf(withKeys({{"tile", {{"x", 10000}, {"y", 10000}, {"period", {1, 1}}}}})), "/sources/0/tile",
                "10000 × 10000 copies", "at most 1e8 particles");
  // An unknown key in the tile.
  expectProblem(problemsOf(withKeys({{"tile", {{"z", 2}}}})), "/sources/0/tile/z", "unknown key", "period");
}

TEST(BedSourceOps, ABedMustClearEarlierSources) {
  Json s = bedScene(-1);
  s["sources"].insert(s["sources"].begin(), Json{{"kind", "lattice"},
                                                 {"template", "fine"},
                                                 {"lo", {-0.004, -0.004, -0.02}},
                                                 {"hi", {0.004, 0.004, -0.012}},
                                                 {"spacing", 0.004}});
  expectProblem(problemsOf(s), "/sources/1", "overlapping one placed before",
                "clear of the particles of earlier sources");
  // Moved out of the way, it is placed whole after the lattice.
  s["sources"][1]["shift"] = {0, 0, 1};
  const Scene built = parse(s.dump());
  EXPECT_EQ(particleOwners(built).size(), 27 + storedBed().size());
}

}  // namespace
}  // namespace regolith
