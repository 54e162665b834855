// Bad mesh files are refused before VTK reads them, naming the file and where in it, and a
// scene using one exits 2 (issue 20 item 6): random bytes as .stl (VTK reserved memory
// for the count in its header, 27 GB, and aborted), a header that claims more facets
// than the body holds (accepted), OBJ vertices nan, inf or 1e999 (accepted).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "tests/support/child_process.h"
#include "io/mesh/mesh_import.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

fs::path folder() {
  static const fs::path d = [] {
    const fs::path p = test::scratchDir("regolith_bad_mesh_files_");
    fs::create_directories(p);
    return p;
  }();
  return d;
}

std::string bytesFile(const std::string& name, const std::string& bytes) {
  const std::string path = (folder() / name).string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// The message readMesh throws for `path` ("accepted" if it reads it).
std::string refusal(const std::string& path) {
  try {
    readMesh(path);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

// `regolith check` of the smoke scene with `mesh` as one more body: its exit status, and
// its output in `message`.
int checkWithMesh(const std::string& mesh, std::string& message) {
  test::Json s = test::smokeScene();
  s["bodies"].push_back({{"name", "m"}, {"material", "steel"}, {"shape", {{"kind", "mesh"}, {"file", mesh}}}});
  const fs::path scene = folder() / ("with_" + fs::path(mesh).stem().string() + ".json");
  std::ofstream(scene) << s.dump(1);
  const fs::path log = scene.string() + ".log";
  const int rc = test::runRegolith({"check", scene.string()}, log);
  message = test::readText(log);
  return rc;
}

// A binary STL: the 80-byte header, the announced count, then `facets` facets of 50 bytes.
std::string binaryStl(std::uint32_t announced, std::size_t facets) {
  std::string bytes(80, ' ');
  for (int k = 0; k < 4; ++k) bytes += static_cast<char>((announced >> (8 * k)) & 0xff);
  const float corners[12] = {0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0};
  for (std::size_t f = 0; f < facets; ++f) {
    bytes.append(reinterpret_cast<const char*>(corners), sizeof corners);
    bytes += std::string(2, '\0');
  }
  return bytes;
}

TEST(BadMeshFiles, RandomBytesAsStlAreRefusedBeforeVtkReadsThem) {
  // 134 bytes: 84 + one facet's 50, so the size alone looks right; the count is random.
  std::mt19937 random(20);
  std::string bytes;
  for (int i = 0; i < 134; ++i) bytes += static_cast<char>(random() & 0xff);
  bytes[0] = '\x01';  // not "solid": VTK's binary reader
  const std::string path = bytesFile("random.stl", bytes);
  const std::string e = refusal(path);
  EXPECT_NE(e.find(path + ": bytes 80-83: the header announces"), std::string::npos) << e;
  EXPECT_NE(e.find("expected 1"), std::string::npos) << e;
  std::string message;
  EXPECT_EQ(checkWithMesh(path, message), 2) << message;
  EXPECT_NE(message.find("/bodies/1/shape"), std::string::npos) << message;
}

TEST(BadMeshFiles, StlHeaderClaimingMoreFacetsThanTheBodyHoldsIsRefused) {
  const std::string path = bytesFile("claims.stl", binaryStl(10000000, 1));
  const std::string e = refusal(path);
  EXPECT_NE(e.find("announces 10000000 facets, expected 1"), std::string::npos) << e;
  EXPECT_EQ(refusal(bytesFile("honest.stl", binaryStl(1, 1))), "accepted");
}

TEST(BadMeshFiles, ObjVerticesNotFiniteAreRefusedWithTheirLine) {
  for (const std::string coordinate : {"nan", "inf", "-inf", "1e999"}) {
    SCOPED_TRACE(coordinate);
    const std::string path = bytesFile("v_" + coordinate + ".obj",
                                       "v 0 0 0\nv 1 0 0\nv 0 " + coordinate + " 0\nf 1 2 3\n");
    const std::string e = refusal(path);
    EXPECT_NE(e.find(path + ": line 3: coordinate 2 is '" + coordinate + "', expected a finite number"),
              std::string::npos)
        << e;
  }
  std::string message;
  EXPECT_EQ(checkWithMesh((folder() / "v_nan.obj").string(), message), 2) << message;
  EXPECT_NE(message.find("/bodies/1/shape"), std::string::npos) << message;
  EXPECT_NE(message.find("line 3"), std::string::npos) << message;
}

}  // namespace
}  // namespace regolith
