// The free surface of the granular bed for RFT: a flat plane z = h, or a height map on a
// regular grid (bilinear between nodes, the edge values held constant outside the grid).
// A plate's depth is h(x, y) - z of its centroid, measured vertically (world +z up).
#pragma once

#include <cstddef>
#include <vector>

namespace regolith::rft {

class HeightMap {
 public:
  // Node (i, j) sits at (x0 + i spacing, y0 + j spacing) with height heights[j nx + i];
  // nx, ny >= 2, spacing > 0, all heights finite (else std::invalid_argument).
  HeightMap(double x0, double y0, double spacing, int nx, int ny, std::vector<double> heights);

  double heightAt(double x, double y) const;
  int nx() const { return m_nx; }
  int ny() const { return m_ny; }

 private:
  double m_x0, m_y0, m_spacing;
  int m_nx, m_ny;
  std::vector<double> m_h;
};

class FreeSurface {
 public:
  static FreeSurface flat(double height = 0);
  static FreeSurface heightMap(HeightMap map);

  double heightAt(double x, double y) const { return m_map.empty() ? m_flat : m_map.front().heightAt(x, y); }
  bool isFlat() const { return m_map.empty(); }
  double flatHeight() const { return m_flat; }

 private:
  double m_flat = 0;
  std::vector<HeightMap> m_map;  // empty, or the one map
};

}  // namespace regolith::rft
