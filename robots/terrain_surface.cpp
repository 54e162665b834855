// Base surface and deforming grid (terrain_surface.h).
#include "robots/terrain_surface.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace regolith::robots {

TerrainSurface::TerrainSurface(const SurfaceSpec& surface, const DeformationSpec& deformation) : m_spec(surface) {
  m_baseMax = surface.height;
  m_flat = surface.kind == SurfaceSpec::Kind::Flat;
  if (surface.kind == SurfaceSpec::Kind::Slope) m_baseMax = std::numeric_limits<double>::infinity();
  if (surface.kind == SurfaceSpec::Kind::HeightMap) {
    m_map.emplace(surface.x0, surface.y0, surface.spacing, surface.nx, surface.ny, surface.heights);
    m_baseMax = *std::max_element(surface.heights.begin(), surface.heights.end());
  }
  if (deformation.enabled) {
    const double s = deformation.spacing;
    const int nx = static_cast<int>(std::floor((deformation.xMax - deformation.xMin) / s + 1e-9)) + 1;
    const int ny = static_cast<int>(std::floor((deformation.yMax - deformation.yMin) / s + 1e-9)) + 1;
    std::vector<double> h(static_cast<std::size_t>(nx) * ny);
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        h[static_cast<std::size_t>(j) * nx + i] = baseHeightAt(deformation.xMin + i * s, deformation.yMin + j * s);
    m_grid.emplace(deformation.xMin, deformation.yMin, s, nx, ny, std::move(h), deformation.reposeAngle);
  }
  // The plane h + tan(angle) (x cos(direction) + y sin(direction)): its gradient is
  // tan(angle) (cos(direction), sin(direction)), its normal (-gradient, 1), normalized.
  if (!m_grid && surface.kind == SurfaceSpec::Kind::Flat) m_planeNormal = Eigen::Vector3d::UnitZ();
  if (!m_grid && surface.kind == SurfaceSpec::Kind::Slope) {
    const double rise = std::tan(surface.slopeAngle);
    m_planeNormal = Eigen::Vector3d(-rise * std::cos(surface.slopeDirection), -rise * std::sin(surface.slopeDirection),
                                    1)
                        .normalized();
  }
}

double TerrainSurface::baseHeightAt(double x, double y) const {
  switch (m_spec.kind) {
    case SurfaceSpec::Kind::Flat:
      return m_spec.height;
    case SurfaceSpec::Kind::Slope:
      return m_spec.height +
             std::tan(m_spec.slopeAngle) * (x * std::cos(m_spec.slopeDirection) + y * std::sin(m_spec.slopeDirection));
    case SurfaceSpec::Kind::HeightMap:
      return m_map->heightAt(x, y);
  }
  return m_spec.height;
}

double TerrainSurface::maxHeight() const { return m_grid ? std::max(m_baseMax, m_grid->maxHeight()) : m_baseMax; }

double TerrainSurface::heightAt(double x, double y) const {
  return m_grid && m_grid->covers(x, y) ? m_grid->heightAt(x, y) : baseHeightAt(x, y);
}

}  // namespace regolith::robots
