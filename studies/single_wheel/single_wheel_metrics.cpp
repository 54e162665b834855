// Single-wheel metrics from the wheel's series: slip, sinkage, drawbar pull, torque, efficiency.
#include "studies/single_wheel/single_wheel_metrics.h"

#include <stdexcept>

#include "models/regression/slip.h"

namespace regolith::postprocess {

SingleWheelMetrics singleWheelMetrics(const std::vector<SeriesSample>& wheel, const SingleWheelStudy& study) {
  SingleWheelMetrics m;
  const double drive = study.driveEnd - study.driveStart;
  m.window = {study.driveStart + study.steadyAfter * drive, study.driveEnd,
              "drive_start + " + std::to_string(study.steadyAfter) + " x (end - drive_start) to the end of the run"};

  std::vector<double> t, z, vx, wy, fx, fz, torque;
  bool touched = false;
  for (const SeriesSample& s : wheel) {
    if (!touched && s.contacts > 0) {
      touched = true;
      m.firstContactTime = s.time;
      m.firstContactHeight = s.position.z;
    }
    t.push_back(s.time);
    z.push_back(s.position.z);
    vx.push_back(double(s.velocity.x));
    wy.push_back(double(s.angularVelocity.y));
    fx.push_back(double(s.force.x));
    fz.push_back(double(s.force.z));
    torque.push_back(-double(s.torque.y));
  }
  if (!touched)
    throw std::invalid_argument("the wheel \"" + study.wheel +
                                "\" never touches the bed: no sinkage or loads to measure");
  if (m.firstContactTime > m.window.begin)
    throw std::invalid_argument("the wheel \"" + study.wheel +
                                "\" first touches at t = " + std::to_string(m.firstContactTime) +
                                " s, after the steady window begins (" + std::to_string(m.window.begin) + " s)");

  m.forwardSpeed = windowMean(t, vx, m.window);
  m.angularVelocity = windowMean(t, wy, m.window);
  m.slip = regression::slipRatio(m.forwardSpeed, m.angularVelocity * study.radius);
  m.sinkage = m.firstContactHeight - windowMean(t, z, m.window);
  std::vector<double> wt, wz;
  for (std::size_t i : samplesIn(t, m.window)) {
    wt.push_back(t[i]);
    wz.push_back(z[i]);
  }
  m.sinkageRate = fitLine(wt, wz).slope;
  m.drawbarPull = windowMean(t, fx, m.window);
  m.drawbarPullStdDev = windowStdDev(t, fx, m.window);
  m.torque = windowMean(t, torque, m.window);
  m.torqueStdDev = windowStdDev(t, torque, m.window);
  m.verticalForce = windowMean(t, fz, m.window);
  m.weight = study.mass * study.gravity;
  m.drawbarPullCoefficient = m.drawbarPull / m.weight;
  m.torqueCoefficient = m.torque / (m.weight * study.radius);
  m.tractiveEfficiency = (m.drawbarPull * m.forwardSpeed) / (m.torque * m.angularVelocity);
  return m;
}

}  // namespace regolith::postprocess
