// RFT throughput benchmark (see rft_bench.h).
#include "models/bench/rft_bench.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
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

std::string rftBenchText(const RftBenchResult& r) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "rft: %zu plates (%zu in contact), %zu evaluations in %.3f s on one core\n"
                "  %.1f us per evaluation (best batch %.1f us), %.3g plates/s, F_z = %.4g N",
                r.plates, r.platesInContact, r.evaluations, r.wallSeconds, r.microsecondsPerEvaluation,
                r.bestMicrosecondsPerEvaluation, r.platesPerSecond, r.forceZ);
  return buf;
}

std::string rftBenchJson(const RftBenchResult& r) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{\"bench\": \"rft\", \"plates\": %zu, \"plates_in_contact\": %zu, "
                "\"evaluations\": %zu, \"wall_s\": %.6f, \"us_per_evaluation\": %.3f, "
                "\"best_us_per_evaluation\": %.3f, \"plates_per_s\": %.6g, \"force_z\": %.6g, "
                "\"threads\": 1}",
                r.plates, r.platesInContact, r.evaluations, r.wallSeconds, r.microsecondsPerEvaluation,
                r.bestMicrosecondsPerEvaluation, r.platesPerSecond, r.forceZ);
  return buf;
}

}  // namespace regolith::rft
