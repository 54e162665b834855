// BedSourceOps (families): a bed source with "keep_families" puts each particle in the
// scene's family of the name it had in the earlier run (a glued base layer stays glued,
// whatever id the scene gives that family), and the mistakes are refused at their
// pointers: a family the scene lacks, and "keep_families" beside "family".
#include <algorithm>

#include "io/run_file/run_file.h"
#include "tests/support/bed_source_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

// Two layers of 1 mm spheres on a floor: the lower one (z = 1.5 mm) in the family "glued"
// (held fixed), the upper one (z = 4.5 mm) free.
Json layeredScene() {
  Json s = twoLayerScene();
  s["families"] = Json::parse(R"([{"name": "glued", "phases": [{"start": 0, "translation": ["fixed", "fixed", "fixed"],
                                                                "rotation": ["fixed", "fixed", "fixed"]}]}])");
  // The lower layer (z = 1.5 mm) alone joins "glued".
  Json lower = s["sources"][0], upper = s["sources"][0];
  lower["hi"][2] = 0.0016;
  lower["family"] = "glued";
  upper["lo"][2] = 0.0045;
  s["sources"] = Json::array({lower, upper});
  return s;
}

// The layered scene run by the real binary (once per test process): its run.h5.
const std::string& layeredBed() {
  static const std::string bed = runOfScene("regolith_family_source_", layeredScene());
  return bed;
}

// A scene of the layered bed's grains with the source keys `keys` and `families` defined.
Json reloaded(const Json& keys, const Json& families) {
  Json s = layeredScene();
  if (families.empty()) s.erase("families");
  else s["families"] = families;
  s["sources"] = Json::array({{{"kind", "bed"}, {"file", layeredBed()}}});
  s["sources"][0].update(keys);
  return s;
}

const Json kFixed = Json::parse(R"({"start": 0, "translation": ["fixed", "fixed", "fixed"],
                                    "rotation": ["fixed", "fixed", "fixed"]})");

TEST(BedSourceOps, KeepFamiliesJoinsEachParticleToItsFamilyByName) {
  // "glued" is the scene's second family here (id 2), the run's first (id 1): by name.
  const Json families = Json::array(
      {{{"name", "other"}, {"phases", Json::array({kFixed})}}, {{"name", "glued"}, {"phases", Json::array({kFixed})}}});
  const Scene s = parse(reloaded({{"keep_families", true}}, families).dump());
  const RunFileReader run(layeredBed());
  const FrameData f = run.frame(run.frameCount() - 1);
  ASSERT_EQ(run.header().familyNames, (std::vector<std::string>{"free", "glued"}));
  std::vector<Index> stored;  // per particle of the earlier run: the family's name -> our id
  for (std::size_t o = 0; o < f.state.ownerCount(); ++o)
    if (f.ownerTemplate[o] >= 0) stored.push_back(f.state.ownerFamily[o] == 1 ? 2 : 0);
  std::vector<Index> ours;
  for (std::size_t o = 0; o < s.ownerTemplate.size(); ++o)
    if (s.ownerTemplate[o] >= 0) ours.push_back(s.initial.ownerFamily[o]);
  ASSERT_EQ(ours.size(), 32u);  // two layers of 4 x 4
  EXPECT_EQ(ours, stored);
  EXPECT_EQ(std::count(ours.begin(), ours.end(), Index(2)), 16);

  // Without the key, every particle is free (the default family), as before.
  const Scene plain = parse(reloaded(Json::object(), families).dump());
  for (std::size_t o = 0; o < plain.ownerTemplate.size(); ++o) {
    if (plain.ownerTemplate[o] >= 0) {
      EXPECT_EQ(plain.initial.ownerFamily[o], 0);
    }
  }
}

TEST(BedSourceOps, KeepFamiliesNeedsTheFamiliesAndNoFamilyBesideIt) {
  expectProblem(problemsOf(reloaded({{"keep_families", true}}, Json::array())), "/sources/0/keep_families",
                "the family \"glued\"", "a family \"glued\" in this scene's \"families\"");
  const Json glued = Json::array({{{"name", "glued"}, {"phases", Json::array({kFixed})}}});
  expectProblem(problemsOf(reloaded({{"keep_families", true}, {"family", "glued"}}, glued)), "/sources/0/keep_families",
                "beside \"family\"", "one of the two");
}

}  // namespace
}  // namespace regolith
