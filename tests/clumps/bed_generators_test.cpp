// Beds (generators): the lattice fills as scene sources build them.
#include <algorithm>
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

// An HCP lattice whose region spans a periodic box (docs/periodic.md) fills the period: 10
// columns stretched to 3.05 mm along x, 10 rows (an even count, so the shifted rows
// alternate round the seam) along y, every site in the box, none nearer than a spacing to
// another or to one's image, and every site of an inner layer with its twelve neighbours
// within 1.1 a (the stretched ones lie at 1.017 a and 1.048 a), at the seams as in the middle.
TEST(Beds, AnHcpLatticeFillsAPeriodicBoxWithoutASeam) {
  const double a = 0.003, px = 0.0305, py = 0.0275;
  Json s = sceneWith({{"kind", "lattice"},
                      {"template", "fine"},
                      {"packing", "hcp"},
                      {"spacing", a},
                      {"lo", {0.0015, 0.0015, 0.0015}},
                      {"hi", {px - 0.0015, py - 0.0015, 0.012}}});
  s["domain"] = {{"lo", {0, 0, 0}}, {"hi", {px, py, 0.3}}, {"periodic", {"x", "y"}}};
  const Scene scene = parse(s.dump());
  const std::vector<Vec3d> c = sphereCentresOf(scene.initial);
  const std::size_t layers = 5;  // 1.5 mm to 12 mm, a sqrt(2/3) = 2.45 mm apart
  ASSERT_EQ(c.size(), 10u * 10u * layers);
  const PeriodicBox box = scene.model.periodic;
  double zLo = 1, zHi = -1;
  for (const Vec3d& p : c) {
    EXPECT_GE(p.x, 0);
    EXPECT_LT(p.x, px);
    EXPECT_GE(p.y, 0);
    EXPECT_LT(p.y, py);
    zLo = std::min(zLo, p.z), zHi = std::max(zHi, p.z);
  }
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i].z < zLo + 0.5 * a || c[i].z > zHi - 0.5 * a) continue;  // the outer layers have nine
    std::size_t near = 0;
    for (std::size_t j = 0; j < c.size(); ++j) {
      if (j == i) continue;
      const double d = norm(box.image(c[j] - c[i]));
      EXPECT_GT(d, a * (1 - 1e-9));
      near += d < 1.1 * a;
    }
    EXPECT_EQ(near, 12u) << "site at " << c[i].x << ", " << c[i].y << ", " << c[i].z;
  }
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
