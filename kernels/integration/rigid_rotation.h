// Rigid-body rotation helpers for the integrator.
//
// The Euler equations are integrated in their world-frame form dL/dt = tau with
// L = R I R^T omega (R from the orientation quaternion, I the principal moments): written
// in the body frame this is I dw/dt + w x (I w) = tau, gyroscopic term included. Kicks
// change L by tau dt/2; the drift turns the body with L fixed, using the angular velocity
// at the half-turned orientation (second order), so a torque-free body keeps L exactly.
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

REGOLITH_HD inline Vec3 safeInverse(const Vec3& inertia) {
  return {inertia.x > Real(0) ? Real(1) / inertia.x : Real(0), inertia.y > Real(0) ? Real(1) / inertia.y : Real(0),
          inertia.z > Real(0) ? Real(1) / inertia.z : Real(0)};
}

// World-frame R diag(d) R^T v.
REGOLITH_HD inline Vec3 applyPrincipal(const Quat& q, const Vec3& d, const Vec3& v) {
  const Vec3 b = rotateInverse(q, v);
  return rotate(q, Vec3(b.x * d.x, b.y * d.y, b.z * d.z));
}

// A sphere (or any body with equal principal moments) has L parallel to omega in every
// frame: the kick is omega += tau h / I and the drift keeps omega. This fast path is the
// same mathematics without the frame changes.
REGOLITH_HD inline bool isIsotropic(const Vec3& inertia) { return inertia.x == inertia.y && inertia.y == inertia.z; }

// omega after adding tau * h to the angular momentum.
REGOLITH_HD REGOLITH_INLINE Vec3 angularKick(const Quat& q, const Vec3& inertia, const Vec3& omega, const Vec3& torque,
                                             Real h) {
  if (isIsotropic(inertia)) {
    return inertia.x > Real(0) ? omega + torque * (h / inertia.x) : omega;
  }
  const Vec3 L = applyPrincipal(q, inertia, omega) + torque * h;
  return applyPrincipal(q, safeInverse(inertia), L);
}

// Turns q over dt with fixed angular momentum; returns the new orientation and sets omega
// to the angular velocity there.
REGOLITH_HD REGOLITH_INLINE Quat angularDrift(const Quat& q, const Vec3& inertia, Vec3& omega, Real dt) {
  if (isIsotropic(inertia)) {
    // omega is constant; a body at rest keeps its orientation bit for bit.
    if (isZero(omega)) return q;
    return renormalized(quatFromRotationVector(Vec3d(omega) * double(dt)) * q);
  }
  const Vec3 invI = safeInverse(inertia);
  const Vec3 L = applyPrincipal(q, inertia, omega);
  const Quat half = normalized(quatFromRotationVector(Vec3d(omega) * (0.5 * dt)) * q);
  const Vec3 omegaHalf = applyPrincipal(half, invI, L);
  const Quat next = renormalized(quatFromRotationVector(Vec3d(omegaHalf) * double(dt)) * q);
  omega = applyPrincipal(next, invI, L);
  return next;
}

}  // namespace regolith
