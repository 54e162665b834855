// Settling a bed and storing it with its measures (service/prepare_bed.h).
#include "service/prepare_bed.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "clumps/bed_metrics.h"
#include "core/number_text.h"
#include "core/free_cores.h"
#include "core/simulation.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file.h"
#include "kernels/stages.h"
#include "scenes/scene.h"
#include "service/frame_capture.h"
#include "service/progress_meter.h"
#include "service/run_header.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

// Steps between progress reports.
constexpr std::uint64_t kReportChunk = 100;
// The default sampling box keeps this many of the largest grain's diameters from the
// bed's sides, bottom and mean surface: wall ordering reaches a few diameters in.
constexpr double kSampleMarginDiameters = 3;

struct BedMeasures {
  GrainMotion motion;
  bool settled = false;
  double wallSeconds = 0;
  Vec3d sampleLo, sampleHi;
  bool sampled = false;
  PackingSample packing;
  HeightMap surface;
  CoordinationDistribution coordination;
  CoordinationDistribution coreCoordination;  // of the grains in the sampling box
};

// Extent of the grains' spheres and the largest grain diameter.
struct GrainExtent {
  Vec3d lo, hi;  // of the sphere surfaces [m]
  double diameter = 0;
};

GrainExtent extentOf(const StateArrays& s, const std::vector<Vec3d>& centres) {
  const double inf = std::numeric_limits<double>::infinity();
  GrainExtent e{Vec3d(inf, inf, inf), Vec3d(-inf, -inf, -inf), 0};
  for (std::size_t o = 0; o < s.ownerCount(); ++o) {
    double reach = 0;
    for (Index k = s.ownerSphereBegin[o]; k < s.ownerSphereBegin[o + 1]; ++k) {
      const double r = s.sphereRadius[k];
      const Vec3d& p = centres[k];
      e.lo = Vec3d(std::min(e.lo.x, p.x - r), std::min(e.lo.y, p.y - r), std::min(e.lo.z, p.z - r));
      e.hi = Vec3d(std::max(e.hi.x, p.x + r), std::max(e.hi.y, p.y + r), std::max(e.hi.z, p.z + r));
      reach = std::max(reach, norm(p - s.ownerPosition[o]) + r);
    }
    e.diameter = std::max(e.diameter, 2 * reach);
  }
  return e;
}

bool meetsCriterion(const GrainMotion& m, const SettleSettings& s) {
  return m.kineticEnergyPerGrain <= s.maxKineticEnergy && m.maxSpeed <= s.maxSpeed;
}

BedMeasures measure(const Scene& scene, const FrameData& f) {
  BedMeasures m;
  m.motion = grainMotion(f.state);
  if (m.motion.grains == 0) return m;
  // A periodic bed (docs/periodic.md): its spheres wrapped into the box, which is its
  // extent along the periodic axes; it has no sides there, so the sampling box spans the
  // period and each grain counts with its images.
  const PeriodicBox& box = scene.model.periodic;
  const std::vector<Vec3d> centres = wrappedIntoBox(f.sphereCentres, box);
  GrainExtent e = extentOf(f.state, centres);
  // A grain's size from its spheres as they stand around it, not wrapped apart.
  e.diameter = extentOf(f.state, f.sphereCentres).diameter;
  if (box.periodic(0)) e.lo.x = box.lo.x, e.hi.x = box.lo.x + box.length.x;
  if (box.periodic(1)) e.lo.y = box.lo.y, e.hi.y = box.lo.y + box.length.y;
  // Height map cells two grain diameters wide, so every cell holds a column of grains.
  const double cell = 2 * e.diameter;
  const auto cells = [&](double w) { return std::max<std::size_t>(1, std::size_t(w / cell)); };
  m.surface = surfaceHeights(f.state, centres, e.lo.x, e.lo.y, e.hi.x, e.hi.y, cells(e.hi.x - e.lo.x),
                             cells(e.hi.y - e.lo.y));
  if (scene.settle.hasSampleBox) {
    m.sampleLo = scene.settle.sampleLo;
    m.sampleHi = scene.settle.sampleHi;
  } else {
    const double margin = kSampleMarginDiameters * e.diameter;
    const double mx = box.periodic(0) ? 0 : margin, my = box.periodic(1) ? 0 : margin;
    m.sampleLo = Vec3d(e.lo.x + mx, e.lo.y + my, e.lo.z + margin);
    m.sampleHi = Vec3d(e.hi.x - mx, e.hi.y - my, m.surface.mean() - margin);
  }
  m.sampled = m.sampleHi.x > m.sampleLo.x && m.sampleHi.y > m.sampleLo.y && m.sampleHi.z > m.sampleLo.z;
  std::vector<double> density;
  for (const Material& mat : scene.model.materials) density.push_back(mat.density);
  if (m.sampled) m.packing = packingInBox(f.state, centres, density, m.sampleLo, m.sampleHi, box);
  m.coordination = coordinationNumbers(f.state, f.contacts);
  if (m.sampled)
    m.coreCoordination = coordinationNumbers(f.state, f.contacts, grainsInBox(f.state, m.sampleLo, m.sampleHi, box));
  return m;
}

