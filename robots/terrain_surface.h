// The sand surface a robot walks on: the terrain file's base surface (flat, slope or
// height map) and, when deformation is on, the deforming height grid over its extent
// (height_grid.h), which starts as a copy of the base surface there.
#pragma once

#include <Eigen/Core>
#include <memory>
#include <optional>

#include "models/rft/free_surface.h"
#include "robots/height_grid.h"
#include "robots/terrain_file.h"

namespace regolith::robots {

class TerrainSurface {
 public:
  explicit TerrainSurface(const SurfaceSpec& surface, const DeformationSpec& deformation = {});

  // The base surface, without deformation.
  double baseHeightAt(double x, double y) const;
  // The height RFT depths are measured from: the grid's (height_grid.h) where it covers
  // (x, y), else the base surface.
  double rftHeightAt(double x, double y) const {
    if (m_grid)
      if (const std::optional<double> h = m_grid->rftHeightIfCovered(x, y)) return *h;
    return m_flat ? m_spec.height : baseHeightAt(x, y);  // the same, without the call on flat sand
  }
  // An upper bound of rftHeightAt(x, y), cheaper than it: where deformation is on, the
  // grid's tile maxima (height_grid.h; +inf near and beyond its edge), else the base
  // surface's maximum.
  double rftBoundNear(double x, double y) const { return m_grid ? m_grid->rftBoundNear(x, y) : m_baseMax; }
  // The sand surface itself (the grid's where it covers, else the base).
  double heightAt(double x, double y) const;
  // No point of either surface is higher (+inf for a slope, which has no top): a body
  // wholly above it touches no sand.
  double maxHeight() const;

  // The unit normal (up) of the surface RFT sees, where that surface is one plane: a flat
  // or sloped base surface with no deforming grid over it. Exact, the same at every (x, y):
  // (0, 0, 1) on flat sand. Empty for a height map or a deforming grid, whose normal varies
  // (wheel_terrain.h takes central differences of rftHeightAt there).
  // The sand before anything pressed or imprinted it (height_grid.h's reference surface
  // h - d - w) where the grid covers (x, y), else the base surface: what a wheel's Bekker
  // sinkage is measured from (wheel_rut.h).
  double referenceHeightAt(double x, double y) const {
    return m_grid && m_grid->covers(x, y) ? m_grid->referenceHeightAt(x, y) : baseHeightAt(x, y);
  }
  const std::optional<Eigen::Vector3d>& planeNormal() const { return m_planeNormal; }

  HeightGrid* grid() { return m_grid ? &*m_grid : nullptr; }
  const HeightGrid* grid() const { return m_grid ? &*m_grid : nullptr; }

 private:
  SurfaceSpec m_spec;
  std::optional<rft::HeightMap> m_map;
  double m_baseMax;
  bool m_flat;  // the base surface is flat
  std::optional<HeightGrid> m_grid;
  std::optional<Eigen::Vector3d> m_planeNormal;
};

}  // namespace regolith::robots
