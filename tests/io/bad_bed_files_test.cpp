// A bed (a frame of an earlier run.h5) that is damaged is refused at the scene's source
// with the file, the frame's dataset and row and what was expected; `regolith check`
// exits 2 (issue 20 item 6): an owner_template past the templates was a SIGSEGV in
// matchingTemplate, a frame without sphere_position exit 3 with no pointer, a NaN
// position accepted.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>

#include "io/h5/h5_file.h"
#include "tests/support/json_file.h"
#include "tests/support/bed_source_support.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

// A copy of the earlier run with its last frame changed by `damage`; then `regolith check`
// of the bed scene reading it: the exit status, and the output in `message`.
int checkDamagedBed(const std::string& name, const std::function<void(const h5::Group&)>& damage,
                    std::string& message) {
  const fs::path dir = test::scratchDir("regolith_bad_bed_" + name + "_");
  fs::create_directories(dir);
  const fs::path copy = dir / "run.h5";
  fs::copy_file(test::earlierRun() / "run.h5", copy);
  {
    const h5::File file = h5::File::openReadWrite(copy.string());
    const h5::Group frames = file.open("frames");
    damage(frames.open(frames.children().back()));
  }
  test::Json scene = test::bedScene(-1);
  scene["sources"][0]["file"] = copy.string();
  std::ofstream(dir / "scene.json") << scene.dump(1);
  const int rc = test::runRegolith({"check", (dir / "scene.json").string()}, dir / "check.log");
  message = test::readText(dir / "check.log");
  return rc;
}

// Replaces dataset `name` of frame `g` by its values with `change` applied.
template <class T>
void rewrite(const h5::Group& g, const std::string& name, const std::function<void(std::vector<T>&)>& change) {
  std::vector<hsize_t> dims;
  std::vector<T> values = g.read<T>(name, &dims);
  change(values);
  g.remove(name);
  g.write(name, values, dims);
}

TEST(BadBedFiles, OwnerTemplateOutOfRangeIsRefusedWithItsRow) {
  std::string message;
  const int rc = checkDamagedBed(
      "template",
      [](const h5::Group& g) { rewrite<Index>(g, "owner_template", [](std::vector<Index>& t) { t[1] = 1000; }); },
      message);
  EXPECT_EQ(rc, 2) << message;
  EXPECT_NE(message.find("/sources/0/file"), std::string::npos) << message;
  EXPECT_NE(message.find("owner_template row 1: 1000, expected -1 (a body) or a template index"), std::string::npos)
      << message;
}

TEST(BadBedFiles, FrameWithoutSpherePositionIsASceneProblem) {
  std::string message;
  const int rc = checkDamagedBed(
      "missing", [](const h5::Group& g) { g.remove("sphere_position"); }, message);
  EXPECT_EQ(rc, 2) << message;
  EXPECT_NE(message.find("/sources/0/file"), std::string::npos) << message;
  EXPECT_NE(message.find("sphere_position: not found"), std::string::npos) << message;
}

TEST(BadBedFiles, NanPositionIsRefusedWithItsRow) {
  std::string message;
  const int rc = checkDamagedBed(
      "nan",
      [](const h5::Group& g) {
        rewrite<double>(g, "owner_position", [](std::vector<double>& x) { x[3 * 2 + 1] = NAN; });
      },
      message);
  EXPECT_EQ(rc, 2) << message;
  EXPECT_NE(message.find("/sources/0/file"), std::string::npos) << message;
  EXPECT_NE(message.find("owner_position row 2: not finite, expected a finite number"), std::string::npos) << message;
}

// A frame's contacts index its spheres: a pair naming a sphere the frame does not have is
// refused with its row (the bed's earlier run stores no contacts, so they are added here).
TEST(BadBedFiles, ContactPairPastTheSpheresIsRefusedWithItsRow) {
  std::string message;
  const int rc = checkDamagedBed(
      "contact",
      [](const h5::Group& g) {
        g.setAttribute("has_contacts", std::int64_t(1));
        g.write("contact_pair", std::vector<Index>{0, 1, 2, 1000000}, {2, 2});
        g.write("contact_force", std::vector<Real>(6, Real(0.1)), {2, 3});
        g.write("wall_contact", std::vector<Index>(), {0, 2});
        g.write("wall_contact_force", std::vector<Real>(), {0, 3});
      },
      message);
  EXPECT_EQ(rc, 2) << message;
  EXPECT_NE(message.find("/sources/0/file"), std::string::npos) << message;
  EXPECT_NE(message.find("contact_pair row 1: (2, 1000000), expected a sphere index 0.."), std::string::npos)
      << message;
}

// step = 2^62 in a frame at a time of a second or so: the step and the time disagree.
TEST(BadBedFiles, StepThatDisagreesWithTheTimeIsRefused) {
  std::string message;
  const int rc = checkDamagedBed(
      "step", [](const h5::Group& g) { g.setAttribute("step", std::uint64_t(1) << 62); }, message);
  EXPECT_EQ(rc, 2) << message;
  EXPECT_NE(message.find("/sources/0/file"), std::string::npos) << message;
  EXPECT_NE(message.find("step attribute: 4611686018427387904, expected the frame's time over the time step"),
            std::string::npos)
      << message;
}

}  // namespace
}  // namespace regolith