void writeMeasures(const std::string& path, const Scene& scene, const BedMeasures& m, std::uint64_t steps) {
  const h5::File file = h5::File::openReadWrite(path);
  const h5::Group bed = file.create("bed");
  const SettleSettings& s = scene.settle;
  bed.setAttribute("settled", std::uint64_t(m.settled ? 1 : 0));
  bed.setAttribute("time", double(steps) * scene.model.timeStep);
  bed.setAttribute("steps", steps);
  bed.setAttribute("wall_seconds", m.wallSeconds);
  bed.setAttribute("kinetic_energy_per_grain", m.motion.kineticEnergyPerGrain);
  bed.setAttribute("max_speed", m.motion.maxSpeed);
  bed.setAttribute("criterion_max_kinetic_energy", s.maxKineticEnergy);
  bed.setAttribute("criterion_max_speed", s.maxSpeed);
  bed.setAttribute("grains", std::uint64_t(m.motion.grains));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  bed.setAttribute("packing_fraction", m.sampled ? m.packing.packingFraction : nan);
  bed.setAttribute("bulk_density", m.sampled ? m.packing.bulkDensity : nan);
  bed.write("sample_lo", std::vector<double>{m.sampleLo.x, m.sampleLo.y, m.sampleLo.z}, {3});
  bed.write("sample_hi", std::vector<double>{m.sampleHi.x, m.sampleHi.y, m.sampleHi.z}, {3});
  if (!m.surface.top.empty()) {
    bed.write("surface_height", m.surface.top, {m.surface.ny, m.surface.nx});
    bed.write("surface_origin", std::vector<double>{m.surface.x0, m.surface.y0}, {2});
    bed.write("surface_cell", std::vector<double>{m.surface.cellX, m.surface.cellY}, {2});
    bed.setAttribute("surface_mean", m.surface.mean());
    bed.setAttribute("surface_max", m.surface.maximum());
  }
  std::vector<std::uint64_t> counts(m.coordination.counts.begin(), m.coordination.counts.end());
  bed.write("coordination_counts", counts, {counts.size()});
  bed.setAttribute("coordination_mean", m.coordination.mean);
  bed.setAttribute("coordination_sample_mean", m.sampled ? m.coreCoordination.mean : nan);
  file.flush();
}

void report(const Feedback& feedback, const std::string& path, const Scene& scene, const BedMeasures& m,
            std::uint64_t steps, std::size_t spheres) {
  const double t = double(steps) * scene.model.timeStep;
  feedback.say(printfText(
      "%s after %.4g s (%llu steps, %.1f s wall, %.3g particle-steps/s): mean kinetic "
      "energy per grain %.3g J (limit %.3g), fastest grain %.3g m/s (limit %.3g)",
      m.settled ? "settled" : "NOT settled by the end time", t, static_cast<unsigned long long>(steps), m.wallSeconds,
      m.wallSeconds > 0 ? double(steps) * double(spheres) / m.wallSeconds : 0.0, m.motion.kineticEnergyPerGrain,
      scene.settle.maxKineticEnergy, m.motion.maxSpeed, scene.settle.maxSpeed));
  if (m.sampled)
    feedback.say(printfText(
        "packing fraction %.4f, bulk density %.1f kg/m^3 in [%.4g, %.4g, %.4g]-[%.4g, %.4g, %.4g] m (%zu grains)",
        m.packing.packingFraction, m.packing.bulkDensity, m.sampleLo.x, m.sampleLo.y, m.sampleLo.z, m.sampleHi.x,
        m.sampleHi.y, m.sampleHi.z, m.packing.grains));
  else
    feedback.say(
        printfText("packing fraction not measured: the bed is too small for a sampling box %g "
                   "grain diameters inside it (give settle.sample_box)",
                   kSampleMarginDiameters));
  feedback.say(printfText("free surface: mean %.4g m, highest %.4g m; mean coordination number %.2f%s",
                          m.surface.mean(), m.surface.maximum(), m.coordination.mean,
                          m.sampled ? printfText(" (%.2f in the sampling box)", m.coreCoordination.mean).c_str() : ""));
  feedback.say("wrote " + path);
}

