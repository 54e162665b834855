// Checks of a frame read from a run file (io/frame_check.h).
#include "io/frame_check.h"

#include <cmath>
#include <stdexcept>

namespace regolith::run_layout {
namespace {

// kernels/vec3.h's tests, by overload for the element types of the state's vectors.
template <class T>
bool finite(const Vec3T<T>& v) {
  return isFiniteVec(v);
}
bool finite(const Quat& q) { return isFiniteQuat(q); }

// The first element of `values` that is not finite, as "<dataset> row i", or "".
template <class T>
std::string firstNotFinite(const std::vector<T>& values, const char* dataset) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!finite(values[i])) return std::string(dataset) + " row " + std::to_string(i);
  return "";
}

}  // namespace

void checkFrame(const FrameData& f, const RunHeader& header, const std::string& where) {
  const auto fail = [&](const std::string& what) { throw std::runtime_error(where + "/" + what); };
  const std::size_t owners = f.state.ownerCount(), spheres = f.state.sphereCount();
  if (f.ownerTemplate.size() != owners)
    fail("owner_template: " + std::to_string(f.ownerTemplate.size()) + " rows, expected one per owner (" +
         std::to_string(owners) + ")");
  if (f.sphereCentres.size() != spheres)
    fail("sphere_position: " + std::to_string(f.sphereCentres.size()) + " rows, expected one per sphere (" +
         std::to_string(spheres) + ")");
  const auto templates = static_cast<long long>(header.templates.size());
  for (std::size_t o = 0; o < owners; ++o)
    if (f.ownerTemplate[o] < -1 || f.ownerTemplate[o] >= templates)
      fail("owner_template row " + std::to_string(o) + ": " + std::to_string(f.ownerTemplate[o]) +
           ", expected -1 (a body) or a template index 0.." + std::to_string(templates - 1));
  for (const std::string& bad : {firstNonFiniteOwnerRow(f.state), firstNotFinite(f.sphereCentres, "sphere_position")})
    if (!bad.empty()) fail(bad + ": not finite, expected a finite number");
}

std::string firstNonFiniteOwnerRow(const StateArrays& s) {
  for (const std::string& bad :
       {firstNotFinite(s.ownerPosition, "owner_position"), firstNotFinite(s.ownerOrientation, "owner_orientation"),
        firstNotFinite(s.ownerVelocity, "owner_velocity"),
        firstNotFinite(s.ownerAngularVelocity, "owner_angular_velocity")})
    if (!bad.empty()) return bad;
  return "";
}

}  // namespace regolith::run_layout
