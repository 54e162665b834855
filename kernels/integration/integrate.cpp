// Velocity-Verlet integration of owners, split around the force evaluation:
//   kickDrift:     v += a dt/2, L += tau dt/2, x += v dt, q turned over dt
//   gatherAndKick: sum contact results onto owners (deterministic gather), then
//                  v += a dt/2, L += tau dt/2 with the new forces.
// a = F/m + g. Owners with zero mass are not moved (placeholders for fixed bodies) unless
// their family prescribes a motion.
//
// Motion rules (kernels/integration/dof_control.h): an owner whose family has a constrained DOF takes
// the free update as above, then its constrained velocity components are overwritten: in
// the drift by u(t + dt/2) (midpoint rule, exact for constant and ramp velocities), at the
// end of the step by u(t + dt). With a constrained rotation the orientation is turned by
// the overwritten angular velocity held constant over the step (exact for a constant
// prescribed spin, in either frame) instead of the angular-momentum drift. Owners of free
// families cost one load of their family and one branch.
#include "kernels/backend/backend.h"
#include "kernels/integration/clump_chunks.h"
#include "kernels/device_state.h"
#include "kernels/integration/dof_control.h"
#include "kernels/detection/near_pairs.h"
#include "kernels/boundaries/owned_boundaries.h"
#include "kernels/integration/place_sphere.h"
#include "kernels/integration/rigid_rotation.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// The controlled family of owner o, or null when it is entirely free.
REGOLITH_HD REGOLITH_INLINE const FamilyControl* controlOf(const Index* family, const FamilyControl* control,
                                                           Index controlCount, Index o) {
  const Index f = family[o];
  if (f >= controlCount) return nullptr;
  const FamilyControl* c = control + f;
  return (c->constrainedTranslation | c->constrainedRotation) ? c : nullptr;
}

// The rare paths of the two owner kernels, out of line so they cost the hot loops neither
// registers nor code size. They are free functions taking the pointers and values they use:
// a member function would take `this`, and since a kernel's functor lives in parameter
// space, nvcc then copies the whole functor into every thread's local memory at kernel
// entry (a 528 to 640 byte stack frame) whether or not the rare path runs.

// First half kick and drift of owner o, whose family c constrains some DOF.
REGOLITH_HD REGOLITH_NOINLINE void driftConstrainedOwner(Index o, const FamilyControl& c, Vec3d* position,
                                                         Quat* orientation, Vec3* velocity, Vec3* omega,
                                                         const Real* mass, const Vec3* inertia, const Vec3* force,
                                                         const Vec3* torque, Vec3 gravity, Real dt) {
  const Real h = Real(0.5) * dt;
  const Quat q = orientation[o];
  Vec3 v = velocity[o], w = omega[o];
  const bool dynamic = mass[o] > Real(0);
  if (dynamic) {
    v += (force[o] * (Real(1) / mass[o]) + gravity) * h;
    w = angularKick(q, inertia[o], w, torque[o], h);
  }
  if (c.constrainedTranslation) v = constrainLinear(c, v, /*useEnd=*/false);
  position[o] += Vec3d(v) * double(dt);
  if (c.constrainedRotation) {
    w = constrainAngular(c, q, w, /*useEnd=*/false);
    if (!isZero(w)) orientation[o] = renormalized(quatFromRotationVector(Vec3d(w) * double(dt)) * q);
  } else if (dynamic) {
    orientation[o] = angularDrift(q, inertia[o], w, dt);
  }
  velocity[o] = v;
  omega[o] = w;
}

// Second half kick of owner o, whose family c constrains some DOF, from its summed force f
// and torque t; constrained components then take u(t + dt), at the new orientation.
REGOLITH_HD REGOLITH_NOINLINE void kickConstrainedOwner(Index o, const FamilyControl& c, Vec3 f, Vec3 t,
                                                        const Quat* orientation, Vec3* velocity, Vec3* omega,
                                                        const Real* mass, const Vec3* inertia, Vec3 gravity, Real dt) {
  if (mass[o] > Real(0)) {
    const Real h = Real(0.5) * dt;
    velocity[o] += (f * (Real(1) / mass[o]) + gravity) * h;
    omega[o] = angularKick(orientation[o], inertia[o], omega[o], t, h);
  }
  if (c.constrainedTranslation) velocity[o] = constrainLinear(c, velocity[o], true);
  if (c.constrainedRotation) omega[o] = constrainAngular(c, orientation[o], omega[o], true);
}

