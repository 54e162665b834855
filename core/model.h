// What a run is built from and does not change while it runs (the Model, as opposed to
// the state): materials, pair overrides, boundaries, gravity, time step, contact model,
// families and their motion rules.
#pragma once

#include <optional>
#include <vector>

#include "core/bed_follow.h"
#include "core/material.h"
#include "core/stream_settings.h"
#include "core/motion_rule.h"
#include "kernels/backend/periodic.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/boundaries/mesh_topology.h"
#include "kernels/forces/contact_models.h"

namespace regolith {

// The guard refuses a time step above this fraction of the Rayleigh time (a common DEM
// rule: Rayleigh waves carry most of the contact energy; 0.2 t_R keeps several steps per
// wave transit even for the softest, finest material).
inline constexpr double kRayleighFraction = 0.2;

struct Model {
  std::vector<Material> materials;
  std::vector<PairOverride> pairOverrides;
  std::vector<BoundaryPrimitive> boundaries;
  // How the Triangle boundaries of meshes meet (core/mesh_boundaries.h fills both).
  MeshTopology meshTopology;
  Vec3 gravity{0, 0, Real(-9.81)};  // [m/s^2]
  double timeStep = 1e-5;           // [s]
  bool allowLargeTimeStep = false;  // explicit override of the Rayleigh guard
  ContactModelKind contactModel = kDefaultContactModel;
  // Every contact model's own settings (kernels/forces/contact_models.h); the selected model's
  // are checked when the Simulation starts.
  ContactSettings contactSettings;
  // Contact-detection margin of the sync and verlet modes [m]; 0 selects 0.4 x the
  // smallest sphere radius. In verlet mode lists are rebuilt once any sphere has moved
  // more than half of it. (Async sizes its margin from speeds: StreamSettings.)
  double margin = 0;
  StreamSettings streams;
  // Motion rules by family id (StateArrays::ownerFamily); families beyond the list are
  // entirely free. Switches reassign families at given times.
  std::vector<FamilyMotion> families;
  std::vector<FamilySwitch> familySwitches;
  // Periodic axes (docs/periodic.md): the box [lo, lo + length) repeats along the axes of
  // positive length. Default: none.
  PeriodicBox periodic;
  // A bed that follows a body along a periodic axis (core/bed_follow.h, docs/moving-bed.md).
  std::optional<BedFollow> follow;
};

// The contact margin of the sync and verlet modes: Model::margin, or 0.4 x the smallest
// sphere radius when it is 0.
inline double contactMargin(const Model& m, double minRadius) { return m.margin > 0 ? m.margin : 0.4 * minRadius; }

}  // namespace regolith
