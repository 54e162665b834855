// The DEM mesh of a MuJoCo body (docs/coupling.md, "Bodies"): its triangles in the world at
// the body's pose in `d` (xpos, xquat, geom_xpos, geom_xmat; mj_kinematics first).
#pragma once

#include <mujoco/mujoco.h>

#include <string>

#include "core/triangle_mesh.h"

namespace regolith::coupling {

// With `meshFile` empty ("collision"), every geom of the body but planes and height fields:
// mesh geoms as MuJoCo holds them (its faces, counter-clockwise outside), primitives
// tessellated by robots/geom_plates.h with triangles of edge about `resolution` [m]. Else
// the file's triangles (OBJ or STL, metres), given in the body frame. Not checked (checkMesh
// does that); empty when the body has no such geom. Throws std::invalid_argument for a mesh
// file that does not read.
TriangleMesh demBodyMesh(const mjModel* m, const mjData* d, int body, const std::string& meshFile, double resolution);

}  // namespace regolith::coupling
