// RFT throughput benchmark (see rft_bench.h).
#include "models/bench/rft_bench.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "models/rft/rft_model.h"
#include "models/rft/tessellation.h"

namespace regolith::rft {

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

}  // namespace

RftBenchResult runRftBench(const RftBenchOptions& o) {
  if (o.plates < 12 || o.plates > 50'000'000)
    throw std::invalid_argument("rft bench: plates = " + std::to_string(o.plates) + ": expected 12 <= plates <= 5e7");
  if (!(o.minSeconds > 0) || o.minSeconds > 3600)
    throw std::invalid_argument("rft bench: min seconds must be in (0, 3600]");
  // 2 segments (rings - 1) triangles: segments ~ sqrt(N / 2), rings - 1 ~ N / (2 segments).
  const int segments = std::max(3, static_cast<int>(std::lround(std::sqrt(o.plates / 2.0))));
  const int rings = std::max(2, static_cast<int>(std::lround(o.plates / (2.0 * segments))) + 1);
  const PlateMesh mesh = PlateMesh::fromTriangles(uvSphere(0.05, segments, rings));

  RftParameters p;
  p.zeta = zetaFromNPerCm3(3.75);
  Pose pose;
  pose.rotation = Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  pose.position = Eigen::Vector3d(0, 0, -0.02);  // 70 % of the diameter below the surface
  Twist twist;
  twist.linear = Eigen::Vector3d(0.05, 0.01, -0.03);
  twist.angular = Eigen::Vector3d(0.0, 2.0, 0.5);
  const FreeSurface surface = FreeSurface::flat(0);

  RftBenchResult r;
  r.plates = mesh.size();
  double sink = 0;
  for (int i = 0; i < 10; ++i) sink += evaluate(p, mesh, pose, twist, surface).force.z();  // warm-up
  r.platesInContact = evaluate(p, mesh, pose, twist, surface).platesInContact;

  double best = 1e300;
  const Clock::time_point start = Clock::now();
  Clock::time_point now = start;
  while (true) {
    const std::size_t batch = o.evaluations ? std::min<std::size_t>(100, o.evaluations - r.evaluations) : 100;
    const Clock::time_point b0 = Clock::now();
    for (std::size_t i = 0; i < batch; ++i) sink += evaluate(p, mesh, pose, twist, surface).force.z();
    now = Clock::now();
    best = std::min(best, seconds(b0, now) / double(batch));
    r.evaluations += batch;
    if (o.evaluations ? r.evaluations >= o.evaluations : seconds(start, now) >= o.minSeconds) break;
  }
  r.wallSeconds = seconds(start, now);
  r.microsecondsPerEvaluation = 1e6 * r.wallSeconds / double(r.evaluations);
  r.bestMicrosecondsPerEvaluation = 1e6 * best;
  r.platesPerSecond = double(r.plates) * double(r.evaluations) / r.wallSeconds;
  r.forceZ = sink / double(r.evaluations + 10);
  return r;
}

nlohmann::json rftBenchJson(const RftBenchResult& r) {
  return {{"bench", "rft"},
          {"plates", r.plates},
          {"plates_in_contact", r.platesInContact},
          {"evaluations", r.evaluations},
          {"wall_s", r.wallSeconds},
          {"us_per_evaluation", r.microsecondsPerEvaluation},
          {"best_us_per_evaluation", r.bestMicrosecondsPerEvaluation},
          {"plates_per_s", r.platesPerSecond},
          {"force_z", r.forceZ},
          {"threads", 1}};
}

std::string rftBenchText(const nlohmann::json& j) {
  // %.Nf for fixed digits after the point, %.Ng for significant digits.
  auto fixed = [&](const char* key, int digits) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(digits) << j.at(key).get<double>();
    return out.str();
  };
  auto significant = [&](const char* key, int digits) {
    std::ostringstream out;
    out << std::setprecision(digits) << j.at(key).get<double>();
    return out.str();
  };
  auto count = [&](const char* key) { return std::to_string(j.at(key).get<std::size_t>()); };
  return "rft: " + count("plates") + " plates (" + count("plates_in_contact") + " in contact), " +
         count("evaluations") + " evaluations in " + fixed("wall_s", 3) + " s on one core\n  " +
         fixed("us_per_evaluation", 1) + " us per evaluation (best batch " + fixed("best_us_per_evaluation", 1) +
         " us), " + significant("plates_per_s", 3) + " plates/s, F_z = " + significant("force_z", 4) + " N";
}

}  // namespace regolith::rft
