// Placing a boundary carried by an owner at the owner's pose, and the inverse; the shared
// corners of a carried mesh made bit for bit alike. Thrust-free, so tests compile it with
// their own floating-point flags (tests/kernels/mesh_corner_bits_test.cpp).
#pragma once

#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/boundaries/mesh_topology.h"
#include "kernels/boundaries/triangle_contact.h"

namespace regolith {

// The boundary given in an owner's frame, placed at the owner's pose (x_o, q): points
// x_o + R p, directions R a. A mesh's shared corners are then made alike by
// ShareMeshCorners.
REGOLITH_HD inline BoundaryPrimitive placedAt(const BoundaryPrimitive& local, const Vec3d& xo, const Quat& q) {
  BoundaryPrimitive b = local;
  b.point = xo + rotate(q, local.point);
  b.normal = rotate(q, local.normal);
  b.tangentU = rotate(q, local.tangentU);
  b.tangentV = rotate(q, local.tangentV);
  if (local.kind == BoundaryKind::Triangle) {
    b.corner1 = xo + rotate(q, local.corner1);
    b.corner2 = xo + rotate(q, local.corner2);
  }
  return b;
}

// Carried meshes: a corner a triangle shares with a lower-indexed triangle of its mesh is
// copied from that one (TriangleTopology::cornerFrom, the corner's owner) after placedAt,
// so every triangle at a mesh vertex holds the same bits there. placedAt alone does not
// promise that: a compiler may contract `xo + R p` into fused multiply-adds differently
// for each corner expression (nvcc does so per expression), and the owner-frame corners
// themselves come from separate expressions of inOwnerFrame. The edge and corner rules of
// kernels/boundaries/triangle_contact.h compare the shared corners' bits (issue 25, hazard 7).
struct ShareMeshCorners {
  const Index* triangles;  // boundary indices of the mesh triangles
  const TriangleTopology* topology;
  BoundaryPrimitive* world;

  REGOLITH_HD void operator()(Index i) const {
    const Index self = triangles[i];
    BoundaryPrimitive& b = world[self];
    if (b.owner < 0) return;  // a static mesh's corners are the mesh's vertices, copied as read
    const TriangleTopology& t = topology[b.triangle];
    for (Index k = 0; k < 3; ++k) {
      const Index from = t.cornerFrom[k];
      if (from < 0 || from == self) continue;
      // The source places this vertex itself (it is the lowest triangle there), so no
      // thread writes the corner read here.
      mutableCornerOf(b, k) = cornerOf(world[from], t.cornerFromAt[k]);
    }
  }
};

// The inverse: a world boundary in the frame of an owner at (x_o, q).
inline BoundaryPrimitive inOwnerFrame(const BoundaryPrimitive& world, const Vec3d& xo, const Quat& q) {
  BoundaryPrimitive b = world;
  b.point = rotateInverse(q, world.point - xo);
  b.normal = rotateInverse(q, world.normal);
  b.tangentU = rotateInverse(q, world.tangentU);
  b.tangentV = rotateInverse(q, world.tangentV);
  if (world.kind == BoundaryKind::Triangle) {
    b.corner1 = rotateInverse(q, world.corner1 - xo);
    b.corner2 = rotateInverse(q, world.corner2 - xo);
  }
  return b;
}

}  // namespace regolith
