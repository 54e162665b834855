// The corners a carried mesh's triangles share are bit for bit alike after placement
// (issue 25, hazard 7): the edge and corner rules of kernels/boundaries/triangle_contact.h compare
// them, and a compiler that contracts `x_o + R p` into fused multiply-adds may round each
// corner expression differently (nvcc contracts per expression). The placement runs here
// in a function compiled for FMA hardware with contraction on (this file's
// -ffp-contract=fast, tests/device/CMakeLists.txt), and once more from owner-frame corners
// that disagree by round-off, as separately rounded expressions would leave them.
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <map>
#include <utility>
#include <vector>

#include "core/mesh_boundaries.h"
#include "kernels/boundaries/boundary_placement.h"
#include "tests/support/mesh_test_shapes.h"

namespace regolith {
namespace {

struct CarriedMesh {
  Model model;
  std::vector<BoundaryPrimitive> inOwner;
  std::vector<Index> triangles;  // boundary indices
};

// A closed cube and an open tube, carried by owner 0 whose initial pose is skew.
CarriedMesh carriedMesh() {
  CarriedMesh m;
  appendMeshBoundaries(m.model, test::tube(0.031, 0.0123, 24, 3), 0, 0);
  appendMeshBoundaries(m.model, test::cube(Vec3d(0.011, -0.007, 0.003), 0.017), 0, 0);
  const Vec3d x0(0.1, -0.2, 0.3);
  const Quat q0 = normalized(Quat{0.9, 0.1, -0.3, 0.2});
  for (std::size_t i = 0; i < m.model.boundaries.size(); ++i) {
    m.inOwner.push_back(inOwnerFrame(m.model.boundaries[i], x0, q0));
    m.triangles.push_back(static_cast<Index>(i));
  }
  return m;
}

bool sameBits(const Vec3d& a, const Vec3d& b) { return std::memcmp(&a, &b, sizeof(Vec3d)) == 0; }

// Shared corners whose bits differ: pairs (triangle corner, its source triangle's corner).
std::size_t differingSharedCorners(const CarriedMesh& m, const std::vector<BoundaryPrimitive>& world) {
  std::size_t n = 0;
  std::map<std::pair<Index, Index>, Vec3d> first;  // (mesh, vertex) -> the first corner seen
  for (Index i : m.triangles) {
    const TriangleTopology& t = m.model.meshTopology.triangles[world[i].triangle];
    for (Index k = 0; k < 3; ++k) {
      const auto [it, inserted] = first.emplace(std::make_pair(t.mesh, t.vertex[k]), cornerOf(world[i], k));
      if (!inserted && !sameBits(it->second, cornerOf(world[i], k))) ++n;
    }
  }
  return n;
}

void shareCorners(const CarriedMesh& m, std::vector<BoundaryPrimitive>& world) {
  const ShareMeshCorners share{m.triangles.data(), m.model.meshTopology.triangles.data(), world.data()};
  for (std::size_t i = 0; i < m.triangles.size(); ++i) share(static_cast<Index>(i));
}

// The placement compiled for FMA hardware, so -ffp-contract=fast may fuse its products and
// sums as nvcc does.
#if defined(__x86_64__) && defined(__GNUC__)
#define REGOLITH_TEST_FMA 1
__attribute__((target("fma")))
#endif
std::vector<BoundaryPrimitive>
placeAll(const std::vector<BoundaryPrimitive>& inOwner, const Vec3d& xo, const Quat& q) {
  std::vector<BoundaryPrimitive> world(inOwner.size());
  for (std::size_t i = 0; i < inOwner.size(); ++i) world[i] = placedAt(inOwner[i], xo, q);
  return world;
}

bool fmaHardware() {
#ifdef REGOLITH_TEST_FMA
  return __builtin_cpu_supports("fma");
#else
  return false;
#endif
}

const Vec3d kPosition(1.2345678901, -0.9876543211, 0.4567891234);
const Quat kOrientation = normalized(Quat{0.31, -0.72, 0.45, 0.19});

TEST(MeshCornerBits, ContractedPlacementSharesEveryCornerBitForBit) {
  if (!fmaHardware()) GTEST_SKIP() << "needs an x86-64 CPU with FMA to compile the placement contracted";
  const CarriedMesh m = carriedMesh();
  std::vector<BoundaryPrimitive> world = placeAll(m.inOwner, kPosition, kOrientation);
  // How many shared corners contraction and the owner-frame round-off left apart (printed,
  // not asserted: it depends on the compiler's choices).
  std::cout << "shared corners differing before ShareMeshCorners: " << differingSharedCorners(m, world) << "\n";
  shareCorners(m, world);
  EXPECT_EQ(differingSharedCorners(m, world), 0u);
}

TEST(MeshCornerBits, CornersThatDisagreeByRoundOffAreMadeAlike) {
  CarriedMesh m = carriedMesh();
  // Every corner a triangle does not place itself is nudged by 1e-15 m in each component:
  // a few ulps of the placed position (|x| ~ 1.5 m, ulp 2.2e-16 m), as separately rounded
  // owner-frame expressions could leave it.
  std::size_t nudged = 0;
  for (Index i : m.triangles) {
    const TriangleTopology& t = m.model.meshTopology.triangles[m.inOwner[i].triangle];
    for (Index k = 0; k < 3; ++k) {
      if (t.cornerFrom[k] == i) continue;
      Vec3d& c = mutableCornerOf(m.inOwner[i], k);
      c = c + Vec3d(1e-15, -1e-15, 1e-15);
      ++nudged;
    }
  }
  ASSERT_GT(nudged, 100u);
  std::vector<BoundaryPrimitive> world = placeAll(m.inOwner, kPosition, kOrientation);
  const std::vector<BoundaryPrimitive> unshared = world;
  ASSERT_GT(differingSharedCorners(m, world), nudged / 2) << "the nudges must reach the placed corners";
  shareCorners(m, world);
  EXPECT_EQ(differingSharedCorners(m, world), 0u);
  // The copies come from the same vertex: within round-off of each triangle's own placement
  // (a 0.1 m mesh, a few ulps of 1 m), and the corners a triangle places itself untouched.
  for (Index i : m.triangles)
    for (Index k = 0; k < 3; ++k) {
      EXPECT_LT(norm(cornerOf(world[i], k) - cornerOf(unshared[i], k)), 1e-14) << "triangle " << i << " corner " << k;
      if (m.model.meshTopology.triangles[world[i].triangle].cornerFrom[k] == i) {
        EXPECT_TRUE(sameBits(cornerOf(world[i], k), cornerOf(unshared[i], k)));
      }
    }
}

TEST(MeshCornerBits, StaticMeshesAreLeftAsRead) {
  Model model;
  appendMeshBoundaries(model, test::tube(0.031, 0.0123, 24, 3), 0, -1);
  std::vector<BoundaryPrimitive> world = model.boundaries;
  std::vector<Index> triangles;
  for (std::size_t i = 0; i < world.size(); ++i) triangles.push_back(static_cast<Index>(i));
  mutableCornerOf(world[5], 1).x += 1e-9;  // a static corner is never rewritten
  const std::vector<BoundaryPrimitive> before = world;
  const ShareMeshCorners share{triangles.data(), model.meshTopology.triangles.data(), world.data()};
  for (std::size_t i = 0; i < triangles.size(); ++i) share(static_cast<Index>(i));
  for (std::size_t i = 0; i < world.size(); ++i)
    for (Index k = 0; k < 3; ++k) EXPECT_TRUE(sameBits(cornerOf(world[i], k), cornerOf(before[i], k)));
}

}  // namespace
}  // namespace regolith
