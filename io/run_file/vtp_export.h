// `regolith export run.h5 --frame K --vtp out.vtp`: one frame as VTK PolyData, written by
// VTK's own XML writer (library regolith_vtp, the only one that links VTK).
#pragma once

#include <cstddef>
#include <string>

namespace regolith {

// Points are the sphere centres with point data radius, velocity, family and owner, one
// vertex cell per point. Throws std::runtime_error naming the file on failure.
void exportFrameVtp(const std::string& h5Path, std::size_t frame, const std::string& vtpPath);

}  // namespace regolith
