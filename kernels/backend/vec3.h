// Small 3-vector and unit-quaternion algebra usable on host and device.
// Quaternions are (w, x, y, z), body to world, as DESIGN.md states.
#pragma once

#include "kernels/backend/hd.h"

namespace regolith {

template <class T>
struct Vec3T {
  T x, y, z;
  REGOLITH_HD Vec3T() : x(0), y(0), z(0) {}
  REGOLITH_HD Vec3T(T a, T b, T c) : x(a), y(b), z(c) {}
  template <class U>
  REGOLITH_HD explicit Vec3T(const Vec3T<U>& o)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)), z(static_cast<T>(o.z)) {}
  REGOLITH_HD Vec3T& operator+=(const Vec3T& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  REGOLITH_HD Vec3T& operator-=(const Vec3T& o) {
    x -= o.x;
    y -= o.y;
    z -= o.z;
    return *this;
  }
  REGOLITH_HD Vec3T& operator*=(T s) {
    x *= s;
    y *= s;
    z *= s;
    return *this;
  }
};

using Vec3 = Vec3T<Real>;
using Vec3d = Vec3T<double>;
using Vec3i = Vec3T<Index>;  // whole numbers per axis (periodic image counts)

template <class T>
REGOLITH_HD inline Vec3T<T> operator+(Vec3T<T> a, const Vec3T<T>& b) {
  return a += b;
}
template <class T>
REGOLITH_HD inline Vec3T<T> operator-(Vec3T<T> a, const Vec3T<T>& b) {
  return a -= b;
}
template <class T>
REGOLITH_HD inline Vec3T<T> operator-(const Vec3T<T>& a) {
  return {-a.x, -a.y, -a.z};
}
template <class T>
REGOLITH_HD inline Vec3T<T> operator*(Vec3T<T> a, T s) {
  return a *= s;
}
template <class T>
REGOLITH_HD inline Vec3T<T> operator*(T s, Vec3T<T> a) {
  return a *= s;
}
template <class T>
REGOLITH_HD inline T dot(const Vec3T<T>& a, const Vec3T<T>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class T>
REGOLITH_HD inline Vec3T<T> cross(const Vec3T<T>& a, const Vec3T<T>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
// Component `axis` (0: x, 1: y, 2: z) of v.
template <class T>
REGOLITH_HD inline T component(const Vec3T<T>& v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}
template <class T>
REGOLITH_HD inline bool isZero(const Vec3T<T>& a) {
  return a.x == T(0) && a.y == T(0) && a.z == T(0);
}
// x - x is 0 for every finite x and NaN for NaN and +-inf (IEEE; no <cmath> needed on the
// device). The one finiteness test of state values: the blow-up guard and the checks of
// frames and checkpoints read from files.
REGOLITH_HD inline bool isFiniteValue(double x) { return x - x == 0.0; }
template <class T>
REGOLITH_HD inline bool isFiniteVec(const Vec3T<T>& v) {
  return isFiniteValue(double(v.x)) && isFiniteValue(double(v.y)) && isFiniteValue(double(v.z));
}
template <class T>
REGOLITH_HD inline T norm2(const Vec3T<T>& a) {
  return dot(a, a);
}
template <class T>
REGOLITH_HD inline T norm(const Vec3T<T>& a) {
  return sqrt(dot(a, a));
}

// Unit quaternion, body to world.
struct Quat {
  double w, x, y, z;
  REGOLITH_HD Quat() : w(1), x(0), y(0), z(0) {}
  REGOLITH_HD Quat(double a, double b, double c, double d) : w(a), x(b), y(c), z(d) {}
};
REGOLITH_HD inline bool isFiniteQuat(const Quat& q) {
  return isFiniteValue(q.w) && isFiniteValue(q.x) && isFiniteValue(q.y) && isFiniteValue(q.z);
}

REGOLITH_HD inline Quat operator*(const Quat& a, const Quat& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
REGOLITH_HD inline Quat conjugate(const Quat& q) { return {q.w, -q.x, -q.y, -q.z}; }
// One Newton step towards unit length, q (3 - |q|^2) / 2: for a quaternion already unit
// to round-off (a product of unit quaternions) it restores the norm to O(eps^2) without
// the square root and division of an exact normalisation.
REGOLITH_HD inline Quat renormalized(const Quat& q) {
  const double s = 0.5 * (3.0 - (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z));
  return {q.w * s, q.x * s, q.y * s, q.z * s};
}
REGOLITH_HD inline Quat normalized(const Quat& q) {
  const double inv = 1.0 / sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return {q.w * inv, q.x * inv, q.y * inv, q.z * inv};
}

// v' = q v q*, written out (t = 2 q_v x v; v' = v + w t + q_v x t).
template <class T>
REGOLITH_HD REGOLITH_INLINE Vec3T<T> rotate(const Quat& q, const Vec3T<T>& v) {
  const Vec3d u(q.x, q.y, q.z);
  const Vec3d vd(v);
  const Vec3d t = cross(u, vd) * 2.0;
  return Vec3T<T>(vd + t * q.w + cross(u, t));
}
template <class T>
REGOLITH_HD inline Vec3T<T> rotateInverse(const Quat& q, const Vec3T<T>& v) {
  return rotate(conjugate(q), v);
}

// Rotation by the vector phi (axis * angle), exact exponential map. Per-step rotations
// are tiny (|phi| ~ 1e-4), so below 1e-2 rad the half-angle sine and cosine come from
// their Taylor series (truncation below 1e-19), which is far cheaper than sincos.
REGOLITH_HD REGOLITH_INLINE Quat quatFromRotationVector(const Vec3d& phi) {
  const double a2 = norm2(phi);
  double c, s;  // cos(a/2), sin(a/2)/a
  if (a2 < 1e-4) {
    c = 1.0 - a2 / 8.0 + a2 * a2 / 384.0 - a2 * a2 * a2 / 46080.0;
    s = 0.5 - a2 / 48.0 + a2 * a2 / 3840.0 - a2 * a2 * a2 / 645120.0;
  } else {
    const double a = sqrt(a2);
    c = cos(0.5 * a);
    s = sin(0.5 * a) / a;
  }
  return {c, phi.x * s, phi.y * s, phi.z * s};
}

}  // namespace regolith
