// Templates: every clump file of data/clumps/ through the real scene loader (centred,
// positive-definite inertia), the scale key's laws, and explicit mass properties.
#include <filesystem>

#include "tests/support/scene_test_support.h"
#include "clumps/union_mass_properties.h"

namespace regolith::test {
namespace {

const std::string kClumpDir = kSourceDir + "/data/clumps";

// The smoke scene with one more template, unused by its sources; returns it as loaded.
ClumpTemplate loaded(const Json& entry) {
  Json s = smokeScene();
  s["templates"].push_back(entry);
  const Scene scene = parse(s.dump());
  return scene.templates.back();
}

Json fileEntry(const std::string& file) { return {{"name", "probe"}, {"file", file}, {"material", "grain"}}; }

TEST(Templates, EveryClumpFileLoadsCentredWithPositiveDefiniteInertia) {
  int count = 0;
  for (const auto& f : std::filesystem::directory_iterator(kClumpDir)) {
    if (f.path().extension() != ".json") continue;
    ++count;
    const std::string file = f.path().filename().string();
    SCOPED_TRACE(file);
    const ClumpTemplate t = loaded(fileEntry(file));
    ASSERT_FALSE(t.offsets.empty());
    // Centred: the spheres as placed have their centre of mass at the origin, to the bound
    // of a second, coarser integration (coarse to keep the test fast).
    std::vector<ClumpSphere> spheres;
    for (std::size_t i = 0; i < t.offsets.size(); ++i) spheres.push_back({t.offsets[i], t.radii[i], 0, 2500});
    const MassProperties p = unionMassProperties(spheres, 2e-2);
    EXPECT_LE(norm(p.centre), p.centreErrorBound + 1e-15);
    // Positive definite: the tensor is R diag(I) R^T, so positive principal moments are the
    // whole condition; they also obey the triangle inequality of real bodies.
    const Vec3d& I = t.principalInertia;
    EXPECT_GT(I.x, 0);
    EXPECT_GT(I.y, 0);
    EXPECT_GT(I.z, 0);
    EXPECT_LE(I.x, I.y + I.z);
    EXPECT_LE(I.y, I.x + I.z);
    EXPECT_LE(I.z, I.x + I.y);
    EXPECT_NEAR(t.mass, p.mass, 2 * p.massErrorBound + 1e-12 * p.mass);  // both within their bounds
  }
  EXPECT_GE(count, 8);
  for (const char* required :
       {"sphere_1mm.json", "trio_line_1mm.json", "trio_irregular_1mm.json", "tetra_1mm.json", "octa_1mm.json"})
    EXPECT_TRUE(std::filesystem::is_regular_file(kClumpDir + "/" + required)) << required;
}

TEST(Templates, ScaleMultipliesLengthsMassAndInertiaByTheirPowers) {
  const double s = 1.7;
  const ClumpTemplate unit = loaded(fileEntry("trio_irregular_1mm.json"));
  Json entry = fileEntry("trio_irregular_1mm.json");
  entry["scale"] = s;
  const ClumpTemplate big = loaded(entry);
  EXPECT_NEAR(big.mass, unit.mass * s * s * s, 1e-12 * big.mass);
  EXPECT_NEAR(big.principalInertia.x, unit.principalInertia.x * std::pow(s, 5), 1e-12 * big.principalInertia.x);
  EXPECT_NEAR(big.principalInertia.z, unit.principalInertia.z * std::pow(s, 5), 1e-12 * big.principalInertia.z);
  for (std::size_t i = 0; i < unit.offsets.size(); ++i) {
    EXPECT_NEAR(norm(big.offsets[i] - unit.offsets[i] * s), 0, 1e-15);
    EXPECT_NEAR(big.radii[i], unit.radii[i] * s, 1e-15);
  }
  const ClumpTemplate direct = scaledTemplate(unit, s);
  EXPECT_DOUBLE_EQ(direct.mass, big.mass);
  EXPECT_DOUBLE_EQ(direct.principalInertia.y, big.principalInertia.y);
}

TEST(Templates, ExplicitMassPropertiesWithinTwoPercentAreUsed) {
  const ClumpTemplate computed = loaded(fileEntry("tetra_1mm.json"));
  Json entry = fileEntry("tetra_1mm.json");
  const double m = computed.mass * 1.01, I = computed.principalInertia.x * 0.99;
  entry["mass"] = m;
  entry["inertia"] = {I, I, I};
  const ClumpTemplate t = loaded(entry);
  EXPECT_EQ(t.mass, m);
  EXPECT_EQ(t.principalInertia.y, I);
}

TEST(Templates, ExplicitMassPropertiesFarFromTheComputedOnesAreRefused) {
  const ClumpTemplate computed = loaded(fileEntry("tetra_1mm.json"));
  Json s = smokeScene();
  Json entry = fileEntry("tetra_1mm.json");
  entry["mass"] = computed.mass * 1.2;
  entry["inertia"] = {1.0, 1.0, 1.0};
  s["templates"].push_back(entry);
  const std::vector<SceneProblem> ps = problemsOf(s);
  const std::string base = "/templates/" + std::to_string(s["templates"].size() - 1);
  expectProblem(ps, base + "/mass", "kg", "the computed mass");
  expectProblem(ps, base + "/inertia", "kg m^2", "the computed");
}

TEST(Templates, OverlappingSpheresOfTwoDensitiesAreRefused) {
  Json s = smokeScene();
  Json dense = s["materials"][0];
  dense["name"] = "dense";
  dense["density"] = 2 * dense["density"].get<double>();
  s["materials"].push_back(dense);
  s["templates"][2]["spheres"][1]["material"] = "dense";  // the pair overlaps
  expectProblem(problemsOf(s), "/templates/2", "overlap but have different densities", "share one density");
}

}  // namespace
}  // namespace regolith::test
