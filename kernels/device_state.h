// The device-resident state of a simulation: owners, spheres, the candidate contact lists
// with their shear history, and the per-sphere contact index used for the deterministic
// force gather. Only kernels/*.cpp include this header (it pulls in Thrust).
#pragma once

#include <cstdint>

#include "kernels/backend/backend.h"
#include "kernels/backend/periodic.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/detection/candidate_list.h"
#include "kernels/integration/dof_control.h"
#include "kernels/forces/contact_models.h"
#include "kernels/state_fields.h"
#include "kernels/forces/wall_contact.h"

namespace regolith {

struct DeviceState {
  // The particle state, one member per line of REGOLITH_STATE_FIELDS (kernels/state_fields.h),
  // as StateArrays has it, except that no field is empty here (an optional one reads zero).
#define REGOLITH_DEVICE_STATE_MEMBER(member, Type, rows, change, flags, dataset, python, unit, description) \
  DeviceVector<Type> member;
  REGOLITH_STATE_FIELDS(REGOLITH_DEVICE_STATE_MEMBER)
#undef REGOLITH_DEVICE_STATE_MEMBER
  // Large clumps (kernels/integration/clump_chunks.h; all empty when no owner has more than kClumpChunk
  // spheres): owners + 1 offsets into the chunks, each chunk's owner, its sums.
  DeviceVector<Index> ownerChunkBegin;
  DeviceVector<Index> chunkOwner;
  DeviceVector<Vec3> chunkForce;
  DeviceVector<Vec3> chunkTorque;

  // Motion control per family (Model::families, evaluated on the host each step); owners
  // of families >= familyControl.size() are free.
  DeviceVector<FamilyControl> familyControl;

  // Tracked owners (kernels/integration/tracked_owners.cpp): engine numbering, load sums.
  DeviceVector<Index> trackedOwner;
  DeviceVector<Vec3d> trackedForceSum;
  DeviceVector<Vec3d> trackedTorqueSum;

  // Spheres (besides the state fields above).
  DeviceVector<Vec3d> spherePosition;         // world, refreshed every step
  DeviceVector<Vec3d> spherePositionAtBuild;  // where the current lists were built (if tracked)
  // Whether steps measure each sphere's displacement since the list build (verlet, whose
  // rebuild trigger it is, and sync). Async sizes its lists by speed and age instead
  // (core/simulation.cpp), so its lists carry no positions: 24 bytes per sphere in each of
  // the lists in flight and the state (issue 25, hazard 3).
  bool tracksDisplacement = true;

  // Model data (immutable after upload).
  DeviceVector<PairParams> pairTable;          // materials x materials
  DeviceVector<BoundaryPrimitive> boundaries;  // world frame, owned ones placed every step
  DeviceVector<Index> analyticBoundaries;      // indices of the non-triangle boundaries
  DeviceVector<Index> triangleBoundaries;      // indices of the mesh triangles
  DeviceVector<TriangleTopology> triangleTopology;
  DeviceVector<FeatureNeighbour> meshNeighbours;

  // Boundaries carried by owners (empty when every boundary is static).
  DeviceVector<BoundaryPrimitive> boundaryInOwner;  // owned ones in the owner's principal frame
  DeviceVector<BoundaryPrimitive> boundaryAtBuild;  // where the current wall list was built
  DeviceVector<Index> ownerBoundaryBegin;           // owners + 1, into ownerBoundaries
  DeviceVector<Index> ownerBoundaries;              // owned boundary indices grouped by owner, ascending
  DeviceVector<Index> wallByBoundary;               // wall-contact indices sorted by boundary (stable)
  // The reaction sums in two levels of fixed shape (kernels/boundaries/owned_boundaries.cpp): a
  // boundary's contacts in wallByBoundary order split into segments where the sphere's
  // block of kReactionBlock ids changes; one thread sums a segment, then one a boundary's
  // segments in order.
  DeviceVector<Index> reactionSegmentStart;  // segments + 1, into wallByBoundary
  DeviceVector<Index> reactionSegmentOf;     // segments: the boundary of each
  DeviceVector<Index> boundarySegmentBegin;  // boundaries + 1, into the segments
  DeviceVector<Vec3> segmentForce;           // segments: the reaction of the last evaluation
  DeviceVector<Vec3> segmentTorque;
  DeviceVector<Vec3> boundaryForce;   // reaction of the last evaluation on the boundary
  DeviceVector<Vec3> boundaryTorque;  // about its owner's centre
  double boundaryDrift = 0;           // bound on owned-boundary surface displacement since the build [m]
  double boundaryStep = 0;            // bound on owned-boundary surface displacement in the last step [m]
  Index materialCount = 0;
  Real maxRadius = 0;
  // The periodic box (kernels/backend/periodic.h); no axis periodic unless setPeriodicBox.
  PeriodicBox periodic;
  // Every sphere s is owner s's only sphere, at its centre (a bed of lone spheres, bodies
  // without spheres after them): sphereOwner[s] == s and spherePosition[s] ==
  // ownerPosition[s] to the bit, so the contact kernels read neither. Renumbering keeps it.
  bool sphereIsOwner = false;

