// Scene text a parser must refuse before it builds anything (issue 41 item 9): nesting
// deep enough to overflow a recursive walk, a key given twice, a NUL byte with more text
// after it, a FIFO where a file should be. Each used to crash, hang or pass silently.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/child_process.h"
#include "tests/support/scene_test_support.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

using namespace regolith::test;
namespace fs = std::filesystem;

TEST(SceneTextLimits, NestingDeeperThanTheBoundIsOneProblem) {
  // 200,000 levels killed `regolith check` with SIGSEGV (a recursive copy of the document).
  const std::size_t depth = 200000;
  const std::string text = std::string(depth, '[') + std::string(depth, ']');
  const auto ps = problemsOfText(text);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "/0", "nested more than 512 levels deep", "at most 512 levels");
  // The bound is the bound: 512 levels inside the scene object are read (and refused for
  // their meaning, not their depth), 513 are not.
  Json s = smokeScene();
  std::string deep = s.dump();
  deep.insert(deep.size() - 1, ", \"x\": " + std::string(511, '[') + std::string(511, ']'));
  for (const SceneProblem& p : problemsOfText(deep)) EXPECT_EQ(p.found.find("nested more than"), std::string::npos);
  std::string deeper = s.dump();
  deeper.insert(deeper.size() - 1, ", \"x\": " + std::string(512, '[') + std::string(512, ']'));
  expectProblem(problemsOfText(deeper), "/x", "nested more than 512", "at most 512");
}

TEST(SceneTextLimits, TheCheckCommandRefusesADeepSceneWithExitTwo) {
  const fs::path dir = scratchDir("scene_text_deep_");
  fs::create_directories(dir);
  const std::size_t depth = 200000;
  std::ofstream(dir / "deep.json") << std::string(depth, '[') + std::string(depth, ']');
  EXPECT_EQ(runRegolith({"check", (dir / "deep.json").string()}, dir / "check.log"), kSceneErrorExitCode);
  EXPECT_NE(readText(dir / "check.log").find("nested more than 512 levels deep"), std::string::npos)
      << readText(dir / "check.log");
}

TEST(SceneTextLimits, AKeyGivenTwiceIsRefusedWithItsPointer) {
  // nlohmann keeps the last of two equal keys; the first was silently ignored.
  std::string text = smokeScene().dump(1);
  const std::size_t at = text.find("\"density\"");
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "\"density\": 1000, ");
  const auto ps = problemsOfText(text);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "/materials/0/density", "the key \"density\" a second time", "each key once per object");
}

TEST(SceneTextLimits, ANulByteEndsNothing) {
  // nlohmann stops at a NUL byte, so text after one was never read.
  const std::string text = smokeScene().dump(1) + std::string(1, '\0') + "{\"garbage\": true}";
  const auto ps = problemsOfText(text);
  ASSERT_EQ(ps.size(), 1u) << listed(ps);
  expectProblem(ps, "", "a NUL byte", "a JSON document");
}

TEST(SceneTextLimits, AFifoIsRefusedWithoutWaitingForAWriter) {
  // Opening a FIFO for reading blocks until something writes to it: `regolith check` hung.
  const fs::path dir = scratchDir("scene_text_fifo_");
  fs::create_directories(dir);
  const fs::path fifo = dir / "scene.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  try {
    loadScene(fifo.string());
    FAIL() << "accepted";
  } catch (const SceneError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].found, "not a regular file (a folder, a FIFO or a device)");
  }
  EXPECT_EQ(runRegolith({"info", fifo.string()}, dir / "info.log"), 2) << readText(dir / "info.log");
  EXPECT_NE(readText(dir / "info.log").find("not a regular file"), std::string::npos) << readText(dir / "info.log");
}

}  // namespace
}  // namespace regolith
