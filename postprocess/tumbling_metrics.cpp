// Tumbling-ring metrics from the ring's series; the bed's surface and the grains displaced downslope.
#include "postprocess/tumbling_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "clumps/bed_metrics.h"

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

double bedSurfaceHeight(const FrameData& frame) {
  const StateArrays& s = frame.state;
  double lo[2] = {std::numeric_limits<double>::max(), std::numeric_limits<double>::max()};
  double hi[2] = {-lo[0], -lo[1]};
  double largest = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    if (frame.ownerTemplate[o] < 0) continue;
    for (Index k = s.ownerSphereBegin[o]; k < s.ownerSphereBegin[o + 1]; ++k) {
      const Vec3d& c = frame.sphereCentres[static_cast<std::size_t>(k)];
      lo[0] = std::min(lo[0], c.x), hi[0] = std::max(hi[0], c.x);
      lo[1] = std::min(lo[1], c.y), hi[1] = std::max(hi[1], c.y);
      largest = std::max(largest, double(s.sphereRadius[static_cast<std::size_t>(k)]));
    }
  }
  if (largest == 0) return std::numeric_limits<double>::quiet_NaN();
  const double cell = 4 * largest;
  const auto cells = [cell](double a, double b) { return std::max<std::size_t>(1, std::size_t((b - a) / cell)); };
  const std::size_t nx = cells(lo[0], hi[0]), ny = cells(lo[1], hi[1]);
  const HeightMap map = surfaceHeights(s, frame.sphereCentres, lo[0], lo[1], hi[0], hi[1], nx, ny);
  if (nx < 3 || ny < 3) return map.mean();
  double sum = 0;
  std::size_t n = 0;
  for (std::size_t iy = 1; iy + 1 < ny; ++iy)
    for (std::size_t ix = 1; ix + 1 < nx; ++ix)
      if (std::isfinite(map.at(ix, iy))) sum += map.at(ix, iy), ++n;
  return n > 0 ? sum / double(n) : map.mean();
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
