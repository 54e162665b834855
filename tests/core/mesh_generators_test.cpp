// MeshGenerators: the wheel and ring meshes are closed, outward, clean, and bound the
// volume of their cross-section polygon times the width; bad specs are named; the
// `regolith mesh` command writes what the generators make.
#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/child_process.h"
#include "core/mesh_generators.h"
#include "io/mesh/mesh_import.h"
#include "tests/support/mesh_test_support.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

// A generated mesh must need no repair at all: nothing merged, turned or warned about.
void expectClean(TriangleMesh mesh, const std::string& what) {
  const TriangleMesh before = mesh;
  const MeshReport r = checkMesh(mesh, what);
  EXPECT_TRUE(r.closed) << what;
  EXPECT_TRUE(r.warnings.empty()) << what << ": " << (r.warnings.empty() ? "" : r.warnings[0]);
  EXPECT_EQ(r.flippedTriangles, 0u) << what;
  EXPECT_EQ(r.mergedVertices, 0u) << what;
  EXPECT_EQ(r.unusedVertices, 0u) << what;
  EXPECT_EQ(r.components, 1u) << what;
  EXPECT_EQ(mesh.triangles, before.triangles) << what;
}

double shoelace(const std::vector<std::array<double, 2>>& p) {
  double a = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto& u = p[i];
    const auto& v = p[(i + 1) % p.size()];
    a += u[0] * v[1] - u[1] * v[0];
  }
  return 0.5 * a;
}

// Exact for the polyhedron, so equal to round-off: sums of ~1000 terms, 1e-12 relative.
constexpr double kRoundOff = 1e-12;

TEST(MeshGenerators, PlainWheelIsTheRegularPrism) {
  WheelSpec s;  // R 0.15, W 0.1, no grousers: 120 chords of 3 degrees
  const TriangleMesh m = grouserWheel(s);
  expectClean(m, "plain wheel");
  const int n = 120;
  EXPECT_EQ(m.triangles.size(), 4u * n);  // walls 2n, caps n each
  EXPECT_EQ(m.vertices.size(), 2u * n + 2);
  const double v = 0.5 * n * s.radius * s.radius * std::sin(2 * M_PI / n) * s.width;
  EXPECT_NEAR(meshMassProperties(m, 1.0).volume, v, kRoundOff * v);
}

// The section's area, derived by hand: each grouser, within the angle of its root, is the
// triangle (origin, two rim feet) of area s0 T / 2 plus the bar [s0, R + H] x T, with
// s0 = sqrt(R^2 - T^2 / 4) where its sides leave the rim; each rim arc between grousers,
// of angle 2 pi / N - 2 asin(T / 2R), is m chords of R^2 sin(angle / m) / 2.
TEST(MeshGenerators, GrouserWheelBoundsItsSectionTimesWidth) {
  const WheelSpec s = test::grouserWheelSpec();
  const TriangleMesh m = grouserWheel(s);
  expectClean(m, "grouser wheel");

  const double R = s.radius, T = s.grouserThickness, H = s.grouserHeight;
  const double s0 = std::sqrt(R * R - T * T / 4), arc = 2 * M_PI / 12 - 2 * std::asin(T / (2 * R));
  const int chords = static_cast<int>(std::ceil(arc / (3 * M_PI / 180)));
  EXPECT_EQ(chords, 9);  // 26.9 degrees of rim between grousers
  const double area = 12 * (s0 * T / 2 + (R + H - s0) * T + chords * R * R * std::sin(arc / chords) / 2);
  const MassProperties p = meshMassProperties(m, 1.0);
  EXPECT_NEAR(p.volume, area * s.width, kRoundOff * area * s.width);
  EXPECT_NEAR(shoelace(wheelSection(s)), area, kRoundOff * area);
  EXPECT_EQ(m.triangles.size(), 4u * 12 * (4 + chords - 1));
  // The grousers' outer corners are the farthest points; the axis is y, |y| <= W/2.
  double far = 0, yMax = 0;
  for (const Vec3d& x : m.vertices) {
    far = std::max(far, std::hypot(x.x, x.z));
    yMax = std::max(yMax, std::abs(x.y));
  }
  EXPECT_NEAR(far, std::hypot(R + H, T / 2), 1e-15);
  EXPECT_DOUBLE_EQ(yMax, s.width / 2);
  EXPECT_GT(p.inertia[1][1], p.inertia[0][0]);  // a disc: the axis has the largest moment
}

