// Plausibility: values a scene may legally give but no material or set-up has — the
// signs of a unit slip — are warnings with their pointer (issue 20 item 11), and the
// time-step problem names the property that sets the limit when that property is odd.
#include <string>

#include "core/plausible_values.h"
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

bool anyContains(const std::vector<std::string>& lines, const std::string& a, const std::string& b) {
  for (const std::string& l : lines)
    if (l.find(a) != std::string::npos && l.find(b) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += "  " + l + "\n";
  return out;
}

// A modulus of 5 (meant as 5 GPa or MPa) builds — it is legal — with a warning that
// names the pointer and the units; a sane one gets none.
TEST(Plausibility, ModulusOfFivePascalsIsAWarningWithItsPointer) {
  Json doc = smokeScene();
  doc["materials"][0]["youngs_modulus"] = 5;
  const Scene s = parse(doc.dump());
  EXPECT_TRUE(anyContains(s.warnings, "/materials/0/youngs_modulus: ", "outside what solids have"))
      << joined(s.warnings);
  EXPECT_TRUE(anyContains(s.warnings, "/materials/0/youngs_modulus: ", "5 GPa would be 5e+09 Pa"))
      << joined(s.warnings);
  EXPECT_TRUE(parse(smokeScene().dump()).warnings.empty()) << joined(parse(smokeScene().dump()).warnings);
}

// A density of 2.6 (g/cm³) makes the Rayleigh step 31 times smaller: the time-step problem
// names /materials/0/density and the unit, and does not offer to switch the guard off.
TEST(Plausibility, DensityInGramsPerCubicCentimetreIsNamedByTheTimeStepProblem) {
  Json doc = smokeScene();
  doc["materials"][0]["density"] = 2.6;
  const std::vector<SceneProblem> ps = problemsOf(doc);
  bool named = false;
  for (const SceneProblem& p : ps) {
    if (p.pointer != "/time_step") continue;
    named = p.expected.find("follows from /materials/0/density") != std::string::npos &&
            p.expected.find("2.6 g/cm^3 would be 2600 kg/m^3") != std::string::npos &&
            p.expected.find("allow_large_time_step") == std::string::npos;
  }
  EXPECT_TRUE(named) << listed(ps);
  // The same density with a step that passes the guard: a warning at the density.
  doc["time_step"] = 1e-7;
  Scene s;
  try {
    s = parse(doc.dump());
  } catch (const SceneError& e) {
    FAIL() << e.what();
  }
  EXPECT_TRUE(anyContains(s.warnings, "/materials/0/density: ", "outside what solids have")) << joined(s.warnings);
}

// A wheel of radius 10 (meant as 10 mm) over a bed 7 cm across: the body is flagged with
// its pointer and its size against the grains' region, also when the scene is refused for
// what that size causes (the wheel then overlaps the bed).
TEST(Plausibility, BodyFarLargerThanTheGrainsIsFlagged) {
  Json doc = Json::parse(readText(kSourceDir + "/studies/single_wheel/single_wheel.smoke.json"));
  doc["bodies"][2]["shape"]["radius"] = 10;
  const std::string dir = kSourceDir + "/studies/single_wheel";
  try {
    parse(doc.dump(), dir);
    FAIL() << "a 20 m wheel in a 7 cm bed was accepted";
  } catch (const SceneError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("scene.json: warning: /bodies/2: body \"wheel\" is 20 m across"), std::string::npos) << text;
    EXPECT_NE(text.find("times the grains' region"), std::string::npos) << text;
  }
  // Lifted clear of the bed, the scene builds and keeps the warning.
  doc["bodies"][2]["shape"]["translate"] = {0, 0, 10.1};
  const Scene s = parse(doc.dump(), dir);
  EXPECT_TRUE(anyContains(s.warnings, "/bodies/2: ", "lengths are in metres")) << joined(s.warnings);
}

// The ranges themselves, at their edges: real materials inside, unit slips outside.
TEST(Plausibility, RangesHoldRealMaterialsAndRefuseUnitSlips) {
  Material m;
  m.youngsModulus = 7e10, m.density = 2650;  // quartz
  EXPECT_TRUE(implausibleMaterialValues(m).empty());
  m.youngsModulus = 1e6, m.density = 1500;  // a DEM-softened grain of a porous rock
  EXPECT_TRUE(implausibleMaterialValues(m).empty());
  m.density = 0;  // a wall without density: not checked
  EXPECT_TRUE(implausibleMaterialValues(m).empty());
  m.density = 2.65;  // g/cm^3
  ASSERT_EQ(implausibleMaterialValues(m).size(), 1u);
  EXPECT_EQ(implausibleMaterialValues(m)[0].key, "density");
  m.density = 2650, m.youngsModulus = 70;  // GPa
  ASSERT_EQ(implausibleMaterialValues(m).size(), 1u);
  EXPECT_EQ(implausibleMaterialValues(m)[0].key, "youngs_modulus");
  m.youngsModulus = 7e16;  // Pa given as mPa, or a typo
  EXPECT_EQ(implausibleMaterialValues(m).size(), 1u);
}

}  // namespace
}  // namespace regolith
