// Flat and height-map free surfaces for RFT (see free_surface.h).
#include "models/rft/free_surface.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "models/require.h"

namespace regolith::rft {

HeightMap::HeightMap(double x0, double y0, double spacing, int nx, int ny, std::vector<double> heights)
    : m_x0(x0), m_y0(y0), m_spacing(spacing), m_nx(nx), m_ny(ny), m_h(std::move(heights)) {
  models::requireFinite(x0, "rft height map x0");
  models::requireFinite(y0, "rft height map y0");
  models::requirePositive(spacing, "rft height map spacing");
  if (nx < 2 || ny < 2)
    throw std::invalid_argument("rft height map: nx = " + std::to_string(nx) + ", ny = " + std::to_string(ny) +
                                ": expected nx >= 2 and ny >= 2");
  if (m_h.size() != static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny))
    throw std::invalid_argument("rft height map: " + std::to_string(m_h.size()) +
                                " heights: expected nx * ny = " + std::to_string(nx * ny));
  for (std::size_t k = 0; k < m_h.size(); ++k)
    models::requireFinite(m_h[k], "rft height map height " + std::to_string(k));
}

double HeightMap::heightAt(double x, double y) const {
  // Grid coordinates clamped to the grid: outside it the edge values hold.
  const double u = std::clamp((x - m_x0) / m_spacing, 0.0, double(m_nx - 1));
  const double v = std::clamp((y - m_y0) / m_spacing, 0.0, double(m_ny - 1));
  const int i = std::min(static_cast<int>(u), m_nx - 2);
  const int j = std::min(static_cast<int>(v), m_ny - 2);
  const double fu = u - i, fv = v - j;
  const double* row0 = &m_h[static_cast<std::size_t>(j) * m_nx];
  const double* row1 = row0 + m_nx;
  return (1 - fv) * ((1 - fu) * row0[i] + fu * row0[i + 1]) + fv * ((1 - fu) * row1[i] + fu * row1[i + 1]);
}

FreeSurface FreeSurface::flat(double height) {
  models::requireFinite(height, "rft free surface height");
  FreeSurface s;
  s.m_flat = height;
  return s;
}

FreeSurface FreeSurface::heightMap(HeightMap map) {
  FreeSurface s;
  s.m_map.push_back(std::move(map));
  return s;
}

}  // namespace regolith::rft
