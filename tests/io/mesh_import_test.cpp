// MeshImport: OBJ and STL files read back as the body written, and what checkMesh makes of
// broken meshes: errors (named), fixes (counted) and warnings.
#include <cmath>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "core/mesh_generators.h"
#include "io/mesh/mesh_import.h"
#include "tests/support/mesh_test_support.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

std::filesystem::path scratch() {
  static const std::filesystem::path d = [] {
    const std::filesystem::path p = test::scratchDir("regolith_mesh_import_");
    std::filesystem::create_directories(p);
    return p;
  }();
  return d;
}

std::string file(const std::string& name, const std::string& text) {
  const std::string path = (scratch() / name).string();
  std::ofstream(path) << text;
  return path;
}

TriangleMesh wheel() { return grouserWheel(test::grouserWheelSpec()); }

// The message of the exception `f` throws as E ("" and a failure if none).
template <class E, class F>
std::string messageOf(F f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "no exception";
  return "";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// x rounded to float32. Through a volatile: at -O2 GCC 12.2's SLP vectorizer drops the
// round trip double -> float -> double when it pairs two of them (seen here on x86-64).
double float32(double x) {
  volatile float f = static_cast<float>(x);
  return f;
}

double relative(double a, double b) { return std::abs(a - b) / std::abs(b); }

TEST(MeshImport, ObjAndBothStlsReadBackAsTheSameBody) {
  const TriangleMesh m = wheel();
  const MassProperties exact = meshMassProperties(m, 1.0);
  const std::string obj = (scratch() / "wheel.obj").string(), bin = (scratch() / "wheel.stl").string(),
                    ascii = (scratch() / "wheel_ascii.STL").string();
  writeObj(obj, m, "a wheel\nof 12 grousers");
  writeStl(bin, m, true);
  writeStl(ascii, m, false);
  EXPECT_FALSE(std::filesystem::exists(obj + ".tmp"));

  // OBJ: %.17g, so everything comes back bit for bit and nothing needs repair.
  TriangleMesh fromObj = readMesh(obj);
  const MeshReport objReport = checkMesh(fromObj, obj);
  EXPECT_TRUE(objReport.warnings.empty());
  EXPECT_EQ(objReport.mergedVertices, 0u);
  EXPECT_EQ(fromObj.triangles, m.triangles);
  EXPECT_EQ(test::sortedVertices(fromObj), test::sortedVertices(m));

  // STL: three corners a facet, unmerged by the reader: checkMesh merges them.
  TriangleMesh fromBin = readMesh(bin), fromAscii = readMesh(ascii);
  EXPECT_EQ(fromBin.vertices.size(), 3 * m.triangles.size());
  const MeshReport binReport = checkMesh(fromBin, bin), asciiReport = checkMesh(fromAscii, ascii);
  EXPECT_EQ(binReport.mergedVertices, 3 * m.triangles.size() - m.vertices.size());
  EXPECT_TRUE(binReport.closed);
  EXPECT_TRUE(binReport.warnings.empty());
  EXPECT_EQ(binReport.flippedTriangles, 0u);
  EXPECT_EQ(asciiReport.mergedVertices, binReport.mergedVertices);
  EXPECT_EQ(fromBin.triangles.size(), m.triangles.size());
  // ASCII holds the same float32 values (%.9g of the float): the same corners exactly,
  // and those are the wheel's corners rounded to float32.
  EXPECT_EQ(test::sortedVertices(fromAscii), test::sortedVertices(fromBin));
  TriangleMesh rounded = m;
  for (Vec3d& x : rounded.vertices) x = Vec3d(float32(x.x), float32(x.y), float32(x.z));
  EXPECT_EQ(test::sortedVertices(fromBin), test::sortedVertices(rounded));

  // float32 moves each coordinate by up to 6e-8 of the radius; the volume moves by about
  // (surface area x radius / volume) ~ 6 times that and the moments a few times more:
  // 1e-6 relative holds them all.
  const MassProperties p = meshMassProperties(fromBin, 1.0);
  EXPECT_LT(relative(p.volume, exact.volume), 1e-6);
  EXPECT_LT(norm(p.centre), 1e-6 * 0.15);
  EXPECT_LT(test::inertiaDifference(p, exact), 1e-6 * exact.principalMoments.y);
  const MassProperties q = meshMassProperties(fromObj, 1.0);
  EXPECT_NEAR(q.volume, exact.volume, 1e-15 * exact.volume);
}

TEST(MeshImport, HandWrittenAsciiStlInMillimetres) {
  // The 10 mm cube, written here without writeStl: keywords in mixed case and indents as
  // other programs write them, every corner repeated per facet, normals left at 0.
  std::string text = "solid cube\n";
  const char* corner[8] = {"0 0 0", "10 0 0", "0 10 0", "10 10 0", "0 0 10", "10 0 10", "0 10 10", "10 10 10"};
  for (const auto& q : test::cubeQuads())
    for (const auto& t : {std::array<Index, 3>{q[0], q[1], q[2]}, std::array<Index, 3>{q[0], q[2], q[3]}}) {
      text += "  FACET NORMAL 0 0 0\n    outer loop\n";
      for (const Index v : t) text += "      vertex " + std::string(corner[v]) + "\n";
      text += "    endloop\n  endfacet\n";
    }
  text += "endsolid cube\n";
  const std::string path = file("cube_mm.stl", text);
  TriangleMesh m = readMesh(path, unitScale("mm"));
  const MeshReport r = checkMesh(m, path);
  EXPECT_EQ(m.vertices.size(), 8u);
  EXPECT_EQ(m.triangles.size(), 12u);
  EXPECT_EQ(r.mergedVertices, 36u - 8u);
  EXPECT_TRUE(r.closed);
  const MassProperties p = meshMassProperties(m, 1000);
  EXPECT_NEAR(p.volume, 1e-6, 1e-18);                         // 0.01 m cube; integer coordinates times 0.001
  EXPECT_NEAR(p.principalMoments.x, 1e-3 * 1e-4 / 6, 1e-18);  // m s^2 / 6
}

TEST(MeshImport, ObjQuadsAreTriangulated) {
  std::string text = "# a unit cube of quads\no cube\n";
  for (int k = 0; k < 8; ++k)
    text += "v " + std::to_string(k & 1) + " " + std::to_string((k >> 1) & 1) + " " + std::to_string((k >> 2) & 1) +
            "\n";
  for (const auto& q : test::cubeQuads())
    text += "f " + std::to_string(q[0] + 1) + " " + std::to_string(q[1] + 1) + " " + std::to_string(q[2] + 1) + " " +
            std::to_string(q[3] + 1) + "\n";
  const std::string path = file("cube_quads.OBJ", text);
  TriangleMesh m = readMesh(path, 2.0);
  EXPECT_EQ(m.triangles.size(), 12u);
  const MeshReport r = checkMesh(m, path);
  EXPECT_TRUE(r.closed);
  EXPECT_EQ(r.flippedTriangles, 0u);                           // the triangulation keeps each quad's orientation
  EXPECT_NEAR(meshMassProperties(m, 1.0).volume, 8.0, 1e-14);  // scale 2: a 2 m cube
}

TEST(MeshImport, UnitsAndScale) {
  EXPECT_EQ(unitScale("m"), 1.0);
  EXPECT_EQ(unitScale("cm"), 0.01);
  EXPECT_EQ(unitScale("mm"), 0.001);
  EXPECT_TRUE(has(messageOf<std::invalid_argument>([] { unitScale("in"); }), "'in'"));
  const std::string path = file("scale.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
  EXPECT_TRUE(has(messageOf<std::invalid_argument>([&] { readMesh(path, 0); }), "scale"));
  EXPECT_EQ(readMesh(path, 0.5).vertices[1].x, 0.5);
}

TEST(MeshImport, BadFilesAreNamed) {
  const std::string missing = (scratch() / "missing.obj").string();
  std::string e = messageOf<std::runtime_error>([&] { readMesh(missing); });
  EXPECT_TRUE(has(e, missing) && has(e, "cannot open")) << e;

  const std::string ply = file("mesh.ply", "ply\n");
  e = messageOf<std::invalid_argument>([&] { readMesh(ply); });
  EXPECT_TRUE(has(e, ply) && has(e, ".obj, .stl")) << e;

  const std::string empty = file("empty.obj", "");
  e = messageOf<std::runtime_error>([&] { readMesh(empty); });
  EXPECT_TRUE(has(e, empty) && has(e, "no triangles")) << e;

  const std::string points = file("points.obj", "v 0 0 0\nv 1 0 0\nl 1 2\n");
  e = messageOf<std::runtime_error>([&] { readMesh(points); });
  EXPECT_TRUE(has(e, "no triangles")) << e;

  // VTK would print its parse error on stderr: it must go into the exception instead.
  const std::string garbage = file("garbage.stl", "this is not\nan STL file\n");
  testing::internal::CaptureStderr();
  e = messageOf<std::runtime_error>([&] { readMesh(garbage); });
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(has(e, garbage) && has(e, "VTK cannot read it")) << e;
  EXPECT_TRUE(has(e, "solid")) << e;  // VTK: expecting 'solid'
  EXPECT_EQ(printed, "");

  const std::string word = file("word.obj", "v 0 0 0\nv 1 abc 0\nv 0 1 0\nf 1 2 3\n");
  e = messageOf<std::runtime_error>([&] { readMesh(word); });  // VTK would read abc as 0
  EXPECT_TRUE(has(e, word) && has(e, "line 2")) << e;

  const std::string edge = file("edge.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n");
  e = messageOf<std::runtime_error>([&] { readMesh(edge); });
  EXPECT_TRUE(has(e, edge) && has(e, "VTK cannot read it")) << e;

  // An index past the vertices comes through VTK as it is: checkMesh names it.
  const std::string past = file("past.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n");
  TriangleMesh pastMesh = readMesh(past);
  e = messageOf<std::invalid_argument>([&] { checkMesh(pastMesh, past); });
  EXPECT_TRUE(has(e, past) && has(e, "names vertex 8, but there are 3")) << e;

  const std::string truncated = (scratch() / "truncated.stl").string();
  writeStl(truncated, wheel(), true);
  std::filesystem::resize_file(truncated, 80 + 4 + 50 * 3 + 20);  // in the middle of facet 3
  e = messageOf<std::runtime_error>([&] { readMesh(truncated); });
  EXPECT_TRUE(has(e, truncated)) << e;

  e = messageOf<std::runtime_error>([&] { writeObj((scratch() / "no" / "such.obj").string(), wheel(), ""); });
  EXPECT_TRUE(has(e, "such.obj")) << e;
}

TEST(MeshImport, DegenerateTrianglesAreNamed) {
  // A cube with a 13th, flat facet: collinear corners (OBJ) ...
  TriangleMesh m = test::boxMesh(1, 1, 1);
  m.vertices.emplace_back(0.5, 0.0, 0.0);
  m.triangles.push_back({0, 8, 1});
  const std::string obj = (scratch() / "flat.obj").string();
  writeObj(obj, m, "");
  TriangleMesh fromObj = readMesh(obj);
  std::string e = messageOf<std::invalid_argument>([&] { checkMesh(fromObj, obj); });
  EXPECT_TRUE(has(e, obj) && has(e, "triangle 12 ") && has(e, "degenerate")) << e;

  // ... and two corners at one point (STL): VTK's merging would have dropped it silently.
  m.triangles.back() = {0, 1, 1};
  const std::string stl = (scratch() / "collapsed.stl").string();
  writeStl(stl, m, true);
  TriangleMesh fromStl = readMesh(stl);
  e = messageOf<std::invalid_argument>([&] { checkMesh(fromStl, stl); });
  EXPECT_TRUE(has(e, "triangle 12 ") && has(e, "same point")) << e;
}

TEST(MeshImport, BadIndicesCoordinatesAndEmptyMeshes) {
  TriangleMesh m = test::boxMesh(1, 1, 1);
  m.triangles[5][1] = 8;
  EXPECT_TRUE(has(messageOf<std::invalid_argument>([&] { checkMesh(m, "box"); }), "triangle 5 names vertex 8"));
  m = test::boxMesh(1, 1, 1);
  m.vertices[3].y = NAN;
  EXPECT_TRUE(has(messageOf<std::invalid_argument>([&] { checkMesh(m, "box"); }), "vertex 3 has a non-finite"));
  TriangleMesh none;
  EXPECT_TRUE(has(messageOf<std::invalid_argument>([&] { checkMesh(none, "box"); }), "no triangles"));
}

TEST(MeshImport, InconsistentTrianglesAreTurned) {
  const TriangleMesh good = wheel();
  TriangleMesh m = good;
  for (const std::size_t t : {3, 7, 100, 401}) std::swap(m.triangles[t][1], m.triangles[t][2]);
  const std::string path = (scratch() / "inconsistent.obj").string();
  writeObj(path, m, "four facets turned");
  TriangleMesh read = readMesh(path);
  const MeshReport r = checkMesh(read, path);
  EXPECT_EQ(r.flippedTriangles, 4u);
  EXPECT_TRUE(r.closed);
  EXPECT_EQ(read.triangles, good.triangles);
  const MassProperties a = meshMassProperties(read, 1.0), b = meshMassProperties(good, 1.0);
  EXPECT_EQ(a.volume, b.volume);  // the same triangles in the same order: the same sums
  EXPECT_EQ(test::inertiaDifference(a, b), 0.0);
}

TEST(MeshImport, InsideOutMeshIsTurnedOutwards) {
  const TriangleMesh good = wheel();
  TriangleMesh m = good;
  for (auto& t : m.triangles) std::swap(t[1], t[2]);
  EXPECT_THROW(meshMassProperties(m, 1.0), std::invalid_argument);  // negative volume
  const MeshReport r = checkMesh(m, "inside out");
  EXPECT_EQ(r.flippedTriangles, good.triangles.size());
  EXPECT_EQ(m.triangles, good.triangles);
  EXPECT_GT(meshMassProperties(m, 1.0).volume, 0);
}

TEST(MeshImport, OpenSurfaceIsAWarning) {
  // A 1 m plate of two triangles that disagree across their diagonal: the minority (the
  // second, on a tie) is turned; the fifth vertex is in no triangle.
  TriangleMesh plate;
  plate.vertices = {Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(1, 1, 0), Vec3d(0, 1, 0), Vec3d(5, 5, 5)};
  plate.triangles = {{0, 1, 2}, {0, 3, 2}};
  const MeshReport r = checkMesh(plate, "plate");
  EXPECT_FALSE(r.closed);
  EXPECT_EQ(r.openEdges, 4u);
  EXPECT_EQ(r.flippedTriangles, 1u);
  EXPECT_EQ(plate.triangles[1], (std::array<Index, 3>{0, 2, 3}));
  EXPECT_EQ(r.unusedVertices, 1u);
  EXPECT_EQ(plate.vertices.size(), 4u);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0], "4 open edges: an open surface (fine for a plate)");
  EXPECT_TRUE(has(messageOf<std::invalid_argument>([&] { meshMassProperties(plate, 1.0); }), "not closed"));
}

