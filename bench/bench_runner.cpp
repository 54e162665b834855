// Benchmark driver: builds the settling scene, times Simulation::step, prints results.
#include "bench/bench_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "bench/settle_scene.h"
#include "bench/settled_bed_cache.h"
#include "bench/wheel_scene.h"
#include "core/free_cores.h"
#include "core/simulation.h"
#include "kernels/stages.h"  // devicePoolStats

namespace regolith {
namespace {

constexpr std::uint64_t kSampleEvery = 50;  // steps between contact-count samples

double maxSpeed(const Simulation& sim) {
  const StateArrays s = sim.state();
  double v2 = 0;
  for (const Vec3& v : s.ownerVelocity) v2 = std::max(v2, double(norm2(v)));
  return std::sqrt(v2);
}

BenchResult timeSteps(Simulation& sim, const BenchOptions& o, const char* scene) {
  BenchResult r;
  r.scene = scene;
  r.particles = sim.state().ownerCount();
  r.steps = o.steps;
  const StreamStats before = sim.streamStats();
  const std::uint64_t nearMarksBefore = sim.nearPairs().marks;
  double contactSum = 0;
  std::uint64_t samples = 0, done = 0;
  resetDevicePoolPeak();  // from here: the arrays already held plus what the steps add
  const auto start = std::chrono::steady_clock::now();
  while (done < o.steps) {
    const std::uint64_t chunk = std::min(kSampleEvery, o.steps - done);
    sim.step(chunk);
    done += chunk;
    contactSum += double(sim.touchingContacts());
    ++samples;
  }
  r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const StreamStats after = sim.streamStats();
  r.rebuilds = after.builds - before.builds;
  r.mode = streamModeName(sim.mode());
  r.streams.builds = r.rebuilds;
  r.streams.adopted = after.adopted - before.adopted;
  r.streams.discarded = after.discarded - before.discarded;
  r.streams.waits = after.waits - before.waits;
  r.streams.forcedRebuilds = after.forcedRebuilds - before.forcedRebuilds;
  r.streams.steps = after.steps - before.steps;
  r.streams.lagSum = after.lagSum - before.lagSum;
  r.streams.maxLag = after.maxLag;
  r.streams.renumberings = after.renumberings - before.renumberings;
  r.streams.waitSeconds = after.waitSeconds - before.waitSeconds;
  r.particleStepsPerSecond = double(r.particles) * double(r.steps) / r.wallSeconds;
  r.grain = o.grain;
  r.spheres = sim.state().sphereCount();
  r.sphereStepsPerSecond = double(r.spheres) * double(r.steps) / r.wallSeconds;
  r.contacts = sim.touchingPairs();
  r.wallContacts = sim.touchingWalls();
  r.candidates = sim.candidateContacts();
  r.nearPairs = sim.nearPairs().pairs;
  r.nearMarks = sim.nearPairs().marks - nearMarksBefore;
  r.meanContacts = samples ? contactSum / double(samples) : 0;
  r.contactsPerSecond = r.meanContacts * double(r.steps) / r.wallSeconds;
  r.bytesPerParticle = double(sim.deviceBytes()) / double(r.particles);
  const DevicePoolStats pool = devicePoolStats();
  if (pool.pooled) r.poolPeakBytesPerParticle = double(pool.usedPeak) / double(r.particles);
  r.backend = backendName();
  r.cpuVector = cpuVectorLevel();
  r.threads = threadCount();
  r.order = particleOrderName(o.order);
  r.reorderEvery = o.streams.reorderEvery;
  return r;
}

}  // namespace

namespace {
// --threads T, or (0) the free cores, as a run without --threads gets (core/free_cores.h).
void useThreads(int threads) {
  if (threads > 0) {
    setThreadCount(threads);
  } else {
    useFreeCores();
  }
}
}  // namespace

SettleScene benchScene(const BenchOptions& o) {
  SettleScene scene = makeSettleScene(o.particles, 12345, o.grain);
  if (o.margin > 0) scene.model.margin = o.margin;
  scene.model.streams = o.streams;
  return scene;
}

BenchResult runSettleBench(const BenchOptions& o) {
  useThreads(o.threads);
  SettleScene scene = benchScene(o);
  Simulation sim(scene.model, inParticleOrder(scene.state, o.order));
  return timeSteps(sim, o, "settle");
}

// Settles the benchmark bed (untimed): until every sphere is slower than 0.05 m/s (static
// at the scale of the margin) or the cap is reached. Returns the steps taken.
std::uint64_t settle(Simulation& sim, std::uint64_t maxSteps) {
  const std::uint64_t chunk = 2000;
  while (sim.stepCount() < maxSteps) {
    sim.step(chunk);
    if (sim.stepCount() >= 10000 && maxSpeed(sim) < 0.05) break;
  }
  return sim.stepCount();
}

// The benchmark scene with its spheres settled (or loaded from the bed cache).
SettleScene settledScene(const BenchOptions& o, std::uint64_t& settled) {
  SettleScene scene = benchScene(o);
  if (!o.periodic.empty()) makeSidesPeriodic(scene, o.periodic);
  // A periodic bed, and a bed of clumps, have caches of their own beside the walled
  // spheres' (a cache holds owner poses only: it cannot tell the grains apart).
  std::string cache = o.bedCache;
  if (!cache.empty() && !o.periodic.empty()) cache += ".periodic-" + o.periodic;
  if (!cache.empty() && o.grain != "sphere") cache += "." + o.grain;
  if (cache.empty() || !loadSettledBed(cache, scene.state, settled)) {
    // The untimed settling runs in verlet mode whatever is timed: the same physics, and
    // sync would take hours at large N.
    Model settlingModel = scene.model;
    settlingModel.streams.mode = StreamMode::Verlet;
    Simulation settling(settlingModel, scene.state);
    settled = settle(settling, o.maxSettleSteps);
    scene.state = settling.state();
    if (!cache.empty()) saveSettledBed(cache, scene.state, settled);
  }
  return scene;
}

BenchResult runDenseBench(const BenchOptions& o) {
  useThreads(o.threads);
  std::uint64_t settled = 0;
  const SettleScene scene = settledScene(o, settled);
  // A fresh simulation of the settled bed in both cases, so cached and uncached runs time
  // the same thing (contact history rebuilt from zero).
  Simulation sim(scene.model, inParticleOrder(scene.state, o.order));
  BenchResult r = timeSteps(sim, o, "dense");
  r.settleSteps = settled;
  r.periodic = o.periodic;
  return r;
}

BenchResult runWheelBench(const BenchOptions& o) {
  useThreads(o.threads);
  std::uint64_t settled = 0;
  SettleScene scene = settledScene(o, settled);
  scene.state = inParticleOrder(scene.state, o.order);  // the grains; the wheel comes after them
  const std::size_t triangles = addBenchWheel(scene);
  Simulation sim(scene.model, scene.state);
  BenchResult r = timeSteps(sim, o, "wheel");
  r.settleSteps = settled;
  r.triangles = triangles;
  r.particles = scene.state.ownerCount() - 1;  // the grains; the wheel is not a particle
  r.particleStepsPerSecond = double(r.particles) * double(r.steps) / r.wallSeconds;
  r.spheres = r.particles;
  r.sphereStepsPerSecond = r.particleStepsPerSecond;
  return r;
}

std::string benchJson(const BenchResult& r) {
  // JSON null on the CPU build, which has no device pool.
  std::ostringstream poolPeak;
  poolPeak.precision(6);
  if (r.poolPeakBytesPerParticle >= 0) {
    poolPeak << r.poolPeakBytesPerParticle;
  } else {
    poolPeak << "null";
  }
  std::ostringstream j;
  j.precision(6);
  j << "{\"scene\": \"" << r.scene << "\", \"grain\": \"" << r.grain << "\", \"particles\": " << r.particles
    << ", \"spheres\": " << r.spheres << ", \"steps\": " << r.steps << ", \"wall_s\": " << r.wallSeconds
    << ", \"particle_steps_per_s\": " << r.particleStepsPerSecond
    << ", \"sphere_steps_per_s\": " << r.sphereStepsPerSecond << ", \"contacts\": " << r.contacts
    << ", \"wall_contacts\": " << r.wallContacts << ", \"candidates\": " << r.candidates
    << ", \"near_pairs\": " << r.nearPairs << ", \"near_marks\": " << r.nearMarks
    << ", \"mean_contacts\": " << r.meanContacts << ", \"contacts_per_s\": " << r.contactsPerSecond
    << ", \"bytes_per_particle\": " << r.bytesPerParticle << ", \"pool_peak_bytes_per_particle\": " << poolPeak.str()
    << ", \"rebuilds\": " << r.rebuilds << ", \"mode\": \"" << r.mode << "\", \"adopted\": " << r.streams.adopted
    << ", \"discarded\": " << r.streams.discarded << ", \"waits\": " << r.streams.waits
    << ", \"wait_s\": " << r.streams.waitSeconds << ", \"forced_rebuilds\": " << r.streams.forcedRebuilds
    << ", \"mean_lag\": " << r.streams.meanLag() << ", \"max_lag\": " << r.streams.maxLag
    << ", \"settle_steps\": " << r.settleSteps << ", \"triangles\": " << r.triangles << ", \"backend\": \"" << r.backend
    << "\", \"cpu_vector\": \"" << r.cpuVector << "\", \"threads\": " << r.threads << ", \"order\": \"" << r.order
    << "\", \"reorder_every\": " << r.reorderEvery << ", \"renumberings\": " << r.streams.renumberings
    << ", \"periodic\": \"" << r.periodic << "\"}";
  return j.str();
}

std::string benchText(const BenchResult& r) {
  // A bed of clumps names its rates per clump and per sphere.
  if (r.grain != "" && r.grain != "sphere") {
    char head[256];
    std::snprintf(
        head, sizeof head, "bench %s of %s clumps: %zu clumps, %zu spheres; %.4g clump-steps/s, %.4g sphere-steps/s\n",
        r.scene.c_str(), r.grain.c_str(), r.particles, r.spheres, r.particleStepsPerSecond, r.sphereStepsPerSecond);
    BenchResult asSpheres = r;
    asSpheres.grain = "sphere";
    return head + benchText(asSpheres);
  }
  char line[1024];
  std::snprintf(line, sizeof line,
                "bench %s%s: %zu particles (%s order%s), %llu steps in %.3f s on %s x%d (vector level %s)\n"
                "  %.4g particle-steps/s, %.4g contacts/s (mean %.0f touching), "
                "%zu sphere-sphere contacts, %zu near pairs (marked %llu times) and %zu candidates at end, "
                "%.0f bytes/particle, "
                "%llu list builds%s%s\n"
                "  mode %s: %llu adopted, %llu discarded, %llu waits (%.3f s), "
                "%llu forced rebuilds, mean lag %.1f steps (max %llu)",
                r.scene.c_str(), r.periodic.empty() ? "" : (", periodic " + r.periodic).c_str(), r.particles,
                r.order.c_str(),
                r.reorderEvery ? (", renumbered every " + std::to_string(r.reorderEvery) +
                                  " steps when out of cell order: " + std::to_string(r.streams.renumberings) + " times")
                                     .c_str()
                               : "",
                static_cast<unsigned long long>(r.steps), r.wallSeconds, r.backend.c_str(), r.threads,
                r.cpuVector.c_str(), r.particleStepsPerSecond, r.contactsPerSecond, r.meanContacts, r.contacts,
                r.nearPairs, static_cast<unsigned long long>(r.nearMarks), r.candidates, r.bytesPerParticle,
                static_cast<unsigned long long>(r.rebuilds),
                r.settleSteps ? (", settled in " + std::to_string(r.settleSteps) + " steps").c_str() : "",
                r.triangles ? (", " + std::to_string(r.triangles) + " mesh triangles, " +
                               std::to_string(r.wallContacts) + " wall contacts at end")
                                  .c_str()
                            : "",
                r.mode.c_str(), static_cast<unsigned long long>(r.streams.adopted),
                static_cast<unsigned long long>(r.streams.discarded), static_cast<unsigned long long>(r.streams.waits),
                r.streams.waitSeconds, static_cast<unsigned long long>(r.streams.forcedRebuilds), r.streams.meanLag(),
                static_cast<unsigned long long>(r.streams.maxLag));
  return line;
}

}  // namespace regolith