// Reads: owner force, torque, mass, inertia, family, family control. Writes: owner
// velocity, angular velocity, position, orientation.
struct KickDrift {
  Vec3d* position;
  Quat* orientation;
  Vec3* velocity;
  Vec3* omega;
  const Real* mass;
  const Vec3* inertia;
  const Vec3* force;
  const Vec3* torque;
  const Index* family;
  const FamilyControl* control;
  Index controlCount;
  const Index* sphereBegin;
  const Index* ownerBoundaryBegin;  // null when no boundary is owned
  Vec3 gravity;
  Real dt;

  // A lone sphere's orientation acts on nothing: its sphere sits at the owner's centre
  // (StateArrays invariant), its inertia is isotropic, so its spin stays in omega whatever
  // the orientation, and it carries no boundary. Its orientation is therefore not
  // integrated (docs/output-format.md); turning it cost a tenth of a settling step.
  // Clumps, bodies and owners with unequal moments turn as usual.
  REGOLITH_HD REGOLITH_INLINE bool orientationIsInert(Index o, const Vec3& inertia) const {
    return sphereBegin[o + 1] == sphereBegin[o] + 1 && isIsotropic(inertia) &&
           (!ownerBoundaryBegin || ownerBoundaryBegin[o + 1] == ownerBoundaryBegin[o]);
  }

  REGOLITH_HD REGOLITH_INLINE void operator()(Index o) const {
    if (controlCount > 0) {  // no family has a rule: not even the family load
      if (const FamilyControl* c = controlOf(family, control, controlCount, o)) {
        driftConstrainedOwner(o, *c, position, orientation, velocity, omega, mass, inertia, force, torque, gravity, dt);
        return;
      }
    }
    if (mass[o] <= Real(0)) return;
    const Real h = Real(0.5) * dt;
    Vec3 v = velocity[o] + (force[o] * (Real(1) / mass[o]) + gravity) * h;
    const Vec3 I = inertia[o];
    Vec3 w = angularKick(orientation[o], I, omega[o], torque[o], h);
    position[o] += Vec3d(v) * double(dt);
    if (!orientationIsInert(o, I)) orientation[o] = angularDrift(orientation[o], I, w, dt);
    velocity[o] = v;
    omega[o] = w;
  }
};

// KickDrift of owner o, then its spheres placed at the new pose: one pass over the owners
// instead of two (the sphere placement would read every owner's pose back), and a lone
// sphere needs neither its offset nor sphereOwner. Returns the spheres' motion, merged.
// A large clump's spheres are placed by PlaceClumpChunk, a chunk a thread, instead.
template <bool kSpeed>
struct KickDriftPlace {
  KickDrift drift;
  SpherePlacer<kSpeed> placer;
  const Index* chunkBegin;  // ownerChunkBegin, or null when no owner is a large clump

  REGOLITH_HD REGOLITH_INLINE SphereMotion operator()(Index o) const {
    drift(o);
    const Index begin = drift.sphereBegin[o], end = drift.sphereBegin[o + 1];
    if (end == begin + 1) return placer.centred(begin, o);
    if (isLargeClump(chunkBegin, o)) return {};
    SphereMotion m;
    for (Index s = begin; s < end; ++s) m = MergeMotion{}(m, placer.place(s, o));
    return m;
  }
};

// The spheres of chunk j of a large clump (kernels/integration/clump_chunks.h) placed at its owner's
// new pose.
template <bool kSpeed>
struct PlaceClumpChunk {
  SpherePlacer<kSpeed> placer;
  ClumpChunks chunks;

  REGOLITH_HD REGOLITH_INLINE SphereMotion operator()(Index j) const {
    const Index o = chunks.owner[j];
    SphereMotion m;
    for (Index s = chunks.first(j), e = chunks.end(j); s < e; ++s) m = MergeMotion{}(m, placer.place(s, o));
    return m;
  }
};

// Reads: per-contact force and torques through the near pairs' index (the other candidates'
// results are zero: kernels/detection/near_pairs.cpp), sphere and owner positions, the reactions on the owner's boundaries, family control. Writes: owner force
// and torque; with kick, owner velocity and angular velocity.
// Summation order per owner is fixed (its spheres in order; per sphere: pairs as first,
// pairs as second, walls, each in key order; then its boundaries in index order), so
// results do not depend on thread count.
struct GatherKick {
  const Vec3d* ownerPosition;
  const Quat* orientation;
  Vec3* velocity;
  Vec3* omega;
  const Real* mass;
  const Vec3* inertia;
  Vec3* ownerForce;
  Vec3* ownerTorque;
  const Index* sphereBegin;
  const Vec3d* spherePosition;
  const Index* firstBegin;
  const Index* secondBegin;
  const Index* secondOrder;
  const Vec3* pairForce;
  const Vec3* pairTorqueFirst;
  const Vec3* pairTorqueSecond;
  const Index* wallBegin;
  const Vec3* wallForce;
  const Vec3* wallTorque;
  const Index* ownerBoundaryBegin;  // null when no boundary is owned
  const Index* ownerBoundaries;
  const Vec3* boundaryForce;
  const Vec3* boundaryTorque;
  const Index* family;
  const FamilyControl* control;
  Index controlCount;
  Vec3 gravity;
  Real dt;
  bool kick;