TEST(MeshImport, NonManifoldEdgeIsAWarning) {
  // Three fins on the edge (0, 1).
  TriangleMesh fins;
  fins.vertices = {Vec3d(0, 0, 0), Vec3d(1, 0, 0), Vec3d(0.5, 1, 0), Vec3d(0.5, -0.5, 0.8), Vec3d(0.5, -0.5, -0.8)};
  fins.triangles = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};
  const MeshReport r = checkMesh(fins, "fins");
  EXPECT_EQ(r.nonManifoldEdges, 1u);
  EXPECT_EQ(r.openEdges, 6u);
  EXPECT_FALSE(r.closed);
  EXPECT_EQ(r.components, 3u);  // nothing joins them through an edge of two triangles
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_TRUE(has(r.warnings[1], "1 non-manifold edges")) << r.warnings[1];
}

// A band of k quads around the unit circle in the x-z plane. With `twist` its cross-section
// turns by half a turn on the way round and the last quad joins the first upside down: a
// Moebius strip.
TriangleMesh band(int k, bool twist) {
  TriangleMesh m;
  for (int i = 0; i < k; ++i) {
    const double u = 2 * M_PI * i / k, turn = twist ? u / 2 : 0;
    const Vec3d radial(std::cos(u), 0, std::sin(u)), across = radial * std::cos(turn) + Vec3d(0, 1, 0) * std::sin(turn);
    m.vertices.push_back(radial + across * 0.2);  // a_i = 2 i
    m.vertices.push_back(radial - across * 0.2);  // b_i = 2 i + 1
  }
  for (int i = 0; i < k; ++i) {
    const Index a = 2 * i, b = 2 * i + 1;
    Index an = a + 2, bn = b + 2;
    if (i + 1 == k) {  // after a full turn a is back at a_0, or with the twist at b_0
      an = twist ? 1 : 0;
      bn = twist ? 0 : 1;
    }
    m.triangles.push_back({a, b, bn});
    m.triangles.push_back({a, bn, an});
  }
  return m;
}

TEST(MeshImport, MoebiusStripIsRefused) {
  TriangleMesh strip = band(12, true);
  const std::string e = messageOf<std::invalid_argument>([&] { checkMesh(strip, "moebius"); });
  EXPECT_TRUE(has(e, "moebius: not orientable")) << e;

  // The same band without the twist is a fine open surface with two boundary loops.
  TriangleMesh plain = band(12, false);
  const MeshReport r = checkMesh(plain, "band");
  EXPECT_EQ(r.openEdges, 24u);
  EXPECT_EQ(r.components, 1u);
  EXPECT_EQ(r.flippedTriangles, 0u);
}

}  // namespace
}  // namespace regolith
