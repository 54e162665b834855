// A checkpoint's owners, spheres and contact keys checked for range and finiteness before a resume.
#include "io/checkpoint/checkpoint_check.h"

#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/simulation.h"

#include "io/run_file/frame_check.h"
#include "io/input_file_error.h"

namespace regolith {
namespace {

// Refuses the first row of `values` that fails `ok` as "<dataset> row i".
template <class T, class Ok>
void checkRows(const std::string& path, const std::string& dataset, const std::vector<T>& values, Ok ok,
               const std::string& expected) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!ok(values[i]))
      throw InputFileError(path, dataset + " row " + std::to_string(i), "a value outside it", expected);
}

// Sorted, distinct keys (first << 32 | second) whose halves are below their limits.
void checkKeys(const std::string& path, const std::string& dataset, const std::vector<unsigned long long>& keys,
               std::size_t firstLimit, std::size_t secondLimit, bool firstBelowSecond, const std::string& expected) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const unsigned long long first = keys[i] >> 32, second = keys[i] & 0xffffffffULL;
    const bool ok = first < firstLimit && second < secondLimit && (!firstBelowSecond || first < second) &&
                    (i == 0 || keys[i] > keys[i - 1]);
    if (!ok)
      throw InputFileError(path, dataset + " row " + std::to_string(i),
                           "(" + std::to_string(first) + ", " + std::to_string(second) + ")", expected);
  }
}

}  // namespace

void checkCheckpoint(const Checkpoint& c, const std::string& path, std::size_t boundaryCount,
                     std::uint64_t totalSteps) {
  // The random engine's state (a std::mt19937_64 in its text form): it goes into the
  // next checkpoint as it came, so garbage here would outlive the run that read it.
  {
    std::istringstream text(c.rngState);
    std::mt19937_64 rng;
    text >> rng;
    if (text.fail() || !(text >> std::ws).eof())
      throw InputFileError(path, "/rng_state",
                           "\"" + c.rngState.substr(0, 40) + (c.rngState.size() > 40 ? "...\"" : "\""),
                           "the text form of a std::mt19937_64 (313 unsigned integers)");
  }
  const EngineState& e = c.engine;
  if (e.steps > totalSteps)
    throw InputFileError(path, "/engine@steps", std::to_string(e.steps),
                         "a step within the scene's run (0 to " + std::to_string(totalSteps) + ")");

  const StateArrays& s = e.state;
  const std::string st = "/engine/state/";
  // Poses and velocities: the frames' rule (io/run_file/frame_check.h).
  if (const std::string bad = run_layout::firstNonFiniteOwnerRow(s); !bad.empty())
    throw InputFileError(path, st + bad, "a value that is not finite", "finite values");
  const auto finite = [](const Vec3& v) { return isFiniteVec(v); };
  const auto positive = [](Real x) { return isFiniteValue(x) && x > 0; };
  checkRows(
      path, st + "owner_orientation", s.ownerOrientation,
      [](const Quat& q) { return std::abs(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z - 1) < 1e-3; },
      "a unit quaternion (|q| within 1e-3 of 1)");
  checkRows(path, st + "owner_mass", s.ownerMass, positive, "a mass > 0");
  checkRows(
      path, st + "owner_inertia", s.ownerInertia,
      [&](const Vec3& v) { return positive(v.x) && positive(v.y) && positive(v.z); }, "moments > 0");
  checkRows(path, st + "sphere_offset", s.sphereOffset, finite, "finite values");
  checkRows(path, st + "sphere_radius", s.sphereRadius, positive, "a radius > 0");

  const ContactSnapshot& k = e.contacts;
  const std::size_t spheres = s.sphereCount();
  const std::string ct = "/engine/contacts/";
  if (k.pairShear.size() != k.pairKeys.size())
    throw InputFileError(path, ct + "pair_shear", std::to_string(k.pairShear.size()) + " rows",
                         std::to_string(k.pairKeys.size()) + ", one per pair key");
  if (k.wallShear.size() != k.wallKeys.size())
    throw InputFileError(path, ct + "wall_shear", std::to_string(k.wallShear.size()) + " rows",
                         std::to_string(k.wallKeys.size()) + ", one per wall key");
  checkKeys(path, ct + "pair_keys", k.pairKeys, spheres, spheres, true,
            "sorted (first, second) sphere pairs with first < second < " + std::to_string(spheres));
  checkKeys(
      path, ct + "wall_keys", k.wallKeys, spheres, boundaryCount, false,
      "sorted (sphere, boundary) pairs below (" + std::to_string(spheres) + ", " + std::to_string(boundaryCount) + ")");
  checkRows(path, ct + "pair_shear", k.pairShear, finite, "finite values");
  checkRows(path, ct + "wall_shear", k.wallShear, finite, "finite values");

  // The engine's numbering (optional): a permutation of the owners. Which owners it may
  // move (lone spheres without a boundary) the engine checks against the scene.
  if (e.ownerOrder.empty()) return;
  const std::size_t owners = s.ownerCount();
  const std::string order = "/engine/owner_order";
  if (e.ownerOrder.size() != owners)
    throw InputFileError(path, order, std::to_string(e.ownerOrder.size()) + " rows",
                         std::to_string(owners) + ", one per owner");
  std::vector<bool> seen(owners, false);
  checkRows(
      path, order, e.ownerOrder,
      [&seen, owners](Index o) {
        if (o < 0 || std::size_t(o) >= owners || seen[std::size_t(o)]) return false;
        seen[std::size_t(o)] = true;
        return true;
      },
      "each owner index from 0 to " + std::to_string(owners - 1) + " once (a permutation)");
}

void restoreCheckpoint(Simulation& sim, const Checkpoint& c, const std::string& path) {
  try {
    sim.restoreState(c.engine);
  } catch (const std::invalid_argument& e) {
    throw InputFileError(path, "/engine", e.what());
  }
}

}  // namespace regolith
