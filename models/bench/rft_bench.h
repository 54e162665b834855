// RFT throughput benchmark: one rigid intruder (a latitude-longitude sphere of about N
// triangles, partly buried, translating down and forwards while spinning) evaluated
// repeatedly on one core. Used by `regolith_models_bench` and `regolith bench rft`.
#pragma once

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace regolith::rft {

struct RftBenchOptions {
  std::size_t plates = 5000;    // target plate count (the mesh gets the nearest it can)
  std::size_t evaluations = 0;  // 0: batches of 100 until minSeconds have passed
  double minSeconds = 1.0;
};

struct RftBenchResult {
  std::size_t plates = 0;           // plates in the mesh
  std::size_t platesInContact = 0;  // that receive a force
  std::size_t evaluations = 0;
  double wallSeconds = 0;
  double microsecondsPerEvaluation = 0;      // mean
  double bestMicrosecondsPerEvaluation = 0;  // best batch (of up to 100)
  double platesPerSecond = 0;                // all plates visited / wall time
  double forceZ = 0;                         // [N], so the work cannot be optimised away
};

RftBenchResult runRftBench(const RftBenchOptions& o);
// The result as one JSON object, the only list of its fields: `--json` prints it, and
// rftBenchText reads the lines for people from it.
nlohmann::json rftBenchJson(const RftBenchResult& r);
std::string rftBenchText(const nlohmann::json& j);

}  // namespace regolith::rft
