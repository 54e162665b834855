// SceneValidation, good input and robustness: the example scenes (and the examples of
// docs/scene-format.md) load and build what they ask for, reproduce from their seed;
// mangled scenes never crash the loader; `regolith check` exits 2 with the pointer on
// stderr.
#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <set>

#include "scenes/schema.h"
#include "tests/support/scene_test_support.h"
#include "clumps/union_mass_properties.h"

namespace regolith {
namespace {

using namespace regolith::test;

// Every scene under scenes/ (the docs' examples included) passes validation; sweep files
// beside them (*.sweep.json, docs/batch.md) are checked by the Batch suite, terrain files
// of robot studies (*.terrain.json, docs/robots.md) by the robots suite, model files that
// `regolith fit` wrote (*.model.json) are not scenes, and neither is the scene schema
// itself (scenes/scene.base.schema.json).
bool endsWith(const std::string& name, const std::string& suffix) {
  return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<std::string> exampleScenes() {
  std::vector<std::string> out;
  for (const char* folder : {"/scenes", "/studies"})  // the studies' scenes are in their folders
    for (const auto& e : std::filesystem::recursive_directory_iterator(kSourceDir + folder)) {
      const std::string name = e.path().filename().string();
      const bool sceneFile = !endsWith(name, ".sweep.json") && !endsWith(name, ".schema.json") &&
                             !endsWith(name, ".terrain.json") && !endsWith(name, ".model.json");
      if (e.path().extension() == ".json" && sceneFile) out.push_back(e.path().string());
    }
  std::sort(out.begin(), out.end());
  return out;
}

// A GPU-scale scene (over a million rained particles: studies/plate_intrusion/plate_intrusion.json
// takes minutes and gigabytes to place them) is built here with its rain counts divided by
// 1000, so everything but the counts is checked; the counts themselves pass the schema.
constexpr std::size_t kGpuScale = 1000000;

std::size_t declaredParticles(const Json& doc) {
  std::size_t n = 0;
  for (const Json& src : doc.value("sources", Json::array())) n += src.value("count", 0u);
  return n;
}

// The scene at `path` as the tests build it: its own text, or for a GPU-scale scene the
// text with the rain counts divided by 1000.
std::string testedText(const std::string& path) {
  const std::string text = readText(path);
  Json doc = Json::parse(text);
  if (declaredParticles(doc) <= kGpuScale) return text;
  for (Json& src : doc["sources"])
    if (src.contains("count")) src["count"] = src["count"].get<std::size_t>() / 1000;
  return doc.dump(1);
}

TEST(SceneValidation, ExampleScenesLoad) {
  const auto scenes = exampleScenes();
  ASSERT_GE(scenes.size(), 2u);
  for (const std::string& path : scenes) {
    SCOPED_TRACE(path);
    const Json original = Json::parse(readText(path));
    EXPECT_TRUE(scene::schemaProblems(original).empty()) << listed(scene::schemaProblems(original));
    const Json doc = Json::parse(testedText(path));
    const std::string dir = std::filesystem::path(path).parent_path().string();
    Scene s;
    ASSERT_NO_THROW(s = parseScene(doc.dump(), path, dir));
    // Owners: one per moving body and one per rained particle (a lattice's count follows
    // from its region, so a scene with one is only held to more owners than bodies).
    std::size_t owners = 0;
    bool countsKnown = true;
    for (const Json& b : doc.value("bodies", Json::array())) owners += b.contains("family") ? 1 : 0;
    for (const Json& src : doc.value("sources", Json::array())) {
      owners += src.value("count", 0u);
      countsKnown = countsKnown && src["kind"] == "rain";
    }
    if (countsKnown) EXPECT_EQ(s.initial.ownerCount(), owners);
    else EXPECT_GT(s.initial.ownerCount(), owners);
    std::size_t spheres = 0;
    for (Index t : s.ownerTemplate) spheres += t < 0 ? 0 : s.templates[t].radii.size();
    EXPECT_EQ(s.initial.sphereCount(), spheres);
    EXPECT_EQ(s.bodies.size(), doc.value("bodies", Json::array()).size());
    // No shipped scene looks like a unit slip (core/plausible_values.h).
    for (const std::string& w : s.warnings)
      EXPECT_TRUE(w.find("outside what solids have") == std::string::npos &&
                  w.find("times the grains' region") == std::string::npos)
          << w;
  }
}

// The ```json examples of docs/scene-format.md: a complete scene loads as it is; a
// fragment replaces its keys in the smoke scene. (```json bed blocks show what is not
// supported yet.)
TEST(SceneValidation, DocumentationExamplesLoad) {
  std::istringstream doc(readText(kSourceDir + "/docs/scene-format.md"));
  std::string line, block;
  bool inBlock = false;
  int examples = 0;
  for (int number = 1; std::getline(doc, line); ++number) {
    if (!inBlock && line == "```json") {
      inBlock = true;
      block.clear();
    } else if (inBlock && line == "```") {
      inBlock = false;
      SCOPED_TRACE("example ending at docs/scene-format.md:" + std::to_string(number));
      const Json fragment = Json::parse(block);
      Json scene = fragment;
      if (!fragment.contains("materials") || !fragment.contains("time_step")) {
        scene = smokeScene();
        scene.update(fragment);
      }
      try {
        parse(scene.dump());
      } catch (const SceneError& e) {
        ADD_FAILURE() << e.what();
      }
      ++examples;
    } else if (inBlock) {
      block += line + "\n";
    }
  }
  EXPECT_GE(examples, 20);
}

// Every key the schema knows is named in docs/scene-format.md (as `key`).
void collectKeys(const Json& schema, std::set<std::string>& keys) {
  if (schema.is_object()) {
    if (schema.contains("properties") && schema["properties"].is_object())
      for (const auto& [key, sub] : schema["properties"].items()) {
        (void)sub;
        keys.insert(key);
      }
    for (const auto& [key, sub] : schema.items()) {
      (void)key;
      collectKeys(sub, keys);
    }
  } else if (schema.is_array()) {
    for (const Json& sub : schema) collectKeys(sub, keys);
  }
}

TEST(SceneValidation, DocumentationNamesEverySchemaKey) {
  std::set<std::string> keys;
  collectKeys(scene::schemaDocument(), keys);  // the composed schema: base and every study's
  const std::string doc = readText(kSourceDir + "/docs/scene-format.md");
  ASSERT_GT(keys.size(), 50u);
  for (const std::string& key : keys)
    EXPECT_NE(doc.find("`" + key + "`"), std::string::npos) << key << " is not documented";
}

TEST(SceneValidation, SmokeSceneBuildsWhatItAsksFor) {
  const Scene s = loadScene(kDemoDir + "/demo.smoke.json");
  // One drum body (owner 0, no spheres) and 200 rained clumps.
  ASSERT_EQ(s.initial.ownerCount(), 201u);
  ASSERT_EQ(s.ownerTemplate.size(), 201u);
  EXPECT_EQ(s.ownerTemplate[0], -1);
  ASSERT_EQ(s.templates.size(), 3u);
  std::size_t spheres = 0;
  std::vector<int> perTemplate(3, 0);
  for (std::size_t o = 1; o < s.ownerTemplate.size(); ++o) {
    spheres += s.templates[s.ownerTemplate[o]].radii.size();
    ++perTemplate[s.ownerTemplate[o]];
  }
  EXPECT_EQ(s.initial.sphereCount(), spheres);
  // Weights 0.3 / 0.5 / 0.2 of 200 (coarse, fine, pair).
  EXPECT_NEAR(perTemplate[0], 60, 20);
  EXPECT_NEAR(perTemplate[1], 100, 25);
  EXPECT_NEAR(perTemplate[2], 40, 18);
  EXPECT_EQ(s.familyNames, (std::vector<std::string>{"free", "drum"}));
  EXPECT_EQ(s.initial.ownerFamily[0], 1);
  EXPECT_EQ(s.initial.ownerFamily[1], 0);
  ASSERT_EQ(s.bodies.size(), 1u);
  EXPECT_EQ(s.bodies[0].name, "drum");
  EXPECT_EQ(s.bodies[0].owner, 0);
  EXPECT_EQ(s.bodies[0].boundaries, (std::vector<std::size_t>{0, 1, 2}));  // shell and caps
  for (const BoundaryPrimitive& b : s.model.boundaries) EXPECT_EQ(b.owner, 0);
  EXPECT_EQ(s.model.families.size(), 2u);
  ASSERT_EQ(s.model.families[1].phases.size(), 2u);
  EXPECT_DOUBLE_EQ(s.model.families[1].phases[1].start, 0.05);  // the "spin" run phase
  EXPECT_DOUBLE_EQ(s.endTime, 0.1);
  EXPECT_EQ(sceneSteps(s), 2857u);  // 0.1 s / 3.5e-5 s
  EXPECT_NEAR(s.model.gravity.z, -9.81, 1e-6);
  EXPECT_EQ(s.seed, 42u);
  EXPECT_DOUBLE_EQ(s.output.frameInterval, 0.01);
  EXPECT_FALSE(s.rngState.empty());
  EXPECT_FALSE(s.text.empty());
  // Particles inside the drum (radius 25 mm about the x axis, 40 mm long).
  for (std::size_t o = 1; o < s.initial.ownerCount(); ++o) {
    const Vec3d& p = s.initial.ownerPosition[o];
    EXPECT_LT(std::hypot(p.y, p.z), 0.025 - 0.0015);
    EXPECT_LT(std::fabs(p.x), 0.02 - 0.0015);
  }
}

TEST(SceneValidation, TwoSphereClumpMassProperties) {
  const Scene s = loadScene(kDemoDir + "/demo.smoke.json");
  const ClumpTemplate& pair = s.templates[2];  // two r = 1.5 mm spheres 2 mm apart along x
  // The union: two spheres less their lens, V_lens = pi (2r - d)^2 (d^2 + 4 d r) / (12 d).
  const double r = 0.0015, d = 0.002, ball = 4.0 / 3.0 * M_PI * r * r * r;
  const double lens = M_PI * (2 * r - d) * (2 * r - d) * (d * d + 4 * d * r) / (12 * d);
  const double m = (2 * ball - lens) * 2500;
  EXPECT_NEAR(pair.mass, m, kDefaultMassTolerance * m);         // the default bound on the volume
  EXPECT_LT(pair.principalInertia.x, pair.principalInertia.y);  // the long axis is x
  EXPECT_NEAR(pair.principalInertia.z, pair.principalInertia.y, 1e-3 * pair.principalInertia.y);
  EXPECT_NEAR(pair.offsets[0].x + pair.offsets[1].x, 0, 1e-6 * r);  // about the centre of mass
}

// A clump file of data/clumps/ named without a folder; three spheres on a triangle in xy.
TEST(SceneValidation, ClumpFileFromDataFolder) {
  Json s = smokeScene();
  s["templates"].push_back({{"name", "tri"}, {"file", "triangle_1mm.json"}, {"material", "grain"}});
  s["sources"][0]["templates"].push_back({{"template", "tri"}});
  s["time_step"] = 2e-5;  // 1 mm spheres: a finer step
  const Scene scene = parse(s.dump());
  const ClumpTemplate& t = scene.templates.back();
  ASSERT_EQ(t.radii.size(), 3u);
  // The union of the three overlapping spheres (ClumpMassProperties and MassProperties
  // test the integration): lighter than three spheres, centred, threefold symmetric.
  const double r = 0.001, m = 4.0 / 3.0 * M_PI * r * r * r * 2500;
  EXPECT_LT(t.mass, 3 * m);
  std::vector<ClumpSphere> spheres;
  for (std::size_t i = 0; i < 3; ++i) spheres.push_back({t.offsets[i], t.radii[i], 0, 2500});
  const MassProperties p = unionMassProperties(spheres);
  EXPECT_NEAR(t.mass, p.mass, 2 * p.massErrorBound + 1e-12 * m);  // both within their bounds
  EXPECT_LE(norm(p.centre), p.centreErrorBound + 1e-15);
  // In-plane moments equal (to the file's 3-digit offsets and the integration bound).
  const Vec3d& I = t.principalInertia;
  EXPECT_NEAR(I.x, I.y, 1e-4 * I.x + 2 * p.inertiaErrorBound);
  EXPECT_GT(I.z, I.x);

  s["templates"].back()["file"] = "no_such_clump.json";
  expectProblem(problemsOf(s), "/templates/3/file", "no readable clump file", "data/clumps/");
}

TEST(SceneValidation, ClumpFileProblemsNameTheFile) {
  const std::string path = testing::TempDir() + "/scene_validation_clump.json";
  std::ofstream(path) << R"({"spheres": [{"radius": -0.001, "colour": "red"}]})";
  Json s = smokeScene();
  s["templates"][0]["file"] = path;
  const auto ps = problemsOf(s);
  expectProblem(ps, "/templates/0/file", "in " + path + " at \"/spheres/0/radius\": -0.001", "a number > 0");
  expectProblem(ps, "/templates/0/file", "at \"/spheres/0/colour\": unknown key", "offset, radius");
}

// Two builds of a scene side by side: same seed, same initial state.
bool sameInitialState(const Scene& a, const Scene& b) {
  const StateArrays &x = a.initial, &y = b.initial;
  if (x.ownerCount() != y.ownerCount() || a.ownerTemplate != b.ownerTemplate) return false;
  for (std::size_t o = 0; o < x.ownerCount(); ++o) {
    const Quat &p = x.ownerOrientation[o], &q = y.ownerOrientation[o];
    if (!(x.ownerPosition[o].x == y.ownerPosition[o].x && x.ownerPosition[o].y == y.ownerPosition[o].y &&
          x.ownerPosition[o].z == y.ownerPosition[o].z && p.w == q.w && p.x == q.x && p.y == q.y && p.z == q.z))
      return false;
  }
  return a.rngState == b.rngState;
}

TEST(SceneValidation, SeedReproducesInitialState) {
  Json s = smokeScene();
  const Scene a = parse(s.dump()), b = parse(s.dump());
  EXPECT_TRUE(sameInitialState(a, b));
  s["seed"] = 43;
  const Scene c = parse(s.dump());
  EXPECT_FALSE(sameInitialState(a, c));
}

// Mangled copies of the example scenes: truncated at many lengths, single bits flipped.
// Each must load or be refused with a SceneError: no other exception, no crash (the
// sanitizer build runs this too).
TEST(SceneValidation, FuzzedScenesAreRefusedCleanly) {
  std::mt19937_64 rng(20261201);
  int refused = 0, loaded = 0;
  for (const std::string& path : exampleScenes()) {
    const std::string text = testedText(path);
    const std::string dir = std::filesystem::path(path).parent_path().string();
    // The full-size demo rains thousands of grains per load: fewer cases for it.
    const int cases = text.size() > 0 && path.find("smoke") != std::string::npos ? 200 : 40;
    for (int k = 0; k < 2 * cases; ++k) {
      std::string mangled = text;
      if (k < cases) {
        mangled.resize(text.size() * k / cases);  // truncation
      } else {
        const std::size_t bit = rng() % (text.size() * 8);
        mangled[bit / 8] = char(mangled[bit / 8] ^ (1 << (bit % 8)));
      }
      try {
        parseScene(mangled, "fuzz.json", dir);
        ++loaded;
      } catch (const SceneError& e) {
        ++refused;
        EXPECT_FALSE(e.problems().empty());
      } catch (const std::exception& e) {
        ADD_FAILURE() << path << " case " << k << ": " << e.what();
      }
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(loaded, 0);  // flips inside descriptions or names change nothing that matters
}

// The real binary: exit code 2 and the pointer on stderr; 0 and the summary for a good scene.
TEST(SceneValidation, CheckCommandExitsWithTwo) {
  const std::string dir = testing::TempDir();
  const std::string bad = dir + "/scene_validation_bad.json", err = dir + "/scene_validation_err.txt",
                    out = dir + "/scene_validation_out.txt";
  Json s = smokeScene();
  s["materials"][0]["restitution"] = 1.5;
  for (auto& t : s["templates"])
    if (t.contains("file")) t["file"] = kSourceDir + "/data/clumps/" + t["file"].get<std::string>();
  std::ofstream(bad) << s.dump(1);
  const std::string binary = REGOLITH_BINARY;
  int status = std::system((binary + " check " + bad + " > " + out + " 2> " + err).c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), kSceneErrorExitCode);
  EXPECT_NE(readText(err).find(bad + ": /materials/0/restitution: found 1.5, expected a number <= 1"), std::string::npos)
      << readText(err);

  const std::string good = kDemoDir + "/demo.smoke.json";
  status = std::system((binary + " check " + good + " > " + out + " 2> " + err).c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << readText(err);
  EXPECT_NE(readText(out).find("OK (201 owners, "), std::string::npos) << readText(out);

  status = std::system((binary + " check " + dir + "/no_such_scene.json > " + out + " 2> " + err).c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), kSceneErrorExitCode);
  EXPECT_NE(readText(err).find("no such file or not readable"), std::string::npos);

  // A schema that cannot be read is the installation's fault, not the scene's: status 3.
  status = std::system(
      ("REGOLITH_SCHEMA=" + dir + "/no_such_schema.json " + binary + " check " + good + " > " + out + " 2> " + err)
          .c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 3);
  EXPECT_NE(readText(err).find("cannot read the scene schema"), std::string::npos) << readText(err);
}

}  // namespace
}  // namespace regolith
