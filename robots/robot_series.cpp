// A robot run's series rows (robot_series.h).
#include "robots/robot_series.h"

#include <algorithm>

namespace regolith::robots {

RobotBodyRow bodyRow(const BodySample& s) {
  RobotBodyRow r;
  for (int i = 0; i < 3; ++i) {
    r.position[i] = s.position[i];
    r.velocity[i] = s.velocity[i];
    r.angularVelocity[i] = s.angularVelocity[i];
    r.force[i] = s.terrainForce[i];
    r.moment[i] = s.terrainMoment[i];
  }
  for (int i = 0; i < 4; ++i) r.orientation[i] = s.orientation[i];
  r.platesInContact = s.platesInContact;
  r.sinkage = s.sinkage;
  return r;
}

std::vector<double> wheelRow(double time, const WheelSoilWrench& w) {
  return {time, w.contact ? 1.0 : 0.0, w.sinkage, w.slip, w.slipAngle, w.load, w.drawbarPull, w.lateral, w.torque};
}

void ActuatorWork::add(const mjModel* m, const mjData* d, double dt) {
  for (int i = 0; i < m->nu; ++i) {
    const double power = d->actuator_force[i] * d->actuator_velocity[i];
    positive += std::max(0.0, power) * dt;
    net += power * dt;
  }
}

RobotSeriesRecorder::RobotSeriesRecorder(const RobotSimulation& sim, const std::string& control) {
  m_series.header.bodyNames = sim.bodyNames();
  m_series.header.timeStep = sim.timeStep();
  m_series.header.control = control;
  m_series.bodyRows.resize(m_series.header.bodyNames.size());
  for (const WheelTerrainForces::Wheel& w : sim.wheels().wheels())
    m_series.wheelNames.push_back(m_series.header.bodyNames[static_cast<std::size_t>(w.body - 1)]);
  m_series.wheelRows.resize(m_series.wheelNames.size());
}

void RobotSeriesRecorder::record(RobotSimulation& sim, const ActuatorWork& work) {
  const double t = sim.time();
  const std::vector<BodySample> samples = sim.sample();
  for (std::size_t b = 0; b < samples.size() && b < m_series.bodyRows.size(); ++b) {
    const std::vector<double> row = robotSeriesRow(t, bodyRow(samples[b]));
    m_series.bodyRows[b].insert(m_series.bodyRows[b].end(), row.begin(), row.end());
  }
  m_series.actuatorWork.insert(m_series.actuatorWork.end(), {t, work.positive, work.net});
  const std::vector<WheelTerrainForces::Wheel>& wheels = sim.wheels().wheels();
  for (std::size_t w = 0; w < wheels.size() && w < m_series.wheelRows.size(); ++w) {
    const std::vector<double> row = wheelRow(t, wheels[w].last);
    m_series.wheelRows[w].insert(m_series.wheelRows[w].end(), row.begin(), row.end());
  }
  // As far as it went, the series is whole: a run file's end, at its last row.
  m_series.header.end = "completed";
  m_series.header.endTime = t;
  m_series.header.duration = t;
}

}  // namespace regolith::robots
