// Tumbling-ring metrics from the ring's series; the grains displaced downslope.
#include "studies/tumbling/tumbling_metrics.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace regolith::postprocess {
namespace {

double length(const Vec3& v) { return std::sqrt(double(dot(v, v))); }

}  // namespace

TumblingMetrics tumblingMetrics(const std::vector<SeriesSample>& ring, const TumblingStudy& study,
                                double surfaceHeight) {
  TumblingMetrics m;
  m.window = {study.release, study.end, "release to the end of the run"};
  m.surfaceHeight = surfaceHeight;
  std::vector<double> t;
  for (const SeriesSample& s : ring) t.push_back(s.time);
  const std::vector<std::size_t> in = samplesIn(t, m.window);
  const SeriesSample& first = ring[in.front()];
  const SeriesSample& last = ring[in.back()];
  m.travel = last.position.x - first.position.x;
  m.meanSpeed = m.travel / (last.time - first.time);
  m.finalSpeed = double(last.velocity.x);

  std::vector<double> wt, normal, friction, power;
  std::size_t airborne = 0, touching = 0;
  double sinkSum = 0;
  bool inEpisode = false;
  Vec3d impulse;
  for (std::size_t k = 0; k < in.size(); ++k) {
    const SeriesSample& s = ring[in[k]];
    wt.push_back(s.time);
    normal.push_back(length(s.forceNormal));
    friction.push_back(length(s.forceTangential));
    power.push_back(double(dot(s.force, s.velocity)) + double(dot(s.torque, s.angularVelocity)));
    m.maxSpeed = std::max(m.maxSpeed, length(s.velocity));
    m.peakNormalForce = std::max(m.peakNormalForce, normal.back());
    if (s.contacts == 0) {
      ++airborne;
      inEpisode = false;
      continue;
    }
    ++touching;
    const double sink = surfaceHeight - (s.position.z - study.radius);
    sinkSum += sink;
    m.maxSinkage = touching == 1 ? sink : std::max(m.maxSinkage, sink);
    // The episode's impulse: trapezoids between its consecutive rows.
    if (!inEpisode) {
      inEpisode = true;
      ++m.contactEpisodes;
      impulse = Vec3d();
    } else {
      const SeriesSample& p = ring[in[k - 1]];
      const double dt = s.time - p.time;
      impulse += Vec3d(0.5 * dt * (double(s.force.x) + double(p.force.x)),
                       0.5 * dt * (double(s.force.y) + double(p.force.y)),
                       0.5 * dt * (double(s.force.z) + double(p.force.z)));
    }
    m.peakImpulse = std::max(m.peakImpulse, std::sqrt(dot(impulse, impulse)));
  }
  m.airborneFraction = double(airborne) / double(in.size());
  m.meanSinkage = touching > 0 ? sinkSum / double(touching) : 0;
  const TimeWindow all{wt.front(), wt.back(), ""};
  m.meanNormalForce = windowMean(wt, normal, all);
  m.meanFrictionForce = windowMean(wt, friction, all);
  m.energyDissipated = -windowMean(wt, power, all) * (wt.back() - wt.front());
  return m;
}

DisplacedGrains displacedDownslope(const FrameData& before, const FrameData& after, double threshold) {
  if (before.state.ownerCount() != after.state.ownerCount())
    throw std::invalid_argument("frames of different owner counts: not one run");
  DisplacedGrains d;
  for (std::size_t o = 0; o < before.state.ownerCount(); ++o) {
    if (before.ownerTemplate[o] < 0) continue;
    if (after.state.ownerPosition[o].x - before.state.ownerPosition[o].x > threshold) {
      d.mass += double(before.state.ownerMass[o]);
      ++d.count;
    }
  }
  return d;
}

}  // namespace regolith::postprocess
