// Plate-intrusion metrics: force-depth line fits and stress per depth over the stroke window.
#include "studies/plate_intrusion/plate_intrusion_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace regolith::postprocess {
namespace {

// A straight line needs at least three points to have an R^2 that says anything.
constexpr std::size_t kMinimumRows = 3;

std::string metres(double v) { return std::to_string(v) + " m"; }

}  // namespace

PlateIntrusionMetrics plateIntrusionMetrics(const std::vector<SeriesSample>& plate, const PlateIntrusionStudy& study,
                                            double surfaceHeight) {
  if (!(study.area > 0)) throw std::invalid_argument("the plate's area must be > 0");
  double lo = study.halfHeight, hi = std::numeric_limits<double>::infinity();
  std::string rule = "stroke rows with the plate wholly under the surface (depth >= half_height = " +
                     metres(study.halfHeight) + ")";
  if (study.fitDepth) {
    lo = std::max(lo, (*study.fitDepth)[0]);
    hi = (*study.fitDepth)[1];
    rule += " and within fit_depth [" + metres((*study.fitDepth)[0]) + ", " + metres(hi) + "]";
  }

  PlateIntrusionMetrics m;
  std::vector<double> t, depth, fx, fz;
  m.maxDepth = -std::numeric_limits<double>::infinity();
  for (const SeriesSample& s : plate) {
    if (s.time < study.strokeStart || s.time > study.strokeEnd) continue;
    const double d = surfaceHeight - s.position.z;
    if (d > m.maxDepth) {
      m.maxDepth = d;
      m.forceXAtMaxDepth = double(s.force.x);
      m.forceZAtMaxDepth = double(s.force.z);
    }
    if (d < lo || d > hi) continue;
    t.push_back(s.time);
    depth.push_back(d);
    fx.push_back(double(s.force.x));
    fz.push_back(double(s.force.z));
  }
  if (!std::isfinite(m.maxDepth))
    throw std::invalid_argument("no series rows between stroke_start and stroke_end: nothing to measure");
  if (t.size() < kMinimumRows)
    throw std::invalid_argument("the fit window (" + rule + ") holds " + std::to_string(t.size()) +
                                " series rows, fewer than " + std::to_string(kMinimumRows) + "; the stroke reaches " +
                                metres(m.maxDepth) +
                                " deep (a longer travel, a deeper entry or more rows: output.series_interval)");
  m.rows = t.size();
  m.window = {t.front(), t.back(), rule};
  m.depthBegin = *std::min_element(depth.begin(), depth.end());
  m.depthEnd = *std::max_element(depth.begin(), depth.end());

  double sumX = 0, sumZ = 0;
  std::size_t below = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (depth[i] > 0) {
      sumX += fx[i] / (depth[i] * study.area);
      sumZ += fz[i] / (depth[i] * study.area);
      ++below;
    }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  m.meanAlphaX = below ? sumX / double(below) : nan;
  m.meanAlphaZ = below ? sumZ / double(below) : nan;

  // A stroke at constant depth (gamma = 0, prescribed exactly) has no depth range to fit.
  if (m.depthEnd - m.depthBegin > 1e-9) {
    m.forceX = fitLine(depth, fx);
    m.forceZ = fitLine(depth, fz);
  } else {
    m.forceX = m.forceZ = LineFit{nan, nan, nan, t.size()};
  }
  m.stressPerDepthX = m.forceX.slope / study.area;
  m.stressPerDepthZ = m.forceZ.slope / study.area;
  return m;
}

}  // namespace regolith::postprocess
