// kernels/detection/build_guard.h: the 32-bit index limit of candidate lists and loops, checked with
// synthetic counts (a list of 2^31 entries would take 16 GiB to build for real).
#include "kernels/detection/build_guard.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace regolith {
namespace {

TEST(BuildGuard, IndexRangeAcceptsEveryCountAnIndexAddresses) {
  EXPECT_NO_THROW(requireIndexRange(0, "candidate sphere pairs"));
  EXPECT_NO_THROW(requireIndexRange(kMaxIndexCount, "candidate sphere pairs"));
  EXPECT_EQ(kMaxIndexCount, std::uint64_t(INT32_MAX));
}

// One past the limit, and the totals issue 25 named: 256 candidates per sphere (the cap,
// which a 1e8-sphere bed may reach) would wrap the Index scan of find_pairs.
TEST(BuildGuard, IndexRangeRejectsWhatWouldWrap) {
  for (const std::uint64_t count : {kMaxIndexCount + 1, std::uint64_t(1) << 32, std::uint64_t(256) * 100000000}) {
    try {
      requireIndexRange(count, "candidate sphere pairs");
      FAIL() << count << " was accepted";
    } catch (const IndexRangeError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("candidate sphere pairs"), std::string::npos) << what;
      EXPECT_NE(what.find(std::to_string(count)), std::string::npos) << what;
      EXPECT_NE(what.find("32-bit index"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace regolith
