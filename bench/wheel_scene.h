// The mesh benchmark of `regolith bench wheel`: the settled bed of `bench dense` with a
// grouser wheel mesh (rim radius 80 mm, width 80 mm, 12 grousers 10 mm high and 12 mm
// thick, 3-degree facets: 528 triangles) driven through its surface: spinning at 2 rad/s
// about y, advancing at 70 % of its rim speed (slip 0.3), its grouser tips 10 mm below the
// bed's top (the 95th percentile of grain tops).
#pragma once

#include "bench/settle_scene.h"

namespace regolith {

// Adds the wheel to a settled scene (its state and model); returns its triangle count.
std::size_t addBenchWheel(SettleScene& scene);

}  // namespace regolith
