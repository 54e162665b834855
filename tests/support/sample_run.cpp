// The sample run of the Output tests; see sample_run.h.
#include "tests/support/sample_run.h"

#include <random>
#include <sstream>

#include "core/boundaries.h"
#include "core/simulation.h"
#include "core/world_builder.h"
#include "io/build_info.h"
#include "service/frame_capture.h"
#include "io/run_file/series_csv.h"
#include "kernels/stages.h"
#include "tests/support/test_support.h"

namespace regolith::test {

namespace {

// Two equal spheres 1.2 r apart: mass 2 m, inertia of the two spheres about the centre.
ClumpTemplate pairTemplate(double r, double density) {
  const ClumpTemplate one = sphereTemplate("grain", r, 0, density);
  const double d = 0.6 * r, m = one.mass;
  ClumpTemplate t;
  t.name = "pair";
  t.offsets = {Vec3d(-d, 0, 0), Vec3d(d, 0, 0)};
  t.radii = {r, r};
  t.materials = {0, 0};
  t.mass = 2 * m;
  const double own = one.principalInertia.x;
  t.principalInertia = Vec3d(2 * own, 2 * own + 2 * m * d * d, 2 * own + 2 * m * d * d);
  return t;
}

struct SampleWorld {
  Model model;
  StateArrays state;
  std::vector<ClumpTemplate> templates;
  std::vector<Index> ownerTemplate;
  Index firstClump = -1;
  Index wheel = -1;
};

// Grains on a lattice pressed slightly into the floor and into each other (contacts from
// the first frame), a few clumps above them and a spinning wheel-like cylinder just clear
// of them.
SampleWorld sampleWorld() {
  const double r = 0.003, density = 2600;
  SampleWorld s;
  s.model = modelWith(
      {material("grain", 1e7, 0.3, density, 0.5, 0.5, 0.05), material("steel", 2e8, 0.3, 7800, 0.5, 0.4)}, 2e-5,
      Vec3(0, 0, Real(-9.81)));
  s.model.streams.mode = StreamMode::Sync;
  MotionPhase spin;
  for (DofRule& d : spin.dof) d = DofRule::fixed();
  spin.dof[4] = DofRule::constant(5.0);  // about y [rad/s]
  s.model.families = {FamilyMotion{}, FamilyMotion{{spin}}};
  s.templates = {sphereTemplate("grain", r, 0, density), pairTemplate(r, density)};

  WorldBuilder w;
  for (int ix = -3; ix <= 3; ++ix)
    for (int iy = -2; iy <= 2; ++iy) {
      w.addClump(s.templates[0], Vec3d(ix * 1.95 * r, iy * 1.95 * r, 0.97 * r));
      s.ownerTemplate.push_back(0);
    }
  for (int k = 0; k < 3; ++k) {
    const Index owner = w.addClump(s.templates[1], Vec3d((k - 1) * 4 * r, 0, 3 * r), Quat(), Vec3d(0, 0, -0.1),
                                   Vec3d(0, 1, 0));
    if (k == 0) s.firstClump = owner;
    s.ownerTemplate.push_back(1);
  }
  s.wheel = w.addBody(1.0, Vec3d(1e-3, 1e-3, 1e-3), Vec3d(0.018, 0, 0.02), Quat(), Vec3d(), Vec3d(), 1);
  s.ownerTemplate.push_back(-1);
  s.model.boundaries = boxContainer(Vec3d(-0.03, -0.02, 0), Vec3d(0.03, 0.02, 0.04), 1,
                                    {true, true, true, true, true, false});
  BoundaryPrimitive drum = cylinder(Vec3d(0.018, 0, 0.02), Vec3d(0, 1, 0), 0.008, 0.01, false, 1);
  drum.owner = s.wheel;
  s.model.boundaries.push_back(drum);
  s.state = w.take();
  return s;
}

RunHeader headerFor(const SampleWorld& w) {
  RunHeader h;
  h.meta.sceneJson = R"({"name": "sample", "note": "written by tests/support/sample_run.cpp"})";
  h.meta.sceneFile = "sample.json";
  h.meta.version = regolithVersion();
  h.meta.gitRevision = regolithRevision();
  h.meta.backend = backendName();
  h.meta.seed = 42;
  h.meta.startTime = "2026-01-01T00:00:00Z";
  h.meta.timeStep = w.model.timeStep;
  h.templates = w.templates;
  h.materials = w.model.materials;
  h.bodyNames = {"wheel", "clump0"};
  h.familyNames = {"soil", "wheel"};
  return h;
}

}  // namespace

SampleRun simulateSampleRun(int frames, int stepsPerFrame) {
  const SampleWorld world = sampleWorld();
  SampleRun run;
  run.header = headerFor(world);
  Simulation sim(world.model, world.state);
  // The wheel carries the drum (the last boundary); the clump carries none.
  SeriesBodies bodies;
  bodies.owner = {world.wheel, world.firstClump};
  bodies.reference = {Vec3d(), Vec3d()};
  bodies.bodyOfBoundary.assign(world.model.boundaries.size(), -1);
  bodies.bodyOfBoundary.back() = 0;
  const auto seriesNow = [&] {
    return captureSeries(sim.state(), sim.time(), bodies, sim.wallContacts(), sim.spherePositions());
  };
  const int half = std::max(1, stepsPerFrame / 2);
  for (int k = 0; k < frames; ++k) {
    if (k > 0) {
      sim.step(half);
      run.seriesRows.push_back(seriesNow());
      sim.step(stepsPerFrame - half);
    }
    run.seriesRows.push_back(seriesNow());
    // Contacts in every other frame: both layouts occur.
    run.frames.push_back(captureFrame(sim, world.ownerTemplate, k % 2 == 0));
  }
  Checkpoint& c = run.checkpoint;
  c.sceneJson = run.header.meta.sceneJson;
  c.seed = run.header.meta.seed;
  std::ostringstream rng;  // a real engine's text form: checkCheckpoint parses it
  rng << std::mt19937_64(12345);
  c.rngState = rng.str();
  c.engine.steps = sim.stepCount();
  c.engine.state = sim.state();
  c.engine.contacts = sim.contacts();
  c.engine.switched = {1, 0};
  c.engine.rebuilds = sim.rebuildCount();
  c.engine.stats = sim.streamStats();
  c.engine.stats.waitSeconds = 0.1 + 1e-17;  // not a round number
  c.engine.recentSpeeds = {{sim.stepCount() - 1, 0.123456789}, {sim.stepCount(), 1.0 / 3.0}};
  c.output = {run.frames.size(), sim.stepCount() + stepsPerFrame, sim.stepCount() + half};
  c.wallSeconds = 2.5;
  return run;
}

void writeSampleRun(const SampleRun& run, const std::string& dir) {
  {
    auto writer = RunFileWriter::create(dir + "/run.h5", run.header);
    SeriesCsvWriter csv = SeriesCsvWriter::create(dir + "/series.csv", run.header.bodyNames);
    std::size_t frame = 0;
    for (const auto& rows : run.seriesRows) {
      // A frame is due at each series time it shares.
      if (frame < run.frames.size() && run.frames[frame].time == rows.front().time)
        writer->writeFrame(run.frames[frame++]);
      writer->appendSeries(rows);
      csv.append(rows);
    }
  }
  writeXdmf(dir + "/run.h5", dir + "/run.xmf");
  writeCheckpoint(dir + "/checkpoint.h5", run.checkpoint);
}

}  // namespace regolith::test
