// Regolith::io from an installed Regolith: a mesh written as STL and read back through VTK,
// and a checkpoint (HDF5) written and read back bit for bit.
#include <cstdio>
#include <exception>
#include <string>

#include "../check.h"
#include "core/boundaries.h"
#include "core/clump_template.h"
#include "core/mesh_generators.h"
#include "core/simulation.h"
#include "core/world_builder.h"
#include "io/checkpoint/checkpoint.h"
#include "io/mesh/mesh_import.h"

int main(int argc, char** argv) try {
  using namespace regolith;
  const std::string dir = argc > 1 ? argv[1] : ".";

  // A plate is a closed box: 6 faces of 2 triangles. VTK's STL reader gives them back.
  const TriangleMesh box = plate(PlateSpec{});
  writeStl(dir + "/plate.stl", box, true);
  const TriangleMesh back = readMesh(dir + "/plate.stl");
  expectNear("io: triangles of the plate read back from STL", double(back.triangles.size()), 12.0, 0);

  // A falling sphere after 100 steps, through a checkpoint file and back.
  Model model;
  model.materials = {Material{"glass", 5e7, 0.3, 0.5, 0.0, 0.0, 2500}};
  model.timeStep = 1e-5;
  WorldBuilder world;
  world.addClump(sphereTemplate("ball", 0.005, 0, 2500), Vec3d(0, 0, 0.1), Quat(), Vec3d(0.1, 0, 0));
  Simulation sim(model, world.take());
  for (int k = 0; k < 100; ++k) sim.step();
  Checkpoint written;
  written.sceneJson = "{}";
  written.seed = 42;
  written.engine = sim.saveState();
  writeCheckpoint(dir + "/checkpoint.h5", written);
  const Checkpoint read = readCheckpoint(dir + "/checkpoint.h5");
  expectNear("io: checkpoint steps", double(read.engine.steps), 100.0, 0);
  expectNear("io: checkpoint owner z [m]", read.engine.state.ownerPosition[0].z,
             written.engine.state.ownerPosition[0].z, 0);
  return summary();
} catch (const std::exception& e) {
  std::printf("FAILED: %s\n", e.what());
  return 1;
}
