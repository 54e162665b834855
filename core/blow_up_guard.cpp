// The blow-up speed limit, the first faulty (and the fastest) owner of a state, and the words.
#include "core/blow_up_guard.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace regolith {
namespace {

std::string vec(const Vec3d& v) {
  std::ostringstream s;
  s << '(' << v.x << ", " << v.y << ", " << v.z << ')';
  return s.str();
}

std::string describe(OwnerFault f, const StateArrays& s, std::size_t i, double speedLimit, double spinRadius) {
  const Vec3& v = s.ownerVelocity[i];
  const Vec3& w = s.ownerAngularVelocity[i];
  const Quat& q = s.ownerOrientation[i];
  std::ostringstream o;
  switch (f) {
    case OwnerFault::Position:
      o << "position is not finite " << vec(s.ownerPosition[i]);
      break;
    case OwnerFault::Orientation:
      o << "orientation is not finite (" << q.w << ", " << q.x << ", " << q.y << ", " << q.z << ')';
      break;
    case OwnerFault::Velocity:
      o << "velocity is not finite " << vec(Vec3d(v.x, v.y, v.z));
      break;
    case OwnerFault::AngularVelocity:
      o << "angular velocity is not finite " << vec(Vec3d(w.x, w.y, w.z));
      break;
    case OwnerFault::Speed:
      o << "speed " << std::sqrt(double(norm2(v))) << " m/s, above the limit " << speedLimit << " m/s";
      break;
    case OwnerFault::Spin:
      o << "spin " << std::sqrt(double(norm2(w))) << " rad/s (surface speed "
        << std::sqrt(double(norm2(w))) * spinRadius << " m/s), above the limit " << speedLimit << " m/s";
      break;
    case OwnerFault::None:
      o << "speed " << std::sqrt(double(norm2(v))) << " m/s";
      break;
  }
  return o.str();
}

}  // namespace

double blowUpSpeed(double minRadius, double timeStep) {
  return minRadius > 0 ? minRadius / timeStep : std::numeric_limits<double>::infinity();
}

std::optional<OwnerFaultReport> firstOwnerFault(const StateArrays& s, double speedLimit, double spinRadius) {
  for (std::size_t i = 0; i < s.ownerCount(); ++i) {
    const OwnerFault f = ownerFault(s.ownerPosition[i], s.ownerOrientation[i], s.ownerVelocity[i],
                                    s.ownerAngularVelocity[i], speedLimit * speedLimit, spinRadius * spinRadius);
    if (f != OwnerFault::None) return OwnerFaultReport{Index(i), f, describe(f, s, i, speedLimit, spinRadius)};
  }
  return std::nullopt;
}

OwnerFaultReport fastestOwner(const StateArrays& s) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < s.ownerCount(); ++i)
    if (norm2(s.ownerVelocity[i]) > norm2(s.ownerVelocity[best])) best = i;
  if (s.ownerCount() == 0) return {};
  return {Index(best), OwnerFault::None, describe(OwnerFault::None, s, best, 0, 0)};
}

}  // namespace regolith
