// Boundaries carried by owners: placement, the displacement bound for the rebuild trigger,
// the index of wall contacts by boundary and the per-boundary reaction sums.
#include "kernels/boundaries/owned_boundaries.h"

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/functional.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>

#include "kernels/backend/backend.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/backend/sorted_search.h"

namespace regolith {
namespace {

// An infinite plane or cylinder that tilts moves points far away by extent x angle; the
// bound takes such boundaries to extend this far, beyond any scene this engine targets.
// (Round-off tilt of an axis spinning about itself, ~1e-16, stays ~1e-13 m: no rebuild.)
constexpr double kUnboundedExtent = 1e3;  // [m]

// Bound on the displacement of any surface point (within reach of a sphere) of b since a.
// A point p + s e (e a unit axis of the boundary, |s| <= extent) moves by at most
// |dp| + extent |de| summed over the axes that span the surface.
REGOLITH_HD inline double displacementBound(const BoundaryPrimitive& b, const BoundaryPrimitive& a, double reach) {
  const double dp = norm(b.point - a.point);
  const double dn = double(norm(b.normal - a.normal));
  switch (b.kind) {
    case BoundaryKind::Plane:
      return dp + kUnboundedExtent * dn;
    case BoundaryKind::FiniteWall: {
      const double extent = double(b.halfU + b.halfV) + reach;
      return dp + extent * (dn + double(norm(b.tangentU - a.tangentU)) + double(norm(b.tangentV - a.tangentV)));
    }
    case BoundaryKind::Cylinder: {
      // Only the axis matters: a cylinder turning about its own axis is unchanged.
      const double extent = b.halfLength > Real(0) ? double(b.halfLength + b.radius) + reach : kUnboundedExtent;
      return dp + extent * dn;
    }
    case BoundaryKind::Triangle:
      // Every point of a rigidly moved triangle moves by a convex combination of its
      // corners' displacements.
      return maxOf(dp, maxOf(norm(b.corner1 - a.corner1), norm(b.corner2 - a.corner2)));
  }
  return kUnboundedExtent;
}

struct BoundaryMotion {
  double drift = 0;  // since the wall list was built [m]
  double step = 0;   // in this step [m]
};

struct MergeBoundaryMotion {
  REGOLITH_HD BoundaryMotion operator()(const BoundaryMotion& a, const BoundaryMotion& b) const {
    return {maxOf(a.drift, b.drift), maxOf(a.step, b.step)};
  }
};

// Reads: owner pose, boundary descriptions in the owner frame and at the last build, the
// world boundaries of the previous step. Writes: world boundaries. Returns the displacement
// bounds since the build and over this step [m] (0 for static ones).
struct PlaceBoundary {
  const Vec3d* ownerPosition;
  const Quat* ownerOrientation;
  const BoundaryPrimitive* inOwner;
  const BoundaryPrimitive* atBuild;
  BoundaryPrimitive* world;
  double reach;

  REGOLITH_HD BoundaryMotion operator()(Index i) const {
    const BoundaryPrimitive& local = inOwner[i];
    if (local.owner < 0) return {};
    const BoundaryPrimitive b = placedAt(local, ownerPosition[local.owner], ownerOrientation[local.owner]);
    const BoundaryPrimitive before = world[i];
    world[i] = b;
    return {displacementBound(b, atBuild[i], reach), displacementBound(b, before, reach)};
  }
};

// The reaction sums in two levels whose shape the touching contacts alone decide (issue 25,
// hazard 2: one thread walking every contact of a drum wall or a floor carried by a body
// serialises the GPU). Level 1: a boundary's contacts, in wallByBoundary order (sphere
// order), split where the sphere's block of kReactionBlock ids changes; one thread sums a
// segment. Level 2: one thread sums a boundary's segments in order. A candidate that does
// not touch adds exact zeros, and which spheres share a block does not depend on the list,
// so async, verlet and sync (whose lists hold different extra candidates) give the same
// bits. A boundary whose contacts all lie in one block sums as one sequence, as before.
constexpr Index kReactionBlockBits = 6;  // 64 sphere ids a block

REGOLITH_HD inline Index reactionBlock(Index sphere) { return sphere >> kReactionBlockBits; }

// Reads: the sorted boundary of each slot, the wall keys. Writes: 1 where a segment starts.
struct ReactionSegmentHeads {
  const Index* boundaryOfSlot;  // sorted
  const Index* order;           // wallByBoundary
  const PairKey* keys;
  std::uint8_t* head;
  REGOLITH_HD void operator()(Index k) const {
    head[k] = k == 0 || boundaryOfSlot[k] != boundaryOfSlot[k - 1] ||
              reactionBlock(pairFirst(keys[order[k]])) != reactionBlock(pairFirst(keys[order[k - 1]]));
  }
};

struct IsSegmentHead {
  REGOLITH_HD bool operator()(std::uint8_t h) const { return h != 0; }
};

struct BoundaryOfSegment {
  const Index* start;
  const Index* boundaryOfSlot;
  Index* boundary;
  REGOLITH_HD void operator()(Index j) const { boundary[j] = boundaryOfSlot[start[j]]; }
};

// Level 1. Reads: wall contacts of segment j (in wallByBoundary order), sphere and owner
// positions. Writes: the segment's share of -F and of -(x_s - x_o) x F - tau_s.
struct ReactionSegment {
  const BoundaryPrimitive* boundaries;
  const Index* start;
  const Index* boundaryOf;
  const Index* order;
  const PairKey* keys;
  const Vec3* wallForce;
  const Vec3* wallTorque;
  const Vec3d* spherePosition;
  const Vec3d* ownerPosition;
  Vec3* force;
  Vec3* torque;
  PeriodicBox box;