  // Adds sphere s's contact results; with kArm also their moments about the owner centre
  // (arm = sphere centre - owner centre). A one-sphere owner has its sphere at the centre
  // of mass (StateArrays invariant), so it skips the lever-arm terms.
  template <bool kArm>
  REGOLITH_HD void addSphere(Index s, const Vec3& arm, Vec3& f, Vec3& t) const {
    for (Index c = firstBegin[s]; c < firstBegin[s + 1]; ++c) {
      f += pairForce[c];
      t += pairTorqueFirst[c];
      if (kArm) t += cross(arm, pairForce[c]);
    }
    for (Index k = secondBegin[s]; k < secondBegin[s + 1]; ++k) {
      const Index c = secondOrder[k];
#if !defined(__CUDA_ARCH__)
      // Pairs as second are read out of order: ask for the lines of the one kAhead on
      // (a later sphere's, usually) now, so its misses overlap this work.
      constexpr Index kAhead = 16;
      if (k + kAhead < secondCount) {
        const Index ahead = secondOrder[k + kAhead];
        __builtin_prefetch(pairForce + ahead);
        __builtin_prefetch(pairTorqueSecond + ahead);
      }
#endif
      f -= pairForce[c];
      t += pairTorqueSecond[c];
      if (kArm) t -= cross(arm, pairForce[c]);
    }
    for (Index w = wallBegin[s]; w < wallBegin[s + 1]; ++w) {
      f += wallForce[w];
      t += wallTorque[w];
      if (kArm) t += cross(arm, wallForce[w]);
    }
  }

  // Contact results of owner o's spheres, in the fixed order; a large clump's from its
  // chunks' sums (ChunkGather), in chunk order.
  REGOLITH_HD REGOLITH_INLINE void sumSpheres(Index o, Vec3& f, Vec3& t) const {
    const Index begin = sphereBegin[o], end = sphereBegin[o + 1];
    if (end == begin + 1) {
      addSphere<false>(begin, Vec3(), f, t);
      return;
    }
    if (isLargeClump(chunkBegin, o)) {
      for (Index j = chunkBegin[o]; j < chunkBegin[o + 1]; ++j) {
        f += chunkForce[j];
        t += chunkTorque[j];
      }
      return;
    }
    sumSphereRange(o, begin, end, f, t);
  }

  REGOLITH_HD REGOLITH_INLINE void sumSphereRange(Index o, Index begin, Index end, Vec3& f, Vec3& t) const {
    const Vec3d xo = ownerPosition[o];
    for (Index s = begin; s < end; ++s) addSphere<true>(s, Vec3(spherePosition[s] - xo), f, t);
  }

  // general: some boundary is owned or some family has a rule. Otherwise every owner takes
  // the plain path, whose only extra cost is two tests of this flag.
  bool general;
  // Large clumps (kernels/integration/clump_chunks.h): ownerChunkBegin, or null when there is none.
  const Index* chunkBegin;
  const Vec3* chunkForce;
  const Vec3* chunkTorque;
  Index secondCount;  // length of secondOrder

  REGOLITH_HD REGOLITH_INLINE void operator()(Index o) const {
    Vec3 f, t;
    sumSpheres(o, f, t);
    if (general && ownerBoundaryBegin) addBoundaries(o, f, t);
    ownerForce[o] = f;
    ownerTorque[o] = t;
    if (!kick) return;
    if (general) {
      if (const FamilyControl* c = controlOf(family, control, controlCount, o)) {
        kickConstrainedOwner(o, *c, f, t, orientation, velocity, omega, mass, inertia, gravity, dt);
        return;
      }
    }
    if (mass[o] <= Real(0)) return;
    const Real h = Real(0.5) * dt;
    velocity[o] += (f * (Real(1) / mass[o]) + gravity) * h;
    omega[o] = angularKick(orientation[o], inertia[o], omega[o], t, h);
  }

  // The reactions on the boundaries owner o carries, in boundary order.
  REGOLITH_HD REGOLITH_INLINE void addBoundaries(Index o, Vec3& f, Vec3& t) const {
    for (Index k = ownerBoundaryBegin[o]; k < ownerBoundaryBegin[o + 1]; ++k) {
      f += boundaryForce[ownerBoundaries[k]];
      t += boundaryTorque[ownerBoundaries[k]];
    }
  }
};

