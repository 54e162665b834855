// Triangle mesh files: OBJ and STL (ASCII or binary) read through VTK, OBJ and STL
// written by hand. Reading returns the raw mesh: the caller runs checkMesh on it.
#pragma once

#include <string>

#include "core/triangle_mesh.h"

namespace regolith {

// The length of one unit in metres: "m" 1, "cm" 0.01, "mm" 0.001. Throws
// std::invalid_argument for anything else.
double unitScale(const std::string& units);

// The triangles of `path` (.obj or .stl, any case), coordinates multiplied by `scale`;
// OBJ polygons of more than three corners are triangulated, lines and points ignored.
// STL corners come back unmerged (three vertices a triangle: checkMesh merges them), so
// a degenerate facet is reported rather than silently dropped. Throws
// std::invalid_argument for another extension or a scale that is not > 0, and
// std::runtime_error naming the file when it cannot be opened, does not parse (VTK's
// message is included) or holds no triangles.
TriangleMesh readMesh(const std::string& path, double scale = 1.0);

// Plain OBJ: "# comment" lines, then "v x y z" (%.17g, so doubles come back bit for bit)
// and "f i j k" (1-based). Written to path + ".tmp", then renamed over `path`; throws
// std::runtime_error naming the file if it cannot be written.
void writeObj(const std::string& path, const TriangleMesh& mesh, const std::string& comment);

// STL, binary (80-byte header, uint32 count, per triangle its unit normal and corners as
// float32 and a zero uint16) or ASCII (%.9g: float32 round trips). STL stores float32:
// coordinates come back rounded to about 6e-8 relative. Same temporary-file rule as writeObj.
void writeStl(const std::string& path, const TriangleMesh& mesh, bool binary);

}  // namespace regolith
