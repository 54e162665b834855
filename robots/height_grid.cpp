// The deforming height grid: press, bulldoze, slide (height_grid.h).
#include "robots/height_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace regolith::robots {

HeightGrid::HeightGrid(double x0, double y0, double spacing, int nx, int ny, std::vector<double> heights,
                       double reposeAngle)
    : m_x0(x0), m_y0(y0), m_spacing(spacing), m_nx(nx), m_ny(ny), m_h(std::move(heights)) {
  if (!(spacing > 0) || !std::isfinite(spacing)) throw std::invalid_argument("height grid spacing must be > 0");
  if (nx < 2 || ny < 2) throw std::invalid_argument("height grid needs at least 2 x 2 nodes");
  if (m_h.size() != static_cast<std::size_t>(nx) * ny)
    throw std::invalid_argument("height grid: " + std::to_string(m_h.size()) + " heights for " + std::to_string(nx) +
                                " x " + std::to_string(ny) + " nodes");
  for (double h : m_h)
    if (!std::isfinite(h)) throw std::invalid_argument("height grid heights must be finite");
  if (!(reposeAngle > 0 && reposeAngle < M_PI / 2))
    throw std::invalid_argument("repose angle must be in (0, 90) degrees");
  m_maxStep = spacing * std::tan(reposeAngle);
  m_rft = m_h;
  m_pressed.assign(m_h.size(), 0);
}

bool HeightGrid::covers(double x, double y) const {
  const double u = (x - m_x0) / m_spacing, v = (y - m_y0) / m_spacing;
  return u >= 0 && v >= 0 && u <= m_nx - 1 && v <= m_ny - 1;
}

double HeightGrid::interpolate(const std::vector<double>& h, double x, double y) const {
  const double u = std::clamp((x - m_x0) / m_spacing, 0.0, m_nx - 1.0);
  const double v = std::clamp((y - m_y0) / m_spacing, 0.0, m_ny - 1.0);
  const int i = std::min(static_cast<int>(u), m_nx - 2), j = std::min(static_cast<int>(v), m_ny - 2);
  const double fu = u - i, fv = v - j;
  const double h00 = h[index(i, j)], h10 = h[index(i + 1, j)];
  const double h01 = h[index(i, j + 1)], h11 = h[index(i + 1, j + 1)];
  return (1 - fv) * ((1 - fu) * h00 + fu * h10) + fv * ((1 - fu) * h01 + fu * h11);
}

double HeightGrid::heightAt(double x, double y) const { return interpolate(m_h, x, y); }
double HeightGrid::rftHeightAt(double x, double y) const { return interpolate(m_rft, x, y); }

double HeightGrid::volume() const {
  double sum = 0;
  for (double h : m_h) sum += h;
  return sum * m_spacing * m_spacing;
}

void HeightGrid::update(const std::vector<GridPlate>& plates) {
  // 1. press: the deepest plate per node, below the node.
  const std::size_t n = m_h.size();
  std::vector<double> target(n, std::numeric_limits<double>::infinity());
  std::vector<int> deepest(n, -1);
  for (std::size_t p = 0; p < plates.size(); ++p) {
    const Eigen::Vector3d& c = plates[p].centroid;
    if (!covers(c.x(), c.y())) continue;
    const int i = static_cast<int>(std::lround((c.x() - m_x0) / m_spacing));
    const int j = static_cast<int>(std::lround((c.y() - m_y0) / m_spacing));
    const std::size_t k = index(i, j);
    // At rest on its own footprint a plate sits exactly at the node's height: it still
    // presses it (else the node would be released under a standing foot).
    if (c.z() <= m_h[k] + kContactTolerance && c.z() < target[k]) {
      target[k] = std::min(c.z(), m_h[k]);
      deepest[k] = static_cast<int>(p);
    }
  }
  // A node pressed now keeps, for RFT, the height its press started from; released nodes
  // show the sand surface.
  std::vector<std::uint8_t> pressedNow(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    if (deepest[k] >= 0) pressedNow[k] = 1;
    if (pressedNow[k] && !m_pressed[k]) m_rft[k] = m_h[k];
  }
  m_pressed = pressedNow;

  // 2. bulldoze: lower each pressed node and put what it held in front of the plate.
  for (int j = 0; j < m_ny; ++j)
    for (int i = 0; i < m_nx; ++i) {
      const std::size_t k = index(i, j);
      if (deepest[k] < 0) continue;
      const double removed = (m_h[k] - target[k]) * m_spacing * m_spacing;
      m_h[k] = target[k];
      deposit(i, j, removed, plates[deepest[k]].velocity);
    }

  // 3. slide where steeper than repose.
  slide();
  for (std::size_t k = 0; k < n; ++k)
    if (!m_pressed[k]) m_rft[k] = m_h[k];
}

void HeightGrid::deposit(int i, int j, double volume, const Eigen::Vector3d& velocity) {
  const double cellArea = m_spacing * m_spacing;
  auto freeNode = [&](int a, int b) { return a >= 0 && b >= 0 && a < m_nx && b < m_ny && !m_pressed[index(a, b)]; };
  const double vh = std::hypot(velocity.x(), velocity.y());
  if (vh > kBulldozeSpeed) {
    // In front: the first free node along the plate's horizontal motion.
    const int di = static_cast<int>(std::lround(velocity.x() / vh)),
              dj = static_cast<int>(std::lround(velocity.y() / vh));
    for (int a = i + di, b = j + dj; a >= 0 && b >= 0 && a < m_nx && b < m_ny; a += di, b += dj)
      if (freeNode(a, b)) {
        m_h[index(a, b)] += volume / cellArea;
        return;
      }
  }
  // Straight down (or nothing free ahead): shared among the free nodes of the nearest
  // square ring around the node that has any, so the interior of a wide foot pushes its
  // sand out to the rim.
  for (int r = 1; r <= kMaxRimRadius; ++r) {
    int free = 0;
    for (int b = j - r; b <= j + r; ++b)
      for (int a = i - r; a <= i + r; ++a)
        if (std::max(std::abs(a - i), std::abs(b - j)) == r && freeNode(a, b)) ++free;
    if (free == 0) continue;
    for (int b = j - r; b <= j + r; ++b)
      for (int a = i - r; a <= i + r; ++a)
        if (std::max(std::abs(a - i), std::abs(b - j)) == r && freeNode(a, b))
          m_h[index(a, b)] += volume / (free * cellArea);
    return;
  }
  m_h[index(i, j)] += volume / cellArea;  // nowhere to go: the node keeps its sand
}

void HeightGrid::slide() {
  auto relax = [&](std::size_t a, std::size_t b) {
    if (m_pressed[a] || m_pressed[b]) return;
    const double d = m_h[a] - m_h[b];
    if (std::fabs(d) <= m_maxStep) return;
    const double move = (std::fabs(d) - m_maxStep) / 2 * (d > 0 ? 1 : -1);
    m_h[a] -= move;
    m_h[b] += move;
  };
  for (int sweep = 0; sweep < kSlideSweeps; ++sweep)
    for (int j = 0; j < m_ny; ++j)
      for (int i = 0; i < m_nx; ++i) {
        if (i + 1 < m_nx) relax(index(i, j), index(i + 1, j));
        if (j + 1 < m_ny) relax(index(i, j), index(i, j + 1));
      }
}

}  // namespace regolith::robots
