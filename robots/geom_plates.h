// RFT plates of a MuJoCo geom, in the frame of the body that carries it.
//
// Primitives (box, sphere, capsule, cylinder, ellipsoid) are tessellated so that there are
// at least `density` plates per square metre of surface: boxes as a grid of squares of
// side sqrt(2 / density) per face (two triangles each), round shapes as surfaces of
// revolution of a profile (cap rings, side bands, hemisphere bands) swept around the geom's
// z axis with segments of about the same length. Meshes are used as they are: one plate
// per face (MuJoCo keeps mesh faces counter-clockwise seen from outside, as
// models/rft/plate_mesh.h expects). Planes and height fields are not intruders: refused.
#pragma once

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

#include "models/rft/plate_mesh.h"

namespace regolith::robots {

// The triangles of a primitive in its geom frame, from MuJoCo's geom_size (half extents
// for a box; radius for a sphere; radius and half length for a capsule or cylinder; the
// three semi-axes for an ellipsoid). Throws std::invalid_argument for other types, a
// non-positive size or density.
rft::TriangleMesh primitiveTriangles(int geomType, const double size[3], double density);

// The triangles of geom `geom` of `model` in its own frame: a mesh geom's faces as MuJoCo
// holds them, a primitive tessellated at `density` (primitiveTriangles). Throws
// std::invalid_argument as primitiveTriangles does.
rft::TriangleMesh geomTriangles(const mjModel* model, int geom, double density);

// The plates of geom `geom` of `model` in its body's frame (geom_pos, geom_quat applied).
// `density` [plates/m^2] is used for primitives only.
std::vector<rft::Plate> geomPlatesInBody(const mjModel* model, int geom, double density);

// "box", "mesh", ... for messages.
std::string geomTypeName(int geomType);

}  // namespace regolith::robots
