// A clump template from its spheres: mass properties of their union
// (clumps/union_mass_properties.h), offsets re-centred on the centre of mass.
#pragma once

#include <string>
#include <vector>

#include "core/clump_template.h"
#include "clumps/union_mass_properties.h"

namespace regolith {

// The template of the spheres with the given mass properties: offsets relative to
// p.centre in the input axes, mass and principal moments and frame from p. A one-sphere
// clump is exactly sphereTemplate.
ClumpTemplate clumpFromMassProperties(const std::string& name, const std::vector<ClumpSphere>& spheres,
                                      const MassProperties& p);

// clumpFromMassProperties with unionMassProperties(spheres, tolerance): overlapping volume
// counted once. Throws std::invalid_argument naming the template (no spheres, overlapping
// spheres of different densities).
ClumpTemplate clumpFromSpheres(const std::string& name, const std::vector<ClumpSphere>& spheres,
                               double tolerance = kDefaultMassTolerance);

}  // namespace regolith
