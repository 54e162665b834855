// Permanent-depth / transient-trace terrain deformation (see trace_deformation.h).
#include "models/regression/trace_deformation.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "models/require.h"

namespace regolith::regression {

TraceDeformation::TraceDeformation(int nx, int ny, std::vector<double> heights)
    : m_nx(nx), m_ny(ny), m_h(std::move(heights)) {
  if (nx < 1 || ny < 1)
    throw std::invalid_argument("trace deformation: grid " + std::to_string(nx) + " x " + std::to_string(ny) +
                                ": expected nx >= 1 and ny >= 1");
  if (m_h.size() != static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny))
    throw std::invalid_argument("trace deformation: " + std::to_string(m_h.size()) +
                                " heights: expected nx * ny = " + std::to_string(nx * ny));
  for (std::size_t k = 0; k < m_h.size(); ++k)
    models::requireFinite(m_h[k], "trace deformation: height " + std::to_string(k));
  m_d.assign(m_h.size(), 0.0);
  m_w.assign(m_h.size(), 0.0);
}

std::size_t TraceDeformation::at(int i, int j) const {
  if (i < 0 || i >= m_nx || j < 0 || j >= m_ny)
    throw std::invalid_argument("trace deformation: cell (" + std::to_string(i) + ", " + std::to_string(j) +
                                "): expected 0 <= i < " + std::to_string(m_nx) + " and 0 <= j < " +
                                std::to_string(m_ny));
  return static_cast<std::size_t>(j) * m_nx + i;
}

void TraceDeformation::imprint(int i, int j, double d, double w) {
  models::requireFinite(d, "trace deformation: depth [m]");
  models::requireFinite(w, "trace deformation: trace [m]");
  const std::size_t k = at(i, j);
  imprintCell(m_h[k], m_d[k], m_w[k], d, w);
}

}  // namespace regolith::regression
