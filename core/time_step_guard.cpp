// Rayleigh time and the time-step guard.
#include "core/time_step_guard.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace regolith {

double rayleighTime(const Material& m, double radius) {
  const double shear = m.youngsModulus / (2.0 * (1.0 + m.poissonRatio));
  return M_PI * radius * std::sqrt(m.density / shear) / (0.1631 * m.poissonRatio + 0.8766);
}

RayleighLimit finestRayleighTime(const std::vector<Material>& materials, const StateArrays& s) {
  RayleighLimit out;
  out.rayleighTime = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < s.sphereCount(); ++i) {
    const Material& m = materials.at(static_cast<std::size_t>(s.sphereMaterial[i]));
    const double t = rayleighTime(m, s.sphereRadius[i]);
    if (t < out.rayleighTime) {
      out.rayleighTime = t;
      out.material = m.name;
      out.materialIndex = static_cast<std::size_t>(s.sphereMaterial[i]);
      out.radius = s.sphereRadius[i];
    }
  }
  return out;
}

void enforceTimeStep(double dt, const RayleighLimit& limit, double fraction, bool allowOverride) {
  if (!(std::isfinite(dt) && dt > 0)) {
    throw TimeStepError("time step " + std::to_string(dt) + " s: expected a finite value > 0");
  }
  const double maxDt = fraction * limit.rayleighTime;
  if (dt <= maxDt || allowOverride) return;
  std::ostringstream msg;
  msg.precision(4);
  msg << "time step " << dt << " s is above the Rayleigh limit: t_R = " << limit.rayleighTime << " s for material '"
      << limit.material << "' at radius " << limit.radius << " m, limit " << fraction << " t_R = " << maxDt
      << " s. Use a smaller step, or override the guard explicitly if you know why.";
  throw TimeStepError(msg.str());
}

}  // namespace regolith
