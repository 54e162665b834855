// Two run files that must be the same run: a resumed one against an uninterrupted one.
#pragma once

#include <cstring>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "io/run_file/run_file.h"
#include "tests/support/state_compare.h"

namespace regolith::test {

// Every frame of `resumed` equals the reference's frame at the same step, bit for bit;
// the series too.
inline void expectSameRun(const std::filesystem::path& resumed, const std::filesystem::path& reference) {
  const RunFileReader a((resumed / "run.h5").string()), b((reference / "run.h5").string());
  ASSERT_EQ(a.frameCount(), b.frameCount());
  for (std::size_t k = 0; k < a.frameCount(); ++k) {
    SCOPED_TRACE("frame " + std::to_string(k));
    const FrameData fa = a.frame(k), fb = b.frame(k);
    ASSERT_EQ(fa.step, fb.step);
    test::expectIdenticalOwnerStates(fa.state, fb.state);
    EXPECT_TRUE(test::sameBits(fa.sphereCentres, fb.sphereCentres));
  }
  for (const std::string& body : b.header().bodyNames) {
    const auto sa = a.series(body), sb = b.series(body);
    ASSERT_EQ(sa.size(), sb.size()) << body;
    for (std::size_t i = 0; i < sa.size(); ++i) {
      EXPECT_EQ(sa[i].time, sb[i].time);
      EXPECT_EQ(std::memcmp(&sa[i].position, &sb[i].position, sizeof(Vec3d)), 0);
      EXPECT_EQ(std::memcmp(&sa[i].force, &sb[i].force, sizeof(Vec3)), 0);
    }
  }
}

}  // namespace regolith::test
