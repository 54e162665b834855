// A triangle mesh as boundaries of a Model: one Triangle boundary per triangle, and the
// topology that lets shared edges and corners act once (kernels/boundaries/triangle_contact.h).
#pragma once

#include <vector>

#include "core/model.h"
#include "core/triangle_mesh.h"

namespace regolith {

// Appends the triangles of `mesh` (world coordinates at the owner's initial pose; checked
// by checkMesh, so its edges are consistent) as Triangle boundaries of `material`, carried
// by `owner` (-1: static), with their topology as a new mesh of model.meshTopology.
// Returns the indices of the new boundaries, in triangle order.
std::vector<std::size_t> appendMeshBoundaries(Model& model, const TriangleMesh& mesh, Index material, Index owner);

}  // namespace regolith