  // Sphere–sphere candidates, sorted by key (first < second), with their results.
  DeviceVector<PairKey> pairKeys;
  DeviceVector<Vec3> pairShear;
  DeviceVector<Vec3> pairForce;         // on the first sphere, per near pair (below)
  DeviceVector<Vec3> pairTorqueFirst;   // about the first sphere's centre, per near pair
  DeviceVector<Vec3> pairTorqueSecond;  // about the second sphere's centre, per near pair
  // 0: the candidate's shear is zero, and so are its results if it is near; 1: they may
  // not be (set for every candidate when a list is adopted). Lets a candidate that stays
  // apart skip reading them.
  DeviceVector<std::uint8_t> pairHeld;
  // The near pairs (kernels/detection/near_pairs.cpp): the candidates whose surfaces were within
  // nearReach of each other, or touching, when last marked. The pair pass visits only these
  // while nearSlack, what is left of nearReach after twice the spheres' largest step of
  // every placement since, stays above a reserve; the others stay apart, so they need no
  // visit. nearSlack <= 0 (a new list, a renumbering): mark again. Their results (pairForce,
  // pairTorqueFirst, pairTorqueSecond) are in near order.
  DeviceVector<Index> pairNear;         // near position k -> candidate
  DeviceVector<Index> nearFirstBegin;   // spheres + 1: near pairs with first == s are contiguous
  DeviceVector<Index> nearSecondBegin;  // spheres + 1: into nearSecondOrder
  DeviceVector<Index> nearSecondOrder;  // near positions sorted by second sphere (stable)
  bool nearListed = false;              // the near list and its results belong to the current candidates
  Real nearReach = 0;                   // [m]
  double nearSlack = 0;                 // [m]
  double lastStep = 0;                  // the largest sphere displacement of the last step [m]
  int nearAge = 0;                      // pair passes since the near list was marked
  std::uint64_t nearMarks = 0;          // times it was marked
  DeviceVector<Index> firstBegin;       // spheres + 1: pairs with first == s are contiguous
  DeviceVector<Index> secondBegin;      // spheres + 1: into secondOrder
  DeviceVector<Index> secondOrder;      // pair indices sorted by second sphere (stable)

  // Sphere–boundary candidates, sorted by key (sphere << 32 | boundary).
  DeviceVector<PairKey> wallKeys;
  DeviceVector<Vec3> wallShear;
  // The shear of the previous evaluation: a new triangle contact reads its neighbours' there
  // (the friction hand-over across mesh edges) while this evaluation writes wallShear.
  DeviceVector<Vec3> wallShearPrevious;
  DeviceVector<Vec3> wallForce;
  DeviceVector<Vec3> wallTorque;  // about the sphere centre
  DeviceVector<Index> wallBegin;  // spheres + 1

  // The dynamic stream's own build scratch (synchronous rebuilds) and the list the last
  // adoption gave back, kept to avoid reallocating every rebuild.
  ContactBuilder builder;
  CandidateList spare;
  // The remapped wall shear of an adoption, swapped in. Pairs need no such scratch: their
  // shear is remapped into pairForce, dead until the next evaluation (adoptCandidateList).
  // Walls cannot do the same, since their evaluation reads a slot's force to skip it.
  DeviceVector<Vec3> scratchWallShear;

  Real margin = 0;  // reach of the current lists [m]

  bool hasTriangles() const { return !triangleBoundaries.empty(); }
  bool hasOwnedBoundaries() const { return !ownerBoundaries.empty(); }
  bool hasLargeClumps() const { return !chunkOwner.empty(); }
  std::size_t ownerCount() const { return ownerPosition.size(); }
  std::size_t sphereCount() const { return sphereOwner.size(); }
};

// The contact geometry of the boundaries `b` (the live ones or a snapshot's).
inline WallGeometry wallGeometryOf(const DeviceState& s, const DeviceVector<BoundaryPrimitive>& b) {
  return {raw(b), s.triangleTopology.empty() ? nullptr : raw(s.triangleTopology),
          s.meshNeighbours.empty() ? nullptr : raw(s.meshNeighbours)};
}

}  // namespace regolith