TEST(MeshGenerators, FilletsAddTheirCornersAndStayClean) {
  WheelSpec s = test::grouserWheelSpec();
  const double plain = meshMassProperties(grouserWheel(s), 1.0).volume;
  s.filletRadius = 0.004;
  const TriangleMesh m = grouserWheel(s);
  expectClean(m, "filleted wheel");
  const double v = meshMassProperties(m, 1.0).volume;
  EXPECT_NEAR(v, shoelace(wheelSection(s)) * s.width, kRoundOff * v);
  // A fillet of radius f in a right-angled corner adds f^2 (1 - pi / 4) = 0.215 f^2; here
  // the corner between the rim and a side is 91.5 degrees (a little less) and the chords of
  // the arc lie on the material's side (a little more): 0.19 to 0.23 f^2 per root.
  const double f = s.filletRadius, perRoot = (v - plain) / (24 * s.width * f * f);
  EXPECT_GT(perRoot, 0.19);
  EXPECT_LT(perRoot, 0.23);
}

TEST(MeshGenerators, RingIsTheAnnularPrism) {
  const RingSpec s;  // r 0.20, w 0.12, t 0.01
  const TriangleMesh m = ring(s);
  expectClean(m, "ring");
  const int n = ringFacets(s);
  EXPECT_EQ(n, 120);
  EXPECT_EQ(m.triangles.size(), 8u * n);
  const double ri = s.radius - s.thickness;
  const double v = 0.5 * n * std::sin(2 * M_PI / n) * (s.radius * s.radius - ri * ri) * s.width;
  EXPECT_NEAR(meshMassProperties(m, 1.0).volume, v, kRoundOff * v);
}

TEST(MeshGenerators, RingSegmentsAddUpToTheRing) {
  const RingSpec s;
  const double whole = meshMassProperties(ring(s), 1.0).volume;
  for (const int count : {2, 8, 24}) {  // each divides the 120 chords: the same chords
    const std::vector<TriangleMesh> parts = ringSegments(s, count);
    ASSERT_EQ(parts.size(), static_cast<std::size_t>(count));
    const Vec3d first = meshMassProperties(parts[0], 1.0).centre;
    double sum = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      expectClean(parts[k], "segment " + std::to_string(k) + " of " + std::to_string(count));
      const MassProperties p = meshMassProperties(parts[k], 1.0);
      sum += p.volume;
      // Every sector is the first one turned: the same distance of its centre from the axis.
      EXPECT_NEAR(std::hypot(p.centre.x, p.centre.z), std::hypot(first.x, first.z), 1e-12);
    }
    EXPECT_NEAR(sum, whole, kRoundOff * whole) << count;
  }
  // With gaps the sectors lose exactly their gaps' share: gap/step of each sector's angle.
  const int count = 8;
  const double gap = 0.05, step = 2 * M_PI / count;
  double sum = 0;
  for (const TriangleMesh& part : ringSegments(s, count, gap)) {
    expectClean(part, "gapped segment");
    sum += meshMassProperties(part, 1.0).volume;
  }
  EXPECT_LT(sum, whole);
  // Up to the chord deficits, theta^2 / 6 relative, which differ with the chord angle
  // (3 degrees in the ring, 2.8 in the shorter sectors) by 6e-5.
  EXPECT_NEAR(sum / whole, (step - gap) / step, 1e-4);
}

template <class Spec>
void expectRefused(const Spec& spec, const std::function<void(const Spec&)>& make, const std::string& parameter) {
  try {
    make(spec);
    ADD_FAILURE() << "accepted a bad " << parameter;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(parameter), std::string::npos) << e.what();
  }
}

