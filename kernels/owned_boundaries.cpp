// Boundaries carried by owners: placement, the displacement bound for the rebuild trigger,
// the index of wall contacts by boundary and the per-boundary reaction sums.
#include "kernels/owned_boundaries.h"

#include <thrust/functional.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>

#include "kernels/backend.h"
#include "kernels/contact_detection.h"
#include "kernels/sorted_search.h"

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

// Reads: wall contacts of each owned boundary (in wallByBoundary order), sphere and owner
// positions. Writes: boundaryForce, boundaryTorque.
struct BoundaryReaction {
  const BoundaryPrimitive* boundaries;
  const Index* wallBegin;
  const Index* order;
  const PairKey* keys;
  const Vec3* wallForce;
  const Vec3* wallTorque;
  const Vec3d* spherePosition;
  const Vec3d* ownerPosition;
  Vec3* force;
  Vec3* torque;

  REGOLITH_HD void operator()(Index b) const {
    const Index o = boundaries[b].owner;
    if (o < 0) return;
    const Vec3d xo = ownerPosition[o];
    Vec3 f, t;
    for (Index k = wallBegin[b]; k < wallBegin[b + 1]; ++k) {
      const Index c = order[k];
      const Vec3 F = wallForce[c];
      f -= F;
      t -= cross(Vec3(spherePosition[pairFirst(keys[c])] - xo), F) + wallTorque[c];
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
  s.boundaryWallBegin.resize(nb + 1);
  parallel_for(nb + 1, SegmentStarts<Index>{raw(boundaryOf), static_cast<Index>(nw), raw(s.boundaryWallBegin)});
}

void sumBoundaryReactions(DeviceState& s) {
  parallel_for(s.boundaries.size(),
               BoundaryReaction{raw(s.boundaries), raw(s.boundaryWallBegin), raw(s.wallByBoundary), raw(s.wallKeys),
                                raw(s.wallForce), raw(s.wallTorque), raw(s.spherePosition), raw(s.ownerPosition),
                                raw(s.boundaryForce), raw(s.boundaryTorque)});
}

}  // namespace regolith
