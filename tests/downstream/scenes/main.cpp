// Regolith::scenes from an installed Regolith: an installed example scene loads (its schema
// and clump files found in the package's data folder).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "../check.h"
#include "scenes/scene.h"

int main() try {
  // io/json/data_files.h: this program is not installed beside share/regolith, so point to it.
  setenv("REGOLITH_DATA_DIR", REGOLITH_PACKAGE_DATA, 1);
  const regolith::Scene scene = regolith::loadScene(std::string(REGOLITH_PACKAGE_DATA) +
                                                    "/scenes/demo/demo.smoke.json");
  std::printf("scenes: demo.smoke.json: %zu particles, %zu bodies\n", scene.initial.ownerCount(), scene.bodies.size());
  expectNear("scenes: particles of the demo's smoke twin (+1 drum)", double(scene.initial.ownerCount()), 201.0, 0);
  return summary();
} catch (const std::exception& e) {
  std::printf("FAILED: %s\n", e.what());
  return 1;
}
