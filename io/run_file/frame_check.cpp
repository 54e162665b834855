// Checks of a frame read from a run file (io/run_file/frame_check.h).
#include "io/run_file/frame_check.h"

#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace regolith::run_layout {
namespace {

// kernels/backend/vec3.h's tests, by overload for the element types of the state's vectors.
template <class T>
bool finite(const Vec3T<T>& v) {
  return isFiniteVec(v);
}
bool finite(const Quat& q) { return isFiniteQuat(q); }
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
bool finite(T x) {
  return std::isfinite(double(x));
}

// The first element of `values` that is not finite, as "<dataset> row i", or "".
template <class T>
std::string firstNotFinite(const std::vector<T>& values, const char* dataset) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!finite(values[i])) return std::string(dataset) + " row " + std::to_string(i);
  return "";
}

// The contact keys of a frame that stores contacts: each row's spheres (and boundary) exist
// in the frame, and each force is finite. A viewer or a metric indexes spheres with them.
template <class Fail>
void checkContacts(const ContactForces& c, std::size_t spheres, std::size_t boundaries, const Fail& fail) {
  if (c.pairFirst.size() != c.pairSecond.size() || c.pairForce.size() != c.pairFirst.size())
    fail("contact_pair, contact_force: " + std::to_string(c.pairFirst.size()) + " and " +
         std::to_string(c.pairForce.size()) + " rows, expected one force per pair");
  if (c.wallSphere.size() != c.wallBoundary.size() || c.wallForce.size() != c.wallSphere.size())
    fail("wall_contact, wall_contact_force: " + std::to_string(c.wallSphere.size()) + " and " +
         std::to_string(c.wallForce.size()) + " rows, expected one force per contact");
  const auto outside = [](Index i, std::size_t n) { return i < 0 || static_cast<std::size_t>(i) >= n; };
  const std::string sphereRange = "a sphere index 0.." + std::to_string(static_cast<long long>(spheres) - 1);
  for (std::size_t k = 0; k < c.pairFirst.size(); ++k)
    if (outside(c.pairFirst[k], spheres) || outside(c.pairSecond[k], spheres))
      fail("contact_pair row " + std::to_string(k) + ": (" + std::to_string(c.pairFirst[k]) + ", " +
           std::to_string(c.pairSecond[k]) + "), expected " + sphereRange);
  for (std::size_t k = 0; k < c.wallSphere.size(); ++k) {
    if (outside(c.wallSphere[k], spheres))
      fail("wall_contact row " + std::to_string(k) + ": sphere " + std::to_string(c.wallSphere[k]) + ", expected " +
           sphereRange);
    if (outside(c.wallBoundary[k], boundaries))
      fail("wall_contact row " + std::to_string(k) + ": boundary " + std::to_string(c.wallBoundary[k]) +
           ", expected a boundary index 0.." + std::to_string(static_cast<long long>(boundaries) - 1));
  }
  for (const std::string& bad :
       {firstNotFinite(c.pairForce, "contact_force"), firstNotFinite(c.wallForce, "wall_contact_force")})
    if (!bad.empty()) fail(bad + ": not finite, expected a finite number");
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
  if (!(std::isfinite(f.time) && f.time >= 0))
    fail("time attribute: " + std::to_string(f.time) + ", expected a finite time >= 0 s");
  // A run steps at one time step, so a frame's step and time agree to within half a step
  // (a step of 2^62 in a frame at t = 1 s is a damaged attribute, not a long run).
  const double dt = header.meta.timeStep;
  if (dt > 0 && std::fabs(double(f.step) * dt - f.time) > 0.5 * dt + 1e-9 * f.time)
    fail("step attribute: " + std::to_string(f.step) + ", expected the frame's time over the time step (" +
         std::to_string(f.time) + " s / " + std::to_string(dt) + " s = " + std::to_string(std::llround(f.time / dt)) +
         ")");
  checkContacts(f.contacts, spheres, f.boundaries.size(), fail);
}

std::string firstNonFiniteOwnerRow(const StateArrays& s) {
  // The fields the integrator moves (EveryStep, not the engine's results), in table order.
  std::string bad;
  forEachStateField(
      [&](const StateField& f, const auto& v) {
        if (bad.empty() && f.change == FieldChange::EveryStep && !f.result()) bad = firstNotFinite(v, f.dataset);
      },
      s);
  return bad;
}

}  // namespace regolith::run_layout
