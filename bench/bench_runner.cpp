// Benchmark driver: builds the settling scene, times Simulation::step, prints results.
#include "bench/bench_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "bench/settle_scene.h"
#include "bench/settled_bed_cache.h"
#include "core/simulation.h"

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
  const std::uint64_t rebuildsBefore = sim.rebuildCount();
  double contactSum = 0;
  std::uint64_t samples = 0, done = 0;
  const auto start = std::chrono::steady_clock::now();
  while (done < o.steps) {
    const std::uint64_t chunk = std::min(kSampleEvery, o.steps - done);
    sim.step(chunk);
    done += chunk;
    contactSum += double(sim.touchingContacts());
    ++samples;
  }
  r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.rebuilds = sim.rebuildCount() - rebuildsBefore;
  r.particleStepsPerSecond = double(r.particles) * double(r.steps) / r.wallSeconds;
  r.contacts = sim.touchingPairs();
  r.wallContacts = sim.touchingWalls();
  r.candidates = sim.candidateContacts();
  r.meanContacts = samples ? contactSum / double(samples) : 0;
  r.contactsPerSecond = r.meanContacts * double(r.steps) / r.wallSeconds;
  r.bytesPerParticle = double(sim.deviceBytes()) / double(r.particles);
  r.backend = backendName();
  r.threads = threadCount();
  return r;
}

}  // namespace

SettleScene benchScene(const BenchOptions& o) {
  SettleScene scene = makeSettleScene(o.particles);
  if (o.margin > 0) scene.model.margin = o.margin;
  return scene;
}

BenchResult runSettleBench(const BenchOptions& o) {
  setThreadCount(o.threads);
  SettleScene scene = benchScene(o);
  Simulation sim(scene.model, scene.state);
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

BenchResult runDenseBench(const BenchOptions& o) {
  setThreadCount(o.threads);
  SettleScene scene = benchScene(o);
  std::uint64_t settled = 0;
  if (o.bedCache.empty() || !loadSettledBed(o.bedCache, scene.state, settled)) {
    Simulation settling(scene.model, scene.state);
    settled = settle(settling, o.maxSettleSteps);
    scene.state = settling.state();
    if (!o.bedCache.empty()) saveSettledBed(o.bedCache, scene.state, settled);
  }
  // A fresh simulation of the settled bed in both cases, so cached and uncached runs time
  // the same thing (contact history rebuilt from zero).
  Simulation sim(scene.model, scene.state);
  BenchResult r = timeSteps(sim, o, "dense");
  r.settleSteps = settled;
  return r;
}

std::string benchJson(const BenchResult& r) {
  std::ostringstream j;
  j.precision(6);
  j << "{\"scene\": \"" << r.scene << "\", \"particles\": " << r.particles
    << ", \"steps\": " << r.steps << ", \"wall_s\": " << r.wallSeconds
    << ", \"particle_steps_per_s\": " << r.particleStepsPerSecond
    << ", \"contacts\": " << r.contacts << ", \"wall_contacts\": " << r.wallContacts
    << ", \"candidates\": " << r.candidates << ", \"mean_contacts\": " << r.meanContacts
    << ", \"contacts_per_s\": " << r.contactsPerSecond
    << ", \"bytes_per_particle\": " << r.bytesPerParticle << ", \"rebuilds\": " << r.rebuilds
    << ", \"settle_steps\": " << r.settleSteps << ", \"backend\": \"" << r.backend
    << "\", \"threads\": " << r.threads << "}";
  return j.str();
}

std::string benchText(const BenchResult& r) {
  char line[512];
  std::snprintf(line, sizeof line,
                "bench %s: %zu particles, %llu steps in %.3f s on %s x%d\n"
                "  %.4g particle-steps/s, %.4g contacts/s (mean %.0f touching), "
                "%zu sphere-sphere contacts and %zu candidates at end, %.0f bytes/particle, "
                "%llu rebuilds%s",
                r.scene.c_str(), r.particles, static_cast<unsigned long long>(r.steps),
                r.wallSeconds, r.backend.c_str(), r.threads, r.particleStepsPerSecond,
                r.contactsPerSecond, r.meanContacts, r.contacts, r.candidates, r.bytesPerParticle,
                static_cast<unsigned long long>(r.rebuilds),
                r.settleSteps ? (", settled in " + std::to_string(r.settleSteps) + " steps").c_str()
                              : "");
  return line;
}

}  // namespace regolith
