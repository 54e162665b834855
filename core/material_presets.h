// Named materials a scene can start from ("preset" in a material, docs/scene-format.md):
// each with the sources of its values and what had to be assumed.
#pragma once

#include <string>
#include <vector>

#include "core/material.h"

namespace regolith {

struct MaterialPreset {
  std::string name;
  std::string sources;  // where each value comes from, in words
  Material material;    // its name is the preset's; a scene's material renames it
};

// Every preset, in the order the docs list them.
const std::vector<MaterialPreset>& materialPresets();

// The preset called `name`; throws std::invalid_argument naming the known ones.
const MaterialPreset& materialPreset(const std::string& name);

}  // namespace regolith
