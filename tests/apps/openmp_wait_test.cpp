// The program's OpenMP threads wait passively unless the user chose a policy
// (apps/openmp_wait_default.cpp): spinning threads stalled a shared machine (issue 41).
// libgomp prints the policy it read when OMP_DISPLAY_ENV is set, which is what is checked.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "kernels/stages.h"
#include "tests/support/child_process.h"
#include "tests/support/json_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

std::string waitPolicyOf(const std::vector<std::string>& environment, const std::filesystem::path& log) {
  std::vector<std::string> args = {"/usr/bin/env",        "-u", "OMP_WAIT_POLICY", "-u", "GOMP_SPINCOUNT",
                                   "OMP_DISPLAY_ENV=true"};
  args.insert(args.end(), environment.begin(), environment.end());
  args.insert(args.end(), {REGOLITH_BINARY, "info"});
  EXPECT_EQ(runToEnd(args, log.string()), 0) << readText(log);
  const std::string out = readText(log);
  const std::size_t at = out.find("OMP_WAIT_POLICY = '");
  if (at == std::string::npos) return "(not printed)";
  const std::size_t start = at + 19;
  return out.substr(start, out.find('\'', start) - start);
}

TEST(OpenMpWait, PassiveUnlessTheUserChose) {
  if (backendName() == "cuda") GTEST_SKIP() << "the CUDA build's kernels do not run on OpenMP threads";
  const auto dir = scratchDir("openmp_wait_");
  std::filesystem::create_directories(dir);
  EXPECT_EQ(waitPolicyOf({}, dir / "default.log"), "PASSIVE");
  EXPECT_EQ(waitPolicyOf({"OMP_WAIT_POLICY=active"}, dir / "active.log"), "ACTIVE");
  // A spin count is a choice too: libgomp's own default policy then applies with it.
  EXPECT_NE(waitPolicyOf({"GOMP_SPINCOUNT=1000"}, dir / "spin.log"), "PASSIVE");
}

}  // namespace
}  // namespace regolith::test
