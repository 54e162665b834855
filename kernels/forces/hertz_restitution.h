// The restitution of one Hertz–Mindlin normal impact as a function of its damping ratio,
// and the damping ratio that gives a declared restitution when the normal force is kept
// compressive (host code, once per material pair: kernels/forces/hertz_mindlin.h).
//
// With c_n = -2 sqrt(5/6) beta sqrt(S_n m*) (Tsuji et al. 1992), the impact scales out: in
// units where m* = 1, (4/3) E* sqrt(R*) = 1 and the impact speed is 1, the overlap x obeys
//   x'' = -F,   F = x^(3/2) + sqrt(5) |beta| x^(1/4) x'      (x' > 0 approaching)
// so the restitution depends on beta alone, for any material, size and speed. Without a
// floor on F the model's beta(e) = ln e / sqrt(ln^2 e + pi^2) gives e to 1e-5 (this
// integrator's check, tests/physics/friction_law_test.cpp); with F clipped at 0 (a normal
// force that never pulls) the same beta rebounds much higher (a target of 0.1 gives about
// 0.25), so beta is found here by integrating the impact and solving for the declared e.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

namespace regolith {

// The restitution of the scaled impact with damping ratio beta (<= 0), the normal force
// clipped at 0 when `compressive`. Classical fourth-order Runge–Kutta at a step of 2e-4 of
// the scaled time (the undamped impact lasts 3.22): the exit speed is read where the
// overlap returns to 0, interpolated within the step. Accurate to about 1e-6.
inline double hertzRestitution(double beta, bool compressive) {
  const double damping = std::sqrt(5.0) * std::fabs(beta);
  const auto accel = [&](double x, double v) {
    const double xp = std::max(x, 0.0);
    const double f = xp * std::sqrt(xp) + damping * std::sqrt(std::sqrt(xp)) * v;
    return -(compressive ? std::max(f, 0.0) : f);
  };
  const double h = 2e-4;
  double x = 0, v = 1;
  // A heavily damped impact ends slowly (the grain creeps out as the spring relaxes): give
  // up, as e = 0, once it has lasted 1e4 scaled times (3,000 undamped impacts).
  for (long step = 0; step < 50000000L; ++step) {
    const double k1x = v, k1v = accel(x, v);
    const double k2x = v + 0.5 * h * k1v, k2v = accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v);
    const double k3x = v + 0.5 * h * k2v, k3v = accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v);
    const double k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v);
    const double xn = x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    const double vn = v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    if (step > 0 && xn <= 0) {
      const double s = x / (x - xn);  // where the overlap crosses 0, linearly within the step
      return -(v + s * (vn - v));
    }
    x = xn, v = vn;
  }
  return 0;
}

// The damping ratio (<= 0) that makes the compressive-only impact rebound at e (0 < e <= 1):
// bisection on |beta| until the restitution is within 1e-9 of e (hertzRestitution falls
// monotonically as the damping grows). Each solve takes 25-40 ms, and a scene asks once per
// material pair and again whenever its settings are rebuilt, so the answers are kept per e
// for the life of the process (a handful of entries; the lock makes concurrent builds safe).
inline double compressiveDampingRatio(double e) {
  if (e >= 1.0) return 0.0;
  static std::mutex guard;
  static std::map<double, double> solved;
  {
    const std::lock_guard<std::mutex> lock(guard);
    const auto known = solved.find(e);
    if (known != solved.end()) return known->second;
  }
  double lo = 0, hi = 1;
  while (hertzRestitution(-hi, true) > e && hi < 1e3) hi *= 2;
  for (int i = 0; i < 100 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (hertzRestitution(-mid, true) > e) lo = mid;
    else hi = mid;
  }
  const double beta = -0.5 * (lo + hi);
  const std::lock_guard<std::mutex> lock(guard);
  solved.emplace(e, beta);
  return beta;
}

}  // namespace regolith
