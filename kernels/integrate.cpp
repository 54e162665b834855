// Velocity-Verlet integration of owners, split around the force evaluation:
//   kickDrift:     v += a dt/2, L += tau dt/2, x += v dt, q turned over dt
//   gatherAndKick: sum contact results onto owners (deterministic gather), then
//                  v += a dt/2, L += tau dt/2 with the new forces.
// a = F/m + g. Owners with zero mass are not moved (placeholders for fixed bodies).
#include "kernels/backend.h"
#include "kernels/device_state.h"
#include "kernels/rigid_rotation.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Reads: owner force, torque, mass, inertia. Writes: owner velocity, angular velocity,
// position, orientation.
struct KickDrift {
  Vec3d* position;
  Quat* orientation;
  Vec3* velocity;
  Vec3* omega;
  const Real* mass;
  const Vec3* inertia;
  const Vec3* force;
  const Vec3* torque;
  Vec3 gravity;
  Real dt;

  REGOLITH_HD REGOLITH_INLINE void operator()(Index o) const {
    if (mass[o] <= Real(0)) return;
    const Real h = Real(0.5) * dt;
    Vec3 v = velocity[o] + (force[o] * (Real(1) / mass[o]) + gravity) * h;
    Vec3 w = angularKick(orientation[o], inertia[o], omega[o], torque[o], h);
    position[o] += Vec3d(v) * double(dt);
    orientation[o] = angularDrift(orientation[o], inertia[o], w, dt);
    velocity[o] = v;
    omega[o] = w;
  }
};

// Reads: per-contact force and torques through the contact index, sphere and owner
// positions. Writes: owner force and torque; with kick, owner velocity and angular velocity.
// Summation order per owner is fixed (its spheres in order; per sphere: pairs as first,
// pairs as second, walls, each in key order), so results do not depend on thread count.
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

  REGOLITH_HD REGOLITH_INLINE void operator()(Index o) const {
    Vec3 f, t;
    const Index begin = sphereBegin[o], end = sphereBegin[o + 1];
    if (end == begin + 1) {
      addSphere<false>(begin, Vec3(), f, t);
    } else {
      const Vec3d xo = ownerPosition[o];
      for (Index s = begin; s < end; ++s) addSphere<true>(s, Vec3(spherePosition[s] - xo), f, t);
    }
    ownerForce[o] = f;
    ownerTorque[o] = t;
    if (!kick || mass[o] <= Real(0)) return;
    const Real h = Real(0.5) * dt;
    velocity[o] += (f * (Real(1) / mass[o]) + gravity) * h;
    omega[o] = angularKick(orientation[o], inertia[o], omega[o], t, h);
  }
};

}  // namespace

void kickDrift(DeviceState& s, const StepParams& p) {
  parallel_for(s.ownerCount(),
               KickDrift{raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.ownerVelocity),
                         raw(s.ownerAngularVelocity), raw(s.ownerMass), raw(s.ownerInertia),
                         raw(s.ownerForce), raw(s.ownerTorque), p.gravity, p.dt});
}

void gatherAndKick(DeviceState& s, const StepParams& p, bool kick) {
  parallel_for(s.ownerCount(),
               GatherKick{raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.ownerVelocity),
                          raw(s.ownerAngularVelocity), raw(s.ownerMass), raw(s.ownerInertia),
                          raw(s.ownerForce), raw(s.ownerTorque), raw(s.ownerSphereBegin),
                          raw(s.spherePosition), raw(s.firstBegin), raw(s.secondBegin),
                          raw(s.secondOrder), raw(s.pairForce), raw(s.pairTorqueFirst),
                          raw(s.pairTorqueSecond), raw(s.wallBegin), raw(s.wallForce),
                          raw(s.wallTorque), p.gravity, p.dt, kick});
}

}  // namespace regolith