TEST(MeshGenerators, RefusesImpossibleSpecsNamingTheParameter) {
  const std::function<void(const WheelSpec&)> wheel = [](const WheelSpec& s) { grouserWheel(s); };
  const WheelSpec good = test::grouserWheelSpec();
  auto with = [&](const std::function<void(WheelSpec&)>& change) {
    WheelSpec s = good;
    change(s);
    return s;
  };
  expectRefused(with([](WheelSpec& s) { s.radius = -0.1; }), wheel, "radius");
  expectRefused(with([](WheelSpec& s) { s.width = 0; }), wheel, "width");
  expectRefused(with([](WheelSpec& s) { s.grousers = -1; }), wheel, "grousers");
  expectRefused(with([](WheelSpec& s) { s.grouserHeight = -0.01; }), wheel, "grouserHeight");
  expectRefused(with([](WheelSpec& s) { s.grouserThickness = 0; }), wheel, "grouserThickness");
  expectRefused(with([](WheelSpec& s) { s.grouserThickness = 0.2; }), wheel, "grouserThickness");  // > R
  expectRefused(with([](WheelSpec& s) { s.grousers = 200; }), wheel, "grousers");                  // 200 T > 2 pi R
  expectRefused(with([](WheelSpec& s) {
                  s.grousers = 40;
                  s.filletRadius = 0.01;
                }),
                wheel, "filletRadius");  // roots meet
  expectRefused(with([](WheelSpec& s) { s.filletRadius = -0.001; }), wheel, "filletRadius");
  expectRefused(with([](WheelSpec& s) { s.filletRadius = 0.03; }), wheel, "filletRadius");  // > H
  expectRefused(with([](WheelSpec& s) { s.maxFacetAngle = 0; }), wheel, "maxFacetAngle");

  const std::function<void(const RingSpec&)> band = [](const RingSpec& s) { ring(s); };
  RingSpec r;
  r.thickness = 0.2;
  expectRefused(r, band, "thickness");
  r = RingSpec();
  r.width = -1;
  expectRefused(r, band, "width");
  expectRefused(RingSpec(), std::function<void(const RingSpec&)>([](const RingSpec& s) { ringSegments(s, 0); }),
                "count");
  expectRefused(RingSpec(), std::function<void(const RingSpec&)>([](const RingSpec& s) { ringSegments(s, 8, 1.0); }),
                "gapAngle");
}

TEST(MeshGenerators, CommandLineWritesTheGeneratedMeshes) {
  const std::filesystem::path d = test::scratchDir("regolith_mesh_cli_");
  std::filesystem::create_directories(d);
  const std::string log = d.string() + ".log";
  ASSERT_EQ(
      test::runToEnd({REGOLITH_BINARY, "mesh", "wheel", "--radius", "0.15", "--width", "0.1", "--grousers", "12",
                      "--grouser-height", "0.02", "--grouser-thickness", "0.008", "--out", (d / "wheel.obj").string()},
                     log),
      0)
      << "see " << log;
  const WheelSpec s = test::grouserWheelSpec();
  TriangleMesh wheel = readMesh((d / "wheel.obj").string());
  EXPECT_TRUE(checkMesh(wheel, "wheel.obj").warnings.empty());
  EXPECT_EQ(test::sortedVertices(wheel), test::sortedVertices(grouserWheel(s)));  // %.17g: bit for bit

  ASSERT_EQ(
      test::runToEnd({REGOLITH_BINARY, "mesh", "ring", "--segments", "4", "--out", (d / "ring.obj").string()}, log), 0)
      << "see " << log;
  const std::vector<TriangleMesh> parts = ringSegments(RingSpec(), 4);
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(test::sortedVertices(readMesh((d / ("ring_" + std::to_string(k) + ".obj")).string())),
              test::sortedVertices(parts[k]))
        << k;
  EXPECT_FALSE(std::filesystem::exists(d / "ring.obj"));

  // An impossible spec is invalid input (exit 2) and names the parameter.
  EXPECT_EQ(test::runToEnd({REGOLITH_BINARY, "mesh", "wheel", "--radius", "0.1", "--width", "0.1", "--grousers", "8",
                            "--grouser-height", "0.01", "--out", (d / "bad.obj").string()},
                           log),
            2);
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("grouserThickness"), std::string::npos) << text;
  EXPECT_FALSE(std::filesystem::exists(d / "bad.obj"));
}

}  // namespace
}  // namespace regolith