  REGOLITH_HD void operator()(Index j) const {
    const BoundaryPrimitive& b = boundaries[boundaryOf[j]];
    const Index o = b.owner;
    if (o < 0) return;  // a static boundary's reaction is not needed
    const Vec3d xo = ownerPosition[o];
    Vec3 f, t;
    for (Index k = start[j]; k < start[j + 1]; ++k) {
      const Index c = order[k];
      const Vec3 F = wallForce[c];
      f -= F;
      // The sphere's image the boundary met (WallForces).
      const Vec3d x = box.imageNear(spherePosition[pairFirst(keys[c])], b.point);
      t -= cross(Vec3(x - xo), F) + wallTorque[c];
    }
    force[j] = f;
    torque[j] = t;
  }
};

// Level 2. Reads: the segments' sums. Writes: boundaryForce, boundaryTorque of the owned
// boundaries.
struct BoundaryReaction {
  const BoundaryPrimitive* boundaries;
  const Index* segmentBegin;
  const Vec3* segmentForce;
  const Vec3* segmentTorque;
  Vec3* force;
  Vec3* torque;

  REGOLITH_HD void operator()(Index b) const {
    if (boundaries[b].owner < 0) return;
    Vec3 f, t;
    for (Index j = segmentBegin[b]; j < segmentBegin[b + 1]; ++j) {
      f += segmentForce[j];
      t += segmentTorque[j];
    }
    force[b] = f;
    torque[b] = t;
  }
};

}  // namespace

void placeOwnedBoundaries(DeviceState& s) {
  const std::size_t n = s.boundaries.size();
  const double reach = 2.0 * double(s.maxRadius) + double(s.margin);
  const BoundaryMotion m = thrust::transform_reduce(
      devicePolicy(), thrust::counting_iterator<Index>(0), thrust::counting_iterator<Index>(static_cast<Index>(n)),
      PlaceBoundary{raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.boundaryInOwner), raw(s.boundaryAtBuild),
                    raw(s.boundaries), reach},
      BoundaryMotion{}, MergeBoundaryMotion{});
  s.boundaryDrift = m.drift;
  s.boundaryStep = m.step;
  // The bounds above saw each triangle's own corners; the shared ones copied here differ
  // from those by round-off, far inside the margin the bounds are compared with.
  if (!s.triangleBoundaries.empty())
    parallel_for(s.triangleBoundaries.size(),
                 ShareMeshCorners{raw(s.triangleBoundaries), raw(s.triangleTopology), raw(s.boundaries)});
}

void indexWallsByBoundary(DeviceState& s) {
  if (!s.hasOwnedBoundaries()) return;
  const std::size_t nw = s.wallKeys.size(), nb = s.boundaries.size();
  DeviceVector<Index> boundaryOf(nw);
  s.wallByBoundary.resize(nw);
  parallel_for(nw, SecondOfKeys{raw(s.wallKeys), raw(boundaryOf)});
  thrust::sequence(devicePolicy(), s.wallByBoundary.begin(), s.wallByBoundary.end());
  // Stable: a boundary's contacts stay in key (sphere) order, so the sums are reproducible.
  thrust::stable_sort_by_key(devicePolicy(), boundaryOf.begin(), boundaryOf.end(), s.wallByBoundary.begin());

  // The segments: starts where the boundary or the sphere block changes.
  DeviceVector<std::uint8_t> head(nw);
  parallel_for(nw, ReactionSegmentHeads{raw(boundaryOf), raw(s.wallByBoundary), raw(s.wallKeys), raw(head)});
  const std::size_t segments = thrust::count(devicePolicy(), head.begin(), head.end(),
                                             std::uint8_t(1));  // exact: a count
  s.reactionSegmentStart.resize(segments + 1);
  thrust::copy_if(devicePolicy(), thrust::counting_iterator<Index>(0),
                  thrust::counting_iterator<Index>(static_cast<Index>(nw)), head.begin(),
                  s.reactionSegmentStart.begin(), IsSegmentHead{});
  s.reactionSegmentStart[segments] = static_cast<Index>(nw);
  s.reactionSegmentOf.resize(segments);
  parallel_for(segments, BoundaryOfSegment{raw(s.reactionSegmentStart), raw(boundaryOf), raw(s.reactionSegmentOf)});
  s.boundarySegmentBegin.resize(nb + 1);
  parallel_for(nb + 1, SegmentStarts<Index>{raw(s.reactionSegmentOf), static_cast<Index>(segments),
                                            raw(s.boundarySegmentBegin)});
  s.segmentForce.resize(segments);
  s.segmentTorque.resize(segments);
}

void sumBoundaryReactions(DeviceState& s) {
  const std::size_t segments = s.reactionSegmentOf.size();
  parallel_for(segments, ReactionSegment{raw(s.boundaries), raw(s.reactionSegmentStart), raw(s.reactionSegmentOf),
                                         raw(s.wallByBoundary), raw(s.wallKeys), raw(s.wallForce), raw(s.wallTorque),
                                         raw(s.spherePosition), raw(s.ownerPosition), raw(s.segmentForce),
                                         raw(s.segmentTorque), s.periodic});
  parallel_for(s.boundaries.size(),
               BoundaryReaction{raw(s.boundaries), raw(s.boundarySegmentBegin), raw(s.segmentForce),
                                raw(s.segmentTorque), raw(s.boundaryForce), raw(s.boundaryTorque)});
}

}  // namespace regolith