Outcome prepare(const Scene& scene, const BedOptions& o, const Feedback& feedback) {
  if (!scene.settle.given) {
    Outcome refused;
    refused.kind = Outcome::Kind::kInvalidInput;
    refused.message = scene.file +
                      ": /settle: found nothing, expected a settling criterion: {\"max_kinetic_energy\": "
                      "J per grain, \"max_speed\": m/s} (docs/scene-format.md, settle)";
    refused.place = scene.file + "#/settle";
    return refused;
  }
  if (fs::exists(o.outFile) && !o.overwrite)
    throw std::runtime_error(o.outFile + " exists: replace it with --overwrite or choose another --out");
  if (!fs::path(o.outFile).parent_path().empty()) fs::create_directories(fs::path(o.outFile).parent_path());
  if (o.threads > 0) {
    setThreadCount(o.threads);
  } else {
    useFreeCores();  // core/free_cores.h: not beside another program's work
  }

  Simulation sim(scene.model, scene.initial);
  const double dt = scene.model.timeStep;
  const std::uint64_t total = sceneSteps(scene);
  const std::uint64_t every = std::max<std::uint64_t>(1, stepsFor(scene.settle.checkInterval, dt));
  const std::uint64_t first = stepsFor(scene.settle.minTime, dt);
  feedback.say(scene.file + printfText(": settling %zu spheres for at most %.4g s (%llu steps), checking every %llu "
                                       "steps from step %llu",
                                       scene.initial.sphereCount(), double(total) * dt,
                                       static_cast<unsigned long long>(total), static_cast<unsigned long long>(every),
                                       static_cast<unsigned long long>(first)));

  const auto start = std::chrono::steady_clock::now();
  ProgressMeter meter(feedback.progress, 0, total, dt, scene.initial.sphereCount());
  bool settled = false;
  while (!settled && sim.stepCount() < total) {
    const std::uint64_t nextCheck = std::max(first, (sim.stepCount() / every + 1) * every);
    sim.step(std::min({nextCheck, total, sim.stepCount() + kReportChunk}) - sim.stepCount());
    meter.update(sim.stepCount());
    if (sim.stepCount() >= first && sim.stepCount() % every == 0) {
      settled = meetsCriterion(grainMotion(sim.state()), scene.settle);
    }
  }
  meter.finish(sim.stepCount());

  const FrameData frame = captureFrame(sim, scene.ownerTemplate, true);
  BedMeasures m = measure(scene, frame);
  // At the end time the criterion is judged on the final state as well.
  m.settled = meetsCriterion(m.motion, scene.settle) && sim.stepCount() >= first;
  m.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  {
    const std::unique_ptr<RunFileWriter> writer = RunFileWriter::create(o.outFile, runHeaderOf(scene), "",
                                                                        scene.output.compression);
    writer->writeFrame(frame);
  }
  writeMeasures(o.outFile, scene, m, sim.stepCount());
  report(feedback, o.outFile, scene, m, sim.stepCount(), scene.initial.sphereCount());
  Outcome done;
  done.shortOfGoal = !m.settled;
  return done;
}

}  // namespace

Outcome prepareBed(const std::string& scenePath, const BedOptions& options, const Feedback& feedback) {
  return withScene(scenePath, {}, "bed", feedback,
                   [&](const Scene& scene) { return prepare(scene, options, feedback); });
}

}  // namespace regolith
