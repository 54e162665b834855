// Beds (generators): the lattice fills as scene sources build them.
#include <cmath>

#include "clumps/bed_metrics.h"
#include "tests/support/scene_test_support.h"

namespace regolith {
namespace {

using namespace regolith::test;

// The smoke scene with no bodies and one source.
Json sceneWith(const Json& source) {
  Json s = smokeScene();
  s.erase("bodies");
  s.erase("families");
  s["sources"] = Json::array({source});
  return s;
}

// Spheres of diameter a on an HCP lattice of spacing a fill pi/(3 sqrt 2) of space. The
// sampling box (side about 10 a) keeps 10 spacings from every face of the fill and is not
// commensurate with the lattice; its faces cut spheres, whose parts inside are counted
// exactly, so what is left is the lattice's own layering across the faces: measured
// 1.4e-3 relative here, inside the 0.5 %, the tolerance used.
TEST(Beds, HcpFillHasTheClosePackedFraction) {
  const double a = 0.003;  // the "fine" template's diameter
  const Scene scene = parse(sceneWith({{"kind", "lattice"},
                                       {"template", "fine"},
                                       {"packing", "hcp"},
                                       {"spacing", a},
                                       {"lo", {0, 0, 0}},
                                       {"hi", {0.09, 0.09, 0.09}}})
                                .dump());
  const std::vector<Vec3d> centres = sphereCentresOf(scene.initial);
  // Nearest neighbours are a apart: none closer (no overlap), twelve at a in the bulk.
  std::size_t touching = 0;
  const Vec3d mid(0.045, 0.045, 0.045);
  std::size_t central = 0;
  for (std::size_t k = 0; k < centres.size(); ++k)
    if (norm(centres[k] - mid) < norm(centres[central] - mid)) central = k;
  for (std::size_t k = 0; k < centres.size(); ++k) {
    if (k == central) continue;
    const double d = norm(centres[k] - centres[central]);
    EXPECT_GT(d, a * (1 - 1e-9));
    if (d < a * (1 + 1e-9)) ++touching;
  }
  EXPECT_EQ(touching, 12u);

  const double inset = 10 * a + 0.37e-3;  // off the lattice's periods on purpose
  const PackingSample p = packingInBox(scene.initial, centres, {2500, 7800}, Vec3d(inset, inset, inset),
                                       Vec3d(0.09 - inset, 0.09 - inset, 0.09 - inset));
  const double closePacked = M_PI / (3 * std::sqrt(2.0));
  EXPECT_NEAR(p.packingFraction / closePacked, 1.0, 5e-3);
  EXPECT_NEAR(p.bulkDensity, 2500 * p.packingFraction, 1e-9 * p.bulkDensity);
}

// A cubic lattice with random orientations places the same sites as an aligned one, with
// orientations that differ from particle to particle.
TEST(Beds, LatticeOrientationsAreRandomWhenAsked) {
  Json source = {
      {"kind", "lattice"}, {"template", "pair"}, {"spacing", 0.0052}, {"lo", {0, 0, 0}}, {"hi", {0.03, 0.03, 0.03}}};
  const Scene aligned = parse(sceneWith(source).dump());
  source["orientation"] = "random";
  const Scene turned = parse(sceneWith(source).dump());
  ASSERT_EQ(aligned.initial.ownerCount(), turned.initial.ownerCount());
  ASSERT_GT(turned.initial.ownerCount(), 100u);
  std::size_t differ = 0;
  for (std::size_t o = 0; o < turned.initial.ownerCount(); ++o) {
    EXPECT_LT(norm(turned.initial.ownerPosition[o] - aligned.initial.ownerPosition[o]), 1e-12);
    const Quat& q = turned.initial.ownerOrientation[o];
    const Quat& q0 = turned.initial.ownerOrientation[0];
    if (std::fabs(q.w * q0.w + q.x * q0.x + q.y * q0.y + q.z * q0.z) < 0.999) ++differ;
  }
  EXPECT_GT(differ, turned.initial.ownerCount() * 9 / 10);
}

}  // namespace
}  // namespace regolith
