// Terrain trace deformation with a permanent depth and a transient trace (Kern et al.,
// arXiv 2601.04547, section III-E, extending Kamohara et al. 2024). For each grid cell a
// wheel passes, with imprint depth d (<= 0 deeper, relative to the undisturbed surface)
// and trace pattern w (the grouser relief):
//   dd = min(0, d - d_xy)      the permanent depth only deepens
//   dw = w - w_xy              the transient trace is replaced, not accumulated
//   height_xy += dd + dw;  d_xy += dd;  w_xy = w
// so a second pass no deeper than the first leaves the depth and swaps the pattern.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace regolith::regression {

// One cell's imprint rule above, on its height h, permanent depth d and trace w: the one
// piece of code for it (TraceDeformation and the robots' height grid both call it).
// Returns the height change dd + dw.
inline double imprintCell(double& h, double& d, double& w, double depth, double trace) {
  const double dd = std::min(0.0, depth - d);
  const double dw = trace - w;
  h += dd + dw;
  d += dd;
  w = trace;
  return dd + dw;
}

class TraceDeformation {
 public:
  // nx x ny cells, heights row-major (heights[j nx + i]), all finite; d = w = 0 initially.
  TraceDeformation(int nx, int ny, std::vector<double> heights);

  void imprint(int i, int j, double depth, double trace);

  double height(int i, int j) const { return m_h[at(i, j)]; }
  double permanentDepth(int i, int j) const { return m_d[at(i, j)]; }
  double trace(int i, int j) const { return m_w[at(i, j)]; }

 private:
  std::size_t at(int i, int j) const;
  int m_nx, m_ny;
  std::vector<double> m_h, m_d, m_w;
};

}  // namespace regolith::regression
