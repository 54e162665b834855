// SizeDistribution: sieve curves, their size classes, and a bed drawn from a curve that
// reproduces its d10, d50 and d90.
#include <cmath>

#include <filesystem>

#include "clumps/bed_metrics.h"
#include "clumps/size_distribution.h"
#include "io/run_file/run_file.h"
#include "service/run_header.h"
#include "tests/support/scene_test_support.h"
#include "tests/support/state_compare.h"

namespace regolith {
namespace {

using namespace regolith::test;

// An illustrative grading curve (not a measured simulant): sizes in m, mass passing.
const std::vector<SievePoint> kCurve = {{1.0e-3, 0.0}, {1.6e-3, 0.2}, {2.5e-3, 0.6}, {4.0e-3, 1.0}};

TEST(SizeDistribution, CurveInterpolatesInLogSizeAndInverts) {
  const SieveCurve curve(kCurve);
  EXPECT_DOUBLE_EQ(curve.passingAt(1.6e-3), 0.2);
  EXPECT_NEAR(curve.passingAt(std::sqrt(1.6e-3 * 2.5e-3)), 0.4, 1e-12);  // log midpoint
  EXPECT_EQ(curve.passingAt(0.5e-3), 0.0);
  EXPECT_EQ(curve.passingAt(5e-3), 1.0);
  for (double p : {0.05, 0.1, 0.2, 0.5, 0.9, 0.99}) EXPECT_NEAR(curve.passingAt(curve.sizeAt(p)), p, 1e-12) << p;
  EXPECT_NEAR(curve.sizeAt(0.4), std::sqrt(1.6e-3 * 2.5e-3), 1e-15);
}

TEST(SizeDistribution, ClassesCoverTheCurveInStepsNoWiderThanTheRatio) {
  const SieveCurve curve(kCurve);
  const double ratio = 1.05;
  const std::vector<SizeClass> classes = curve.classes(ratio);
  double mass = 0;
  for (std::size_t k = 0; k < classes.size(); ++k) {
    const SizeClass& c = classes[k];
    EXPECT_LE(c.hi / c.lo, ratio * (1 + 1e-12));
    EXPECT_NEAR(c.size, std::sqrt(c.lo * c.hi), 1e-15);
    // Each class carries the curve's mass between its bounds.
    EXPECT_NEAR(c.massFraction, curve.passingAt(c.hi) - curve.passingAt(c.lo), 1e-12);
    if (k > 0) {
      EXPECT_NEAR(c.lo, classes[k - 1].hi, 1e-15);
    }
    mass += c.massFraction;
  }
  EXPECT_NEAR(classes.front().lo, 1.0e-3, 1e-15);
  EXPECT_NEAR(classes.back().hi, 4.0e-3, 1e-15);
  EXPECT_NEAR(mass, 1.0, 1e-12);
}

TEST(SizeDistribution, MalformedCurvesAreRefusedWithTheReason) {
  const auto message = [](std::vector<SievePoint> p) {
    try {
      SieveCurve c(std::move(p));
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message({{1e-3, 0}}).find("at least two"), std::string::npos);
  EXPECT_NE(message({{2e-3, 0}, {1e-3, 1}}).find("sizes must increase"), std::string::npos);
  EXPECT_NE(message({{1e-3, 0}, {2e-3, 0.6}, {3e-3, 0.5}, {4e-3, 1}}).find("must not decrease"), std::string::npos);
  EXPECT_NE(message({{1e-3, 0.1}, {2e-3, 1}}).find("start at 0"), std::string::npos);
  EXPECT_NE(message({{1e-3, 0}, {2e-3, 0.9}}).find("end at 1"), std::string::npos);
  EXPECT_NE(message({{-1e-3, 0}, {2e-3, 1}}).find("positive"), std::string::npos);
}

// The smoke scene without bodies, a small step (the smallest grains are 1 mm), and one
// rain source drawing spheres and two-sphere clumps from kCurve.
Json curveScene(std::uint64_t count) {
  Json s = smokeScene();
  s.erase("bodies");
  s.erase("families");
  s["time_step"] = 2e-6;
  Json sieve = Json::array();
  for (const SievePoint& p : kCurve) sieve.push_back({p.size, p.passing});
  s["sources"] = Json::array({{{"kind", "rain"},
                               {"count", count},
                               {"templates", {{{"template", "fine"}, {"weight", 2}}, {{"template", "pair"}}}},
                               {"size_distribution", {{"sieve", sieve}}},
                               {"lo", {0, 0, 0}},
                               {"hi", {0.3, 0.3, 0.3}}}});
  return s;
}

// The bed's particles, sized by volume-equivalent diameter from their masses (not from
// the classes the source drew), reproduce the curve's d10, d50 and d90. Away from the
// sieve sizes the class sizes lie on the curve's log-linear pieces, so the only error is
// sampling: the tolerance per quantile, in log size, is 4 standard errors of the sampled
// mass fraction at that size (delta method for the ratio estimator), converted to size
// through the curve's slope there. (Measured: 0.07 %, 0.4 % and 0.1 % against about 1.5 %,
// 2.8 % and 2.7 %.)
TEST(SizeDistribution, BedReproducesTheCurvesD10D50D90) {
  const Scene scene = parse(curveScene(20000).dump());
  const StateArrays& s = scene.initial;
  ASSERT_EQ(s.ownerCount(), 20000u);
  const double density = 2500;
  std::vector<double> sizes, masses;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    sizes.push_back(volumeEquivalentDiameter(s.ownerMass[o] / density));
    masses.push_back(s.ownerMass[o]);
  }
  const SieveCurve curve(kCurve);
  double total = 0;
  for (double m : masses) total += m;
  for (double p : {0.1, 0.5, 0.9}) {
    const double target = curve.sizeAt(p);
    // Not within a class of a sieve size, where interpolating between class sizes cuts the
    // curve's corner.
    for (const SievePoint& q : kCurve) ASSERT_GT(std::fabs(std::log(target / q.size)), std::log(1.05));
    double variance = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      const double a = (sizes[i] <= target ? masses[i] : 0) - p * masses[i];
      variance += a * a;
    }
    const double sigmaF = std::sqrt(variance) / total;
    const double slope = (curve.passingAt(target * 1.001) - curve.passingAt(target / 1.001)) / std::log(1.001 * 1.001);
    const double tolerance = 4 * sigmaF / slope;
    const double measured = massQuantile(sizes, masses, p);
    EXPECT_NEAR(std::log(measured / target), 0.0, tolerance)
        << "d" << int(p * 100) << ": measured " << measured << " m, curve " << target << " m";
  }
  // The source used scaled copies named "<template>@<scale>", kept in the scene.
  std::size_t scaled = 0;
  for (const ClumpTemplate& t : scene.templates) scaled += t.name.find('@') != std::string::npos;
  EXPECT_GT(scaled, 2 * 20u);
}

TEST(SizeDistribution, SceneRefusesABadCurveAtItsPointer) {
  Json s = curveScene(10);
  s["sources"][0]["size_distribution"]["sieve"] = {{1e-3, 0.2}, {2e-3, 1.0}};
  expectProblem(problemsOf(s), "/sources/0/size_distribution/sieve", "start at 0", "grading curve");
  s = curveScene(10);
  s["templates"][1]["name"] = "fine@2";
  s["sources"][0]["templates"][0]["template"] = "fine@2";
  expectProblem(problemsOf(s), "/templates/1/name", "fine@2", "without '@'");
}

// A bed of scaled copies is loaded by a scene that defines only their base templates: the
// copies are made again, bit for bit, from their names.
TEST(SizeDistribution, BedOfScaledCopiesLoadsFromTheBaseTemplates) {
  const Scene drawn = parse(curveScene(60).dump());
  const std::string dir = ::testing::TempDir() + "regolith_sizes_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/bed.h5";
  FrameData f;
  f.state = drawn.initial;
  f.ownerTemplate = drawn.ownerTemplate;
  f.sphereCentres = sphereCentresOf(drawn.initial);
  RunFileWriter::create(path, runHeaderOf(drawn))->writeFrame(f);

  Json reuse = curveScene(1);
  reuse["sources"] = Json::array({{{"kind", "bed"}, {"file", path}}});
  const Scene loaded = parse(reuse.dump());
  std::filesystem::remove_all(dir);
  ASSERT_EQ(loaded.initial.ownerCount(), drawn.initial.ownerCount());
  EXPECT_TRUE(sameBits(loaded.initial.ownerMass, drawn.initial.ownerMass));
  EXPECT_TRUE(sameBits(loaded.initial.sphereRadius, drawn.initial.sphereRadius));
  EXPECT_TRUE(sameBits(loaded.initial.ownerPosition, drawn.initial.ownerPosition));
}

}  // namespace
}  // namespace regolith
