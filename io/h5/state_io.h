// The engine's state arrays and boundaries as HDF5 datasets, shared by run-file frames
// and checkpoints (docs/output-format.md lists the names). Real arrays keep their native
// type, so values read back bit for bit.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "io/h5/h5_file.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/state_arrays.h"

namespace regolith {

// owner_* and sphere_* datasets of `g`: one per line of REGOLITH_STATE_FIELDS
// (kernels/state_fields.h), named by its dataset column.
void writeStateArrays(const h5::Group& g, const StateArrays& s);
// The two halves of writeStateArrays: what moves every step (FieldChange::EveryStep: owner
// poses, velocities, forces, torques) and what a run seldom or never changes (masses,
// inertias, sphere ranges, families, sphere owners, offsets, radii, materials), by dataset
// name. Run-file
// frames write the second half once and link to it (io/run_file/frame_static.h).
void writeOwnerMotion(const h5::Group& g, const StateArrays& s);
std::map<std::string, h5::Blob> stateLayoutOf(const StateArrays& s);
StateArrays readStateArrays(const h5::Group& g);

// Datasets of the group `g` (one row per boundary: kind, material, owner, inside, point,
// normal, tangent_u, tangent_v, half_u, half_v, radius, half_length).
void writeBoundaries(const h5::Group& g, const std::vector<BoundaryPrimitive>& boundaries);
// Its halves, as for the state: where the boundaries are (point, normal, tangents,
// corners) and what they are (kind, material, owner, inside, extents, radius, triangle).
void writeBoundaryPlacement(const h5::Group& g, const std::vector<BoundaryPrimitive>& boundaries);
std::map<std::string, h5::Blob> boundaryLayoutOf(const std::vector<BoundaryPrimitive>& boundaries);
std::vector<BoundaryPrimitive> readBoundaries(const h5::Group& g);

}  // namespace regolith
