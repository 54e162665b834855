// io/checkpoint_check.h.
#include "io/checkpoint_check.h"

#include <cmath>
#include <vector>

#include "io/input_file_error.h"

namespace regolith {
namespace {

// Vec3 is Vec3d in a double build and Vec3T<float> in a float one: one template for both.
template <class T>
bool finite(const Vec3T<T>& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool finite(const Quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}
bool positive(const Vec3& v) { return finite(v) && v.x > 0 && v.y > 0 && v.z > 0; }

template <class T>
std::string text(const Vec3T<T>& v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

class Checker {
 public:
  explicit Checker(const std::string& path) : m_path(path) {}

  // Every row of `values` must satisfy `ok`; the first that does not is refused.
  template <class T, class Ok>
  void rows(const std::string& dataset, const std::vector<T>& values, Ok ok, const std::string& expected) const {
    for (std::size_t i = 0; i < values.size(); ++i)
      if (!ok(values[i])) fail(dataset, i, describe(values[i]), expected);
  }

  [[noreturn]] void fail(const std::string& dataset, std::size_t row, const std::string& found,
                         const std::string& expected) const {
    throw InputFileError(m_path, dataset + " row " + std::to_string(row), found, expected);
  }
  [[noreturn]] void fail(const std::string& dataset, const std::string& found, const std::string& expected) const {
    throw InputFileError(m_path, dataset, found, expected);
  }

 private:
  template <class T>
  static std::string describe(const Vec3T<T>& v) {
    return text(v);
  }
  static std::string describe(const Quat& q) {
    return "(" + std::to_string(q.w) + ", " + std::to_string(q.x) + ", " + std::to_string(q.y) + ", " +
           std::to_string(q.z) + ")";
  }
  static std::string describe(double v) { return std::to_string(v); }
  static std::string describe(float v) { return std::to_string(v); }
  const std::string& m_path;
};

// Sorted, distinct keys whose halves are in range: (first << 32 | second).
void checkKeys(const Checker& check, const std::string& dataset, const std::vector<unsigned long long>& keys,
               std::size_t firstLimit, std::size_t secondLimit, bool firstBelowSecond, const std::string& expected) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const unsigned long long first = keys[i] >> 32, second = keys[i] & 0xffffffffULL;
    const bool ok = first < firstLimit && second < secondLimit && (!firstBelowSecond || first < second) &&
                    (i == 0 || keys[i] > keys[i - 1]);
    if (!ok)
      check.fail(dataset, i, "(" + std::to_string(first) + ", " + std::to_string(second) + ")", expected);
  }
}

}  // namespace

void checkCheckpoint(const Checkpoint& c, const std::string& path, std::size_t boundaryCount,
                     std::uint64_t totalSteps) {
  const Checker check(path);
  const EngineState& e = c.engine;
  if (e.steps > totalSteps)
    check.fail("/engine@steps", std::to_string(e.steps),
               "a step within the scene's run (0 to " + std::to_string(totalSteps) + ")");

  const StateArrays& s = e.state;
  const std::string st = "/engine/state/";
  check.rows(st + "owner_position", s.ownerPosition, [](const Vec3d& v) { return finite(v); }, "finite values");
  check.rows(st + "owner_orientation", s.ownerOrientation,
             [](const Quat& q) {
               return finite(q) && std::abs(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z - 1) < 1e-3;
             },
             "a unit quaternion (|q| within 1e-3 of 1)");
  check.rows(st + "owner_velocity", s.ownerVelocity, [](const Vec3& v) { return finite(v); }, "finite values");
  check.rows(st + "owner_angular_velocity", s.ownerAngularVelocity, [](const Vec3& v) { return finite(v); },
             "finite values");
  check.rows(st + "owner_mass", s.ownerMass, [](Real m) { return std::isfinite(m) && m > 0; }, "a mass > 0");
  check.rows(st + "owner_inertia", s.ownerInertia, [](const Vec3& v) { return positive(v); }, "moments > 0");
  check.rows(st + "sphere_offset", s.sphereOffset, [](const Vec3& v) { return finite(v); }, "finite values");
  check.rows(st + "sphere_radius", s.sphereRadius, [](Real r) { return std::isfinite(r) && r > 0; }, "a radius > 0");

  const ContactSnapshot& k = e.contacts;
  const std::size_t spheres = s.sphereCount();
  const std::string ct = "/engine/contacts/";
  if (k.pairShear.size() != k.pairKeys.size())
    check.fail(ct + "pair_shear", std::to_string(k.pairShear.size()) + " rows",
               std::to_string(k.pairKeys.size()) + ", one per pair key");
  if (k.wallShear.size() != k.wallKeys.size())
    check.fail(ct + "wall_shear", std::to_string(k.wallShear.size()) + " rows",
               std::to_string(k.wallKeys.size()) + ", one per wall key");
  checkKeys(check, ct + "pair_keys", k.pairKeys, spheres, spheres, true,
            "sorted (first, second) sphere pairs with first < second < " + std::to_string(spheres));
  checkKeys(check, ct + "wall_keys", k.wallKeys, spheres, boundaryCount, false,
            "sorted (sphere, boundary) pairs below (" + std::to_string(spheres) + ", " +
                std::to_string(boundaryCount) + ")");
  check.rows(ct + "pair_shear", k.pairShear, [](const Vec3& v) { return finite(v); }, "finite values");
  check.rows(ct + "wall_shear", k.wallShear, [](const Vec3& v) { return finite(v); }, "finite values");
}

}  // namespace regolith
