// Angle of repose: the heap's surface profile binned by radius and sector, and its line fit.
#include "studies/repose/repose_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace regolith::postprocess {
namespace {

constexpr double kDegrees = 180 / M_PI;

std::string decimalText(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

std::string percent(double fraction) { return std::to_string(int(std::lround(100 * fraction))) + " %"; }

}  // namespace

ReposeMetrics reposeMetrics(const FrameData& frame, const ReposeStudy& study) {
  const StateArrays& s = frame.state;
  ReposeMetrics m;
  // The grains' spheres, and the largest radius (the bin width is its diameter).
  std::vector<std::size_t> spheres;
  double largest = 0;
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    if (frame.ownerTemplate[o] < 0 || !(s.ownerPosition[o].z > study.floorHeight)) continue;
    ++m.grains;
    for (Index k = s.ownerSphereBegin[o]; k < s.ownerSphereBegin[o + 1]; ++k) {
      spheres.push_back(static_cast<std::size_t>(k));
      largest = std::max(largest, double(s.sphereRadius[static_cast<std::size_t>(k)]));
    }
  }
  if (spheres.empty())
    throw std::invalid_argument("no grain lies above the floor (floor_height " + std::to_string(study.floorHeight) +
                                " m): no heap to measure");
  m.binWidth = 2 * largest;

  // Each cell's highest sphere top, keyed by (bin, sector).
  std::map<std::pair<std::size_t, int>, ProfilePoint> cells;
  std::size_t bins = 0;
  for (std::size_t k : spheres) {
    const Vec3d& c = frame.sphereCentres[k];
    const double dx = c.x - study.centreX, dy = c.y - study.centreY;
    const double radius = std::hypot(dx, dy);
    const double top = c.z + double(s.sphereRadius[k]) - study.floorHeight;
    const std::size_t bin = static_cast<std::size_t>(radius / m.binWidth);
    const int sector = std::min(study.sectors - 1, int((std::atan2(dy, dx) + M_PI) / (2 * M_PI) * study.sectors));
    const ProfilePoint point{radius, top, sector, bin, false};
    const auto [cell, added] = cells.try_emplace({bin, sector}, point);
    if (!added && top > cell->second.height) cell->second = point;
    bins = std::max(bins, bin + 1);
  }
  m.profile.resize(bins);
  for (std::size_t b = 0; b < bins; ++b) m.profile[b].radius = (double(b) + 0.5) * m.binWidth;
  for (const auto& [key, cell] : cells) {
    m.profile[key.first].height += cell.height;
    ++m.profile[key.first].cells;
  }
  std::size_t peak = 0;
  for (std::size_t b = 0; b < bins; ++b) {
    if (m.profile[b].cells > 0) m.profile[b].height /= m.profile[b].cells;
    if (m.profile[b].height > m.profile[peak].height) peak = b;
  }
  m.peakHeight = m.profile[peak].height;

  // The flank: from the first bin outside the peak below the top height up to the first
  // below the foot (an empty bin is the floor: height 0).
  m.flankTop = study.upperFraction * m.peakHeight;
  m.flankFoot = std::max(study.lowerFraction * m.peakHeight, study.footDiameters * m.binWidth);
  std::size_t from = peak;
  while (from < bins && m.profile[from].height >= m.flankTop) ++from;
  std::size_t to = from;
  while (to < bins && m.profile[to].height >= m.flankFoot) ++to;
  m.fitFrom = double(from) * m.binWidth;
  m.fitTo = double(to) * m.binWidth;
  if (to - from < 3)
    throw std::invalid_argument("the heap's flank (profile from " + std::to_string(m.flankTop) + " m down to " +
                                std::to_string(m.flankFoot) + " m above the floor, the peak at " +
                                std::to_string(m.peakHeight) + " m) spans " + std::to_string(to - from) +
                                " radial bins of " + std::to_string(m.binWidth) +
                                " m, fewer than the 3 a line needs: no heap, or too few grains for one");

  std::vector<double> r, h;
  std::vector<std::vector<double>> sectorR(static_cast<std::size_t>(study.sectors)), sectorH = sectorR;
  for (auto& [key, cell] : cells) {
    cell.inFit = key.first >= from && key.first < to;
    m.points.push_back(cell);
    if (!cell.inFit) continue;
    r.push_back(cell.radius), h.push_back(cell.height);
    sectorR[static_cast<std::size_t>(cell.sector)].push_back(cell.radius);
    sectorH[static_cast<std::size_t>(cell.sector)].push_back(cell.height);
  }
  m.fit = fitLine(r, h);
  if (!(m.fit.slope < 0))
    throw std::invalid_argument("the surface does not fall outwards over the flank (slope " +
                                std::to_string(m.fit.slope) + "): not a heap about the axis given");
  m.angleDeg = std::atan(-m.fit.slope) * kDegrees;
  m.baseRadius = m.fit.intercept / -m.fit.slope;

  // Each sector alone: the heap's asymmetry.
  std::vector<double> angles;
  for (int k = 0; k < study.sectors; ++k) {
    const auto i = static_cast<std::size_t>(k);
    if (sectorR[i].size() < 3) continue;
    angles.push_back(std::atan(-fitLine(sectorR[i], sectorH[i]).slope) * kDegrees);
  }
  m.sectorsFitted = int(angles.size());
  if (!angles.empty()) {
    double sum = 0, square = 0;
    for (double a : angles) sum += a;
    m.sectorAngleMeanDeg = sum / double(angles.size());
    for (double a : angles) square += (a - m.sectorAngleMeanDeg) * (a - m.sectorAngleMeanDeg);
    m.sectorAngleStdDeg = std::sqrt(square / double(angles.size()));
    m.sectorAngleMinDeg = *std::min_element(angles.begin(), angles.end());
    m.sectorAngleMaxDeg = *std::max_element(angles.begin(), angles.end());
  }
  m.method = "surface profile fit: the highest sphere top (z + r above the floor) in each cell of " +
             std::to_string(study.sectors) +
             " angular sectors about the heap axis by radial bins one largest sphere diameter wide; "
             "a straight line h = slope r + intercept by least squares through those tops over the "
             "flank, the bins from the first outside the peak whose sector-mean top is below " +
             percent(study.upperFraction) + " of the peak height to the last not below " +
             percent(study.lowerFraction) + " of it nor below " + decimalText(study.footDiameters) +
             " sphere diameters (the run-out layer); angle = atan(-slope)";
  return m;
}

}  // namespace regolith::postprocess
