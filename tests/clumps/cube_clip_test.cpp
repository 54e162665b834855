// MassProperties (cube clip): the unit cube below a plane against volumes known by
// symmetry or elementary geometry, including normals with negligible components.
#include <cmath>

#include <gtest/gtest.h>

#include "clumps/cube_clip.h"

namespace regolith {
namespace {

TEST(MassProperties, CubeClipAxisPlaneIsItsOffset) {
  const double n[3] = {0, 1, 0}, m[3] = {0, -1, 0};
  EXPECT_NEAR(cubeFractionBelow(n, 0.3), 0.3, 1e-15);
  EXPECT_NEAR(cubeFractionBelow(m, -0.3), 0.7, 1e-15);  // -y <= -0.3: y >= 0.3
  EXPECT_EQ(cubeFractionBelow(n, -0.1), 0.0);
  EXPECT_EQ(cubeFractionBelow(n, 1.1), 1.0);
}

TEST(MassProperties, CubeClipDiagonalPlanes) {
  const double s = 1 / std::sqrt(3.0), n[3] = {s, s, s};
  EXPECT_NEAR(cubeFractionBelow(n, std::sqrt(3.0) / 2), 0.5, 1e-14);  // through the centre
  const double t = 0.4;                                               // the corner tetrahedron x + y + z <= t: t^3 / 6
  EXPECT_NEAR(cubeFractionBelow(n, t * s), t * t * t / 6, 1e-14);
  const double q = 1 / std::sqrt(2.0), p[3] = {q, -q, 0};  // x - y <= 0: half
  EXPECT_NEAR(cubeFractionBelow(p, 0), 0.5, 1e-14);
}

TEST(MassProperties, CubeClipNearlyAxisNormalsStayWithinThePerturbationBound) {
  const double e = 1e-7, n[3] = {e, std::sqrt(1 - 2 * e * e), e};
  EXPECT_NEAR(cubeFractionBelow(n, 0.25), 0.25, kClipPerturbation);
  const double f = 2e-5, m[3] = {f, std::sqrt(1 - 2 * f * f), -f};  // kept: the 3-D form
  EXPECT_NEAR(cubeFractionBelow(m, 0.25), 0.25, kClipRounding + 1e-9);
}

}  // namespace
}  // namespace regolith
