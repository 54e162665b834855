// ReadmeNumbers: the README's figures about the demo scene are the scene's own — the grain
// and sphere counts and the simulated time of the quick start's paragraph — so they cannot
// go stale silently when the demo changes (issue 20 item 12).
#include <regex>
#include <string>

#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

long readmeNumber(const std::string& digits) {
  std::string plain;
  for (char c : digits)
    if (c != ',') plain += c;
  return std::stol(plain);
}

TEST(ReadmeNumbers, DemoSizeAndDurationAreTheDemoScenes) {
  const std::string readme = readText(kSourceDir + "/README.md");
  std::smatch m;
  const std::regex sentence(
      R"(regolith run scenes/demo/demo\.json --out runs/demo`: ([0-9,]+) grains\s+\(([0-9,]+) spheres\)[^.]*?([0-9.]+) s of simulated time)");
  ASSERT_TRUE(std::regex_search(readme, m, sentence)) << "the quick start's sentence about the demo is gone";
  const Scene s = loadScene(kDemoDir + "/demo.json");
  long grains = 0;
  for (Index t : s.ownerTemplate) grains += t >= 0 ? 1 : 0;
  EXPECT_EQ(readmeNumber(m[1].str()), grains);
  EXPECT_EQ(readmeNumber(m[2].str()), long(s.initial.sphereCount()));
  EXPECT_NEAR(std::stod(m[3].str()), s.endTime, 1e-9);
}

}  // namespace
}  // namespace regolith
