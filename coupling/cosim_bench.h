// `regolith bench cosim`: a MuJoCo wheel (a carriage free to move along x and z, the wheel
// driven by a velocity actuator) on a bed of DEM grains through a terrain file's DEM level
// (dem_terrain.h), timed per engine thread count: the wall time split into the DEM's steps,
// the exchange (reading MuJoCo's state, prescribing, taking the averaged wrenches) and
// MuJoCo's own step. The bed is an hcp lattice of equal grains, let settle before the timed
// window; the bound is (exchange + MuJoCo) <= 5 % of the DEM's time at 1e5 spheres.
#pragma once

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace regolith::coupling {

struct CosimBenchOptions {
  std::size_t spheres = 100000;  // at least this many, in whole hcp layers
  std::vector<int> threads = {1, 2};
  double settleSeconds = 0.01;  // simulated, before the timed window (the wheel lands)
  double seconds = 0.005;       // simulated, timed
  std::string scratchDir;       // where the MJCF and the terrain file are written
};

struct CosimBenchRun {
  int threads = 0;
  std::size_t intervals = 0, demSteps = 0;
  double wallSeconds = 0, demSeconds = 0, exchangeSeconds = 0, mujocoSeconds = 0;
  double overhead = 0;  // (exchange + MuJoCo) / DEM
  double sinkage = 0;   // the wheel's drop since the timed window began [m]: the work happened
};

struct CosimBenchResult {
  std::size_t spheres = 0, triangles = 0;
  double timeStep = 0, interval = 0;  // DEM step, exchange interval [s]
  std::vector<CosimBenchRun> runs;
};

CosimBenchResult runCosimBench(const CosimBenchOptions& o);
// The result as one JSON object, the only list of its fields: `--json` prints it, and
// cosimBenchText reads the lines for people from it.
nlohmann::json cosimBenchJson(const CosimBenchResult& r);
std::string cosimBenchText(const nlohmann::json& j);

}  // namespace regolith::coupling
