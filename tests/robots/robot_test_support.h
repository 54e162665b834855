// MuJoCo models written inline for the robots/ tests, loaded through a scratch file, and
// the terrain files they pair with.
#pragma once

#include <mujoco/mujoco.h>

#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "robots/terrain_file.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {

struct MjModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct MjDataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};
using ModelPtr = std::unique_ptr<mjModel, MjModelDeleter>;
using DataPtr = std::unique_ptr<mjData, MjDataDeleter>;

inline std::string writeScratchFile(const std::string& name, const std::string& text) {
  static const std::filesystem::path dir = scratchDir("robots_test");
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

inline ModelPtr loadMjcf(const std::string& xml, const std::string& name = "model.xml") {
  const std::string path = writeScratchFile(name, xml);
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof error);
  if (!m) throw std::runtime_error(std::string("MJCF: ") + error);
  return ModelPtr(m);
}

// A box of half extents (hx, hy, hz) and mass `mass` on joints of the given MJCF text
// (e.g. a vertical slide), its bottom face at height z0. No contacts (contype 0): the sand
// is the only support.
inline std::string boxModel(double hx, double hy, double hz, double mass, double z0, const std::string& joints,
                            double dt = 1e-4) {
  return "<mujoco><option timestep=\"" + std::to_string(dt) +
         "\" gravity=\"0 0 -9.81\" integrator=\"Euler\"/><worldbody><body name=\"box\" pos=\"0 0 " +
         std::to_string(z0 + hz) + "\">" + joints + "<geom name=\"block\" type=\"box\" size=\"" + std::to_string(hx) +
         " " + std::to_string(hy) + " " + std::to_string(hz) + "\" mass=\"" + std::to_string(mass) +
         "\" contype=\"0\" conaffinity=\"0\"/></body></worldbody></mujoco>";
}

// A terrain file over a flat surface at z = 0 with the given soil and body entries.
inline robots::TerrainSpec flatTerrain(double zeta, const std::string& body, double density, double kappa = 1) {
  const std::string text = R"({"surface": {"type": "flat", "height": 0}, "soil": {"zeta": )" + std::to_string(zeta) +
                           R"(}, "interact": [{"body": ")" + body + R"(", "plate_density": )" +
                           std::to_string(density) + R"(}], "kappa_F": )" + std::to_string(kappa) + "}";
  return robots::parseTerrain(text, "terrain.json", ".");
}

// flatTerrain with the deforming surface on: a grid of `spacing` over the square
// [-halfWidth, halfWidth]^2 around the origin.
inline robots::TerrainSpec deformingFlatTerrain(double zeta, const std::string& body, double density, double spacing,
                                                double halfWidth) {
  robots::TerrainSpec spec = flatTerrain(zeta, body, density);
  spec.deformation.enabled = true;
  spec.deformation.spacing = spacing;
  spec.deformation.xMin = spec.deformation.yMin = -halfWidth;
  spec.deformation.xMax = spec.deformation.yMax = halfWidth;
  return spec;
}

}  // namespace regolith::test
