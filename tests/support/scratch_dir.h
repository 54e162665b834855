// Folders the whole-program tests write into: fresh, unique to the test process (ctest
// runs tests side by side), and removed with their "<folder>.log" when the process ends
// if every test passed; a failed run keeps them, since its messages point at the logs.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace regolith::test {

class ScratchDirs {
 public:
  static ScratchDirs& instance() {
    static ScratchDirs dirs;
    return dirs;
  }
  void add(const std::filesystem::path& p) { m_paths.push_back(p); }
  ~ScratchDirs() {
    if (!::testing::UnitTest::GetInstance()->Passed()) return;
    std::error_code ignored;
    for (const std::filesystem::path& p : m_paths) {
      std::filesystem::remove_all(p, ignored);
      std::filesystem::remove(p.string() + ".log", ignored);
    }
  }

 private:
  std::vector<std::filesystem::path> m_paths;
};

// <temp>/<name><pid>, emptied now and removed at the end (see above).
inline std::filesystem::path scratchDir(const std::string& name) {
  const std::filesystem::path d = std::filesystem::path(::testing::TempDir()) / (name + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  ScratchDirs::instance().add(d);
  return d;
}

}  // namespace regolith::test