// Chunk j of a large clump: its spheres' contact results and their moments about the
// owner's centre, in sphere order (the first level of GatherKick's sum for that owner).
struct ChunkGather {
  GatherKick gather;
  ClumpChunks chunks;
  Vec3* force;
  Vec3* torque;

  REGOLITH_HD void operator()(Index j) const {
    Vec3 f, t;
    gather.sumSphereRange(chunks.owner[j], chunks.first(j), chunks.end(j), f, t);
    force[j] = f;
    torque[j] = t;
  }
};

ClumpChunks clumpChunksOf(DeviceState& s) {
  return {raw(s.chunkOwner), raw(s.ownerSphereBegin), raw(s.ownerChunkBegin)};
}

}  // namespace

namespace {
template <bool kSpeed>
SphereMotion kickDriftPlace(DeviceState& s, const StepParams& p) {
  const KickDrift drift{raw(s.ownerPosition),
                        raw(s.ownerOrientation),
                        raw(s.ownerVelocity),
                        raw(s.ownerAngularVelocity),
                        raw(s.ownerMass),
                        raw(s.ownerInertia),
                        raw(s.ownerForce),
                        raw(s.ownerTorque),
                        raw(s.ownerFamily),
                        raw(s.familyControl),
                        static_cast<Index>(s.familyControl.size()),
                        raw(s.ownerSphereBegin),
                        s.hasOwnedBoundaries() ? raw(s.ownerBoundaryBegin) : nullptr,
                        p.gravity,
                        p.dt};
  const bool chunked = s.hasLargeClumps();
  SphereMotion m = parallel_reduce(
      s.ownerCount(),
      KickDriftPlace<kSpeed>{drift, placerOf<kSpeed>(s, double(p.dt)), chunked ? raw(s.ownerChunkBegin) : nullptr},
      SphereMotion{}, MergeMotion{});
  if (chunked)
    m = MergeMotion{}(m, parallel_reduce(s.chunkOwner.size(),
                                         PlaceClumpChunk<kSpeed>{placerOf<kSpeed>(s, double(p.dt)), clumpChunksOf(s)},
                                         SphereMotion{}, MergeMotion{}));
  return m;
}
}  // namespace

SphereMotion kickDrift(DeviceState& s, const StepParams& p, bool withSpeed) {
  wrapIntoPeriodicBox(s);
  const SphereMotion m = withSpeed ? kickDriftPlace<true>(s, p) : kickDriftPlace<false>(s, p);
  spendNearSlack(s, m);
  if (s.hasOwnedBoundaries()) placeOwnedBoundaries(s);
  return withBoundaryMotion(s, m);
}

void gatherAndKick(DeviceState& s, const StepParams& p, bool kick) {
  const bool owned = s.hasOwnedBoundaries();
  if (owned) sumBoundaryReactions(s);
  const bool chunked = s.hasLargeClumps();
  const GatherKick gather{raw(s.ownerPosition),
                          raw(s.ownerOrientation),
                          raw(s.ownerVelocity),
                          raw(s.ownerAngularVelocity),
                          raw(s.ownerMass),
                          raw(s.ownerInertia),
                          raw(s.ownerForce),
                          raw(s.ownerTorque),
                          raw(s.ownerSphereBegin),
                          raw(s.spherePosition),
                          raw(s.nearFirstBegin),
                          raw(s.nearSecondBegin),
                          raw(s.nearSecondOrder),
                          raw(s.pairForce),
                          raw(s.pairTorqueFirst),
                          raw(s.pairTorqueSecond),
                          raw(s.wallBegin),
                          raw(s.wallForce),
                          raw(s.wallTorque),
                          owned ? raw(s.ownerBoundaryBegin) : nullptr,
                          raw(s.ownerBoundaries),
                          raw(s.boundaryForce),
                          raw(s.boundaryTorque),
                          raw(s.ownerFamily),
                          raw(s.familyControl),
                          static_cast<Index>(s.familyControl.size()),
                          p.gravity,
                          p.dt,
                          kick,
                          owned || !s.familyControl.empty(),
                          chunked ? raw(s.ownerChunkBegin) : nullptr,
                          raw(s.chunkForce),
                          raw(s.chunkTorque),
                          static_cast<Index>(s.nearSecondOrder.size())};
  if (chunked)
    parallel_for(s.chunkOwner.size(), ChunkGather{gather, clumpChunksOf(s), raw(s.chunkForce), raw(s.chunkTorque)});
  parallel_for(s.ownerCount(), gather);
}

}  // namespace regolith
