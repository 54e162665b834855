// `regolith robot` (robot_command.h): options, the stepping loop and its output.
#include "apps/robot_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "service/progress_meter.h"
#include "service/run_header.h"
#include "core/stop_signals.h"
#include "io/build_info.h"
#include "io/checkpoint/robot_checkpoint.h"
#include "io/run_file/output_lock.h"
#include "io/run_file/robot_run_file.h"
#include "io/run_file/series_csv.h"
#include "core/blow_up_guard.h"
#include "core/moving_bed.h"
#include "coupling/dem_terrain.h"
#include "io/run_file/sphere_fields.h"
#include "kernels/detection/build_guard.h"
#include "robots/mujoco_state.h"
#include "robots/robot_series.h"
#include "robots/robot_simulation.h"
#include "scenes/scene.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

constexpr int kRobotOk = 0, kRobotFailed = 1, kRobotBlowUp = 5;

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The series.csv row of a body: the DEM columns, with the terrain wrench as the load.
SeriesSample csvSample(double time, const robots::BodySample& s) {
  SeriesSample c;
  c.time = time;
  c.position = Vec3d(s.position.x(), s.position.y(), s.position.z());
  c.orientation = Quat{s.orientation[0], s.orientation[1], s.orientation[2], s.orientation[3]};
  c.velocity = Vec3(Real(s.velocity.x()), Real(s.velocity.y()), Real(s.velocity.z()));
  c.angularVelocity = Vec3(Real(s.angularVelocity.x()), Real(s.angularVelocity.y()), Real(s.angularVelocity.z()));
  c.force = Vec3(Real(s.terrainForce.x()), Real(s.terrainForce.y()), Real(s.terrainForce.z()));
  c.torque = Vec3(Real(s.terrainMoment.x()), Real(s.terrainMoment.y()), Real(s.terrainMoment.z()));
  c.contacts = s.platesInContact;
  const double nan = std::nan("");
  c.patchCentroid = Vec3d(nan, nan, nan);
  return c;
}

// The grains of a run on DEM grains (coupling/dem_terrain.h), as a DEM run's frames hold them.
void addGrains(RobotFrame& f, const coupling::DemTerrain& dem) {
  const Simulation& sim = dem.simulation();
  const StateArrays state = sim.state();
  const std::vector<Vec3d> centres = sim.spherePositions();
  const std::vector<Vec3> velocity = sphereVelocities(state, centres);
  const std::vector<Index> family = sphereFamilies(state);
  // Grains a following bed moved (docs/moving-bed.md): their owner's count, per sphere.
  const bool relocated = !state.ownerRelocations.empty();
  for (std::size_t i = 0; i < centres.size(); ++i) {
    if (relocated)
      f.sphereRelocations.push_back(std::int32_t(state.ownerRelocations[std::size_t(state.sphereOwner[i])]));
    f.spherePosition.push_back({centres[i].x, centres[i].y, centres[i].z});
    f.sphereVelocity.push_back({double(velocity[i].x), double(velocity[i].y), double(velocity[i].z)});
    f.sphereRadius.push_back(double(state.sphereRadius[i]));
    f.sphereOwner.push_back(std::int32_t(state.sphereOwner[i]));
    f.sphereFamily.push_back(std::int32_t(family[i]));
  }
}

// The frame: body poses, the bodies' triangles and the terrain surface as triangles (the
// deforming grid, or the base surface over a square around the bodies: not on DEM grains
// alone, which show themselves), and the DEM grains when there are some.
RobotFrame frameOf(robots::RobotSimulation& sim, std::uint64_t step, const std::vector<robots::BodySample>& samples) {
  RobotFrame f;
  f.step = step;
  f.time = sim.time();
  for (const robots::BodySample& s : samples) f.bodies.push_back(robots::bodyRow(s));
  const robots::WorldMesh mesh = sim.bodyMesh();
  for (const Eigen::Vector3d& v : mesh.vertices) f.vertices.push_back({v.x(), v.y(), v.z()});
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    f.triangles.push_back({mesh.triangles[t][0], mesh.triangles[t][1], mesh.triangles[t][2]});
    f.triangleOwner.push_back(mesh.owner[t]);
  }
  const auto* dem = dynamic_cast<const coupling::DemTerrain*>(sim.externalTerrain());
  if (dem) addGrains(f, *dem);
  if (dem && sim.terrain().plateCount() == 0 && sim.wheels().wheels().empty()) return f;
  const robots::TerrainSurface& surface = sim.terrain().surface();
  int nx = 2, ny = 2;
  double x0 = -1, y0 = -1, spacing = 2;
  if (const robots::HeightGrid* g = surface.grid()) {
    nx = g->nx(), ny = g->ny(), x0 = g->x0(), y0 = g->y0(), spacing = g->spacing();
    f.gridNx = nx, f.gridNy = ny, f.gridX0 = x0, f.gridY0 = y0, f.gridSpacing = spacing;
    f.terrainHeight = g->heights();
    f.terrainPermanentDepth = g->permanentDepths();
    f.terrainTrace = g->traces();
  } else if (!samples.empty()) {
    x0 = samples[0].position.x() - 1, y0 = samples[0].position.y() - 1;
    nx = ny = 41, spacing = 0.05;
  }
  const int base = static_cast<int>(f.vertices.size());
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const double x = x0 + i * spacing, y = y0 + j * spacing;
      f.vertices.push_back({x, y, surface.heightAt(x, y)});
    }
  for (int j = 0; j + 1 < ny; ++j)
    for (int i = 0; i + 1 < nx; ++i) {
      const int a = base + j * nx + i;
      f.triangles.push_back({a, a + 1, a + nx + 1});
      f.triangles.push_back({a, a + nx + 1, a + nx});
      f.triangleOwner.push_back(-1);
      f.triangleOwner.push_back(-1);
    }
  return f;
}

// At most this many steps: a --duration of 1e308 s (or one that rounds to more steps than
// a run could take in a year) is refused instead of running "forever".
constexpr double kMaxSteps = 1e10;

std::uint64_t stepCount(double duration, double dt) {
  if (!std::isfinite(duration) || !(duration > 0))
    throw std::invalid_argument("--duration " + std::to_string(duration) +
                                ": expected a positive, finite simulated time in seconds");
  const double steps = std::round(duration / dt);
  if (!(steps <= kMaxSteps)) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "--duration %g s is %.3g steps of the model's %g s; at most %.0e steps are run (shorten "
                  "--duration, or raise <option timestep>)",
                  duration, steps, dt, kMaxSteps);
    throw std::invalid_argument(text);
  }
  return static_cast<std::uint64_t>(steps);
}

// Steps between two series rows or frames: at least 1, and past the run's end a value
// larger than the run (llround of 1e308 / dt, or of NaN, is undefined).
std::uint64_t everySteps(double seconds, double dt, std::uint64_t steps, const char* option) {
  if (!std::isfinite(seconds) || !(seconds > 0))
    throw std::invalid_argument(std::string(option) + " " + std::to_string(seconds) +
                                ": expected a positive, finite simulated time in seconds");
  const double every = std::round(seconds / dt);
  return every < 1 ? 1 : every > double(steps) ? steps + 1 : static_cast<std::uint64_t>(every);
}

int run(const RobotOptions& o) {
  const robots::TerrainSpec terrain = robots::loadTerrain(o.terrainPath, o.overrides);
  robots::RobotSimulation sim(o.modelPath, terrain);
  coupling::DemTerrain* dem = nullptr;
  if (terrain.dem) {
    std::vector<std::string> warnings;
    auto grains = std::make_unique<coupling::DemTerrain>(sim.model(), sim.data(), terrain, &warnings);
    for (const std::string& w : warnings) std::fprintf(stderr, "regolith robot: warning: %s\n", w.c_str());
    dem = grains.get();
    sim.attachTerrain(std::move(grains));
  }
  // The step counts before DIR is touched.
  const std::uint64_t steps = stepCount(o.duration, sim.timeStep());
  const std::uint64_t seriesEvery = everySteps(o.seriesEvery, sim.timeStep(), steps, "--series-every");
  const std::uint64_t frameEvery = everySteps(o.frameEvery, sim.timeStep(), steps, "--frame-every");
  if (!o.controlPath.empty()) sim.setController(robots::controlTableFromCsv(o.controlPath, sim.model()));
  if (o.gait == "tripod") sim.setController(robots::tripodGait(o.tripod, sim.model()));

  // The terrain file read once: a checkpoint keeps it with the --set lines (run.h5 keeps it
  // with the overrides applied, below).
  const std::string terrainText = fileText(o.terrainPath);
  std::string terrainAsRun = terrainText;
  for (const std::string& set : o.overrides) terrainAsRun += "\n--set " + set;

  // Before anything in DIR is read or changed (io/run_file/output_lock.h).
  const OutputFolderLock lock(o.outDir);
  const fs::path dir(o.outDir);
  if (fs::exists(dir / "run.h5") && !o.overwrite && !o.resume)
    throw std::runtime_error(
        (dir / "run.h5").string() +
        " exists: replace it with --overwrite, continue it with --resume, or choose another --out");
  std::optional<RobotCheckpoint> saved;
  if (o.resume) {
    if (!fs::exists(dir / "checkpoint.h5") || !fs::exists(dir / "run.h5"))
      throw std::runtime_error((dir / "checkpoint.h5").string() + " or run.h5 is missing: nothing to resume");
    saved = readRobotCheckpoint((dir / "checkpoint.h5").string());
    if (saved->modelFile != o.modelPath || saved->terrainJson != terrainAsRun)
      throw std::invalid_argument("--resume: " + (dir / "checkpoint.h5").string() + " was written for " +
                                  saved->modelFile + " on another terrain file or --set; resume with the same ones");
    if (saved->step > steps)
      throw std::invalid_argument("--resume: the checkpoint is at step " + std::to_string(saved->step) +
                                  ", past --duration's " + std::to_string(steps));
    if (saved->hasDem != (dem != nullptr))
      throw std::invalid_argument("--resume: " + (dir / "checkpoint.h5").string() +
                                  (dem ? " has no DEM state for this terrain's \"dem\" level"
                                       : " holds a DEM level's state this terrain does not have"));
    robots::restoreMujocoState(sim.model(), sim.data(), saved->mujoco, saved->mujocoTime);
    sim.terrain().restoreState({saved->rftComputed, saved->rftLastTime, saved->rftBodies, saved->rftHeld, saved->grid});
    sim.wheels().restoreLatches(saved->wheelLatches);
    if (robots::WheelSoilEstimation* e = sim.estimation())
      e->restoreState({saved->estimator, saved->estimatorGenerator});
    else if (!saved->estimator.empty())
      throw std::invalid_argument("--resume: " + (dir / "checkpoint.h5").string() +
                                  " holds a soil estimator's state this terrain does not have");
    if (dem) dem->restoreState({std::move(saved->engine), saved->couplingBodies, saved->stepsIntoInterval});
  }
  // The frames a resumed run keeps: up to the checkpoint's last, except the closing frame
  // the first run wrote at its --duration off the frame schedule (--frame-every), so that
  // a run cut in two has the uninterrupted run's frames.
  std::uint64_t keptFrameStep = saved ? saved->lastFrameStep : 0;
  if (saved && keptFrameStep % frameEvery != 0 && keptFrameStep < steps) keptFrameStep -= keptFrameStep % frameEvery;
  // A sidecar half-written by a run killed between its write and rename (io/run_file/xdmf_sidecar.h);
  // under the lock nobody else writes it.
  fs::remove(dir / "run.xmf.tmp");

  RobotRunHeader header;
  header.modelFile = o.modelPath;
  header.terrainFile = o.terrainPath;
  // The terrain as run: the file with the --set overrides applied, so that the run folder
  // says which soil, surface or exchange it ran on.
  header.terrainJson = robots::terrainTextAsRun(o.terrainPath, o.overrides);
  if (!o.controlPath.empty()) header.control = "table " + o.controlPath;
  if (o.gait == "tripod") {
    char gait[160];
    std::snprintf(gait, sizeof gait, "tripod period=%.10g stride=%.10g lift=%.10g duty=%.10g start=%.10g",
                  o.tripod.period, o.tripod.stride, o.tripod.lift, o.tripod.duty, o.tripod.start);
    header.control = gait;
  }
  header.version = regolithVersion();
  header.gitRevision = regolithRevision();
  header.startTime = utcNow();
  header.timeStep = sim.timeStep();
  header.bodyNames = sim.bodyNames();
  header.duration = o.duration;
  const std::unique_ptr<RobotRunWriter> h5 = saved ? std::make_unique<RobotRunWriter>(
                                                         (dir / "run.h5").string(), (dir / "run.xmf").string(),
                                                         sim.time(), keptFrameStep, o.duration)
                                                   : std::make_unique<RobotRunWriter>(
                                                         (dir / "run.h5").string(), (dir / "run.xmf").string(), header);
  SeriesCsvWriter csv = saved ? SeriesCsvWriter::openForAppend((dir / "series.csv").string(), header.bodyNames,
                                                               sim.time())
                              : SeriesCsvWriter::create((dir / "series.csv").string(), header.bodyNames);

  const robots::WheelSoilEstimation* estimation = sim.estimation();
  if (estimation) {
    h5->createEstimator(estimation->columns(), estimation->stateNames());
    if (!saved) h5->appendEstimator(estimation->row(sim.time(), sim.wheels()));
  }
  const double dt = sim.timeStep();
  std::vector<std::string> wheelBodies;
  for (const robots::WheelTerrainForces::Wheel& w : sim.wheels().wheels())
    wheelBodies.push_back(sim.bodyNames()[w.body - 1]);
  if (!wheelBodies.empty()) h5->createWheels(wheelBodies);
  robots::ActuatorWork work;
  if (saved) work.positive = saved->workPositive, work.net = saved->workNet;
  const auto writeSeries = [&](const std::vector<robots::BodySample>& s) {
    std::vector<RobotBodyRow> rows;
    std::vector<SeriesSample> csvRows;
    for (const robots::BodySample& b : s) {
      rows.push_back(robots::bodyRow(b));
      csvRows.push_back(csvSample(sim.time(), b));
    }
    h5->appendSeries(sim.time(), rows);
    h5->appendActuatorWork(sim.time(), work.positive, work.net);
    std::vector<std::vector<double>> wheelRows;
    for (const robots::WheelTerrainForces::Wheel& w : sim.wheels().wheels())
      wheelRows.push_back(robots::wheelRow(sim.time(), w.last));
    h5->appendWheels(wheelRows);
    csv.append(csvRows);
  };
  if (o.progress)
    std::fprintf(o.progress, "regolith robot: %s on %s, %zu plates, dt = %g s, %llu steps\n", o.modelPath.c_str(),
                 o.terrainPath.c_str(), sim.terrain().plateCount(), dt, static_cast<unsigned long long>(steps));
  if (o.progress && dem)
    std::fprintf(o.progress,
                 "regolith robot: %zu bodies (%zu triangles) on %zu DEM grains; exchange every %g s (%d MuJoCo steps, "
                 "%llu DEM steps of %g s)\n",
                 dem->bodies().size(), dem->triangleCount(), dem->scene().initial.sphereCount(), dem->interval(),
                 dem->mujocoStepsPerInterval(), static_cast<unsigned long long>(dem->demStepsPerInterval()),
                 dem->scene().model.timeStep);
  const std::uint64_t first = saved ? saved->step : 0;
  if (!saved) {
    const std::vector<robots::BodySample> s = sim.sample();
    writeSeries(s);
    h5->writeFrame(frameOf(sim, 0, s));
  }
  // The steps of the last frame and series row written.
  std::uint64_t lastFrame = keptFrameStep, lastSeries = saved ? saved->lastSeriesStep : 0;
  // DIR/checkpoint.h5 after the step `step` (its rows and frame written): every
  // --checkpoint-every seconds of wall time, when a signal stops the run and at its end.
  auto lastCheckpoint = std::chrono::steady_clock::now();
  const auto checkpoint = [&](std::uint64_t step) {
    RobotCheckpoint c;
    c.modelFile = o.modelPath;
    c.terrainJson = terrainAsRun;
    c.step = step;
    c.lastFrameStep = lastFrame;
    c.lastSeriesStep = lastSeries;
    c.workPositive = work.positive;
    c.workNet = work.net;
    c.mujocoTime = sim.time();
    c.mujoco = robots::saveMujocoState(sim.model(), sim.data());
    robots::TerrainForces::State rft = sim.terrain().saveState();
    c.rftComputed = rft.computed;
    c.rftLastTime = rft.lastTime;
    c.rftBodies = std::move(rft.bodies);
    c.rftHeld = std::move(rft.held);
    c.grid = std::move(rft.grid);
    c.wheelLatches = sim.wheels().saveLatches();
    if (const robots::WheelSoilEstimation* e = sim.estimation()) {
      robots::WheelSoilEstimation::State state = e->saveState();
      c.estimator = std::move(state.values);
      c.estimatorGenerator = std::move(state.generator);
    }
    if (dem) {
      coupling::DemTerrain::State state = dem->saveState();
      c.hasDem = true;
      c.engine = std::move(state.engine);
      c.couplingBodies = std::move(state.bodies);
      c.stepsIntoInterval = state.stepsIntoInterval;
    }
    writeRobotCheckpoint((dir / "checkpoint.h5").string(), c);
    lastCheckpoint = std::chrono::steady_clock::now();
  };
  const StopSignals signals;
  // Work per MuJoCo step for the meter's rate: RFT plates, and the grains times the DEM
  // steps each MuJoCo step takes.
  const std::size_t perStep = sim.terrain().plateCount() +
                              (dem ? dem->scene().initial.sphereCount() * dem->demStepsPerInterval() /
                                         static_cast<std::size_t>(dem->mujocoStepsPerInterval())
                                   : 0);
  ProgressMeter meter(o.progress, first, steps, dt, perStep);
  for (std::uint64_t step = first + 1; step <= steps; ++step) {
    if (const int signal = stopRequested()) {
      meter.finish(step - 1);
      checkpoint(step - 1);
      h5->finish("stopped by signal " + std::to_string(signal), sim.time());
      std::fprintf(stderr, "regolith: stopped by signal %d at t = %.6g s; %s keeps %zu frames\n", signal, sim.time(),
                   (dir / "run.h5").c_str(), h5->frameCount());
      return 128 + signal;
    }
    const std::uint64_t updates = estimation ? estimation->updates() : 0;
    try {
      sim.step();
    } catch (const BlowUpError& e) {
      // The grains blew up in the exchange before this step (coupling/dem_terrain.h): the
      // MuJoCo state is the last good one; the grains are as the engine stopped them.
      const std::vector<robots::BodySample> s = sim.sample();
      if (lastSeries != step - 1) writeSeries(s);
      h5->writeFrame(frameOf(sim, step - 1, s));
      h5->finish(std::string("blow-up: DEM grains: ") + e.what(), sim.time());
      meter.finish(step - 1);
      std::fprintf(stderr,
                   "regolith robot: blow-up of the DEM grains in the exchange before step %llu (t = %.6g s): %s. "
                   "Wrote frame %zu for post-mortem\n",
                   static_cast<unsigned long long>(step), sim.time(), e.what(), h5->frameCount() - 1);
      return kRobotBlowUp;
    } catch (const robots::MujocoBlowUp& e) {
      // The state is the last good one (RobotSimulation::step put it back): its frame for
      // the post-mortem, after everything written before it.
      const std::vector<robots::BodySample> s = sim.sample();
      if (lastSeries != step - 1) writeSeries(s);
      if (lastFrame != step - 1) h5->writeFrame(frameOf(sim, step - 1, s));
      h5->finish("blow-up: " + e.warning + (e.subject.empty() ? "" : " at " + e.subject), e.time);
      meter.finish(step - 1);
      std::fprintf(stderr,
                   "regolith robot: blow-up in step %llu, from t = %.6g s: %s. Wrote the last good state (t = %.6g s) "
                   "as frame %zu and the last series row\n",
                   static_cast<unsigned long long>(step), e.time, e.what(), e.time, h5->frameCount() - 1);
      return kRobotBlowUp;
    }
    for (const std::string& note : sim.takeNotes())
      if (o.progress)
        std::fprintf(o.progress, "regolith robot: MuJoCo warning at t = %.6g s: %s\n", sim.time(), note.c_str());
    work.add(sim.model(), sim.data(), dt);
    if (estimation && estimation->updates() != updates) h5->appendEstimator(estimation->row(sim.time(), sim.wheels()));
    if (!sim.finite()) {
      h5->writeFrame(frameOf(sim, step, sim.sample()));
      h5->finish("blow-up: a position or velocity is not finite", sim.time());
      meter.finish(step);
      std::fprintf(stderr,
                   "regolith robot: blow-up at step %llu (t = %.6g s): a position or velocity is not finite "
                   "(a smaller time step or kappa_F, or a lower drop, may help); wrote frame %zu for post-mortem\n",
                   static_cast<unsigned long long>(step), sim.time(), h5->frameCount() - 1);
      return kRobotBlowUp;
    }
    const bool series = step % seriesEvery == 0, frame = step % frameEvery == 0 || step == steps;
    if (series || frame) {
      const std::vector<robots::BodySample> s = sim.sample();
      if (series) writeSeries(s), lastSeries = step;
      if (frame) h5->writeFrame(frameOf(sim, step, s)), lastFrame = step;
    }
    if (std::chrono::steady_clock::now() - lastCheckpoint > std::chrono::duration<double>(o.checkpointEvery))
      checkpoint(step);
    meter.update(step);
  }
  meter.finish(steps);
  checkpoint(steps);
  h5->finish("completed", sim.time());
  if (dem)
    if (const std::string followed = bedFollowSummary(dem->simulation().movingBed(), followedBodyName(dem->scene()));
        !followed.empty())
      std::printf("%s\n", followed.c_str());
  std::printf("wrote %s (%zu frames), run.xmf, series.csv, checkpoint.h5 in %s\n", (dir / "run.h5").c_str(),
              h5->frameCount(), o.outDir.c_str());
  return kRobotOk;
}

}  // namespace

int runRobot(const RobotOptions& o) {
  try {
    return run(o);
  } catch (const robots::TerrainError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kSceneErrorExitCode;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "regolith robot: %s\n", e.what());
    return kSceneErrorExitCode;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "regolith robot: %s\n", e.what());
    return kRobotFailed;
  }
}

void registerRobotCommand(CLI::App& app, CommandAction& action) {
  const auto options = std::make_shared<RobotOptions>();
  RobotOptions& o = *options;
  CLI::App* command = app.add_subcommand(
      "robot",
      "Run a MuJoCo model (MJCF) on granular terrain (RFT, Bekker-Wong or regression terrain, docs/robots.md; or "
      "DEM grains, docs/coupling.md): DIR/run.h5, run.xmf, series.csv.\n"
      "Exit status: 0 done; 1 failure (I/O, DIR in use, run.h5 exists without --overwrite); 2 invalid "
      "terrain file, model, control file, --duration or --resume; 5 blow-up (MuJoCo reset the state on a NaN, Inf or "
      "huge value, or a position or velocity is not finite: the last good frame is written, and /meta "
      "end says why); 128 + N after signal N.");
  command->add_option("model", o.modelPath, "MuJoCo model (MJCF .xml)")->required();
  command->add_option("--terrain", o.terrainPath, "terrain file (JSON, robots/terrain.schema.json)")->required();
  command->add_option("--duration", o.duration, "simulated time [s]")->required()->check(CLI::PositiveNumber);
  command->add_option("--out,-o", o.outDir, "output folder")->required();
  command->add_option("--control", o.controlPath, "CSV of actuator targets: time,<actuator>,...");
  command->add_option("--gait", o.gait, "built-in controller: tripod (actuators <leg>_swing, <leg>_lift)")
      ->check(CLI::IsMember({"tripod"}))
      ->excludes("--control");
  command->add_option("--period", o.tripod.period, "tripod gait: cycle period [s]")->capture_default_str();
  command->add_option("--stride", o.tripod.stride, "tripod gait: swing amplitude, peak to peak [rad]")
      ->capture_default_str();
  command->add_option("--lift", o.tripod.lift, "tripod gait: lift amplitude [rad]")->capture_default_str();
  command->add_option("--duty", o.tripod.duty, "tripod gait: stance fraction of a cycle")->capture_default_str();
  command->add_option("--gait-start", o.tripod.start, "tripod gait: start time [s]")->capture_default_str();
  command->add_option("--set", o.overrides, "replace a terrain value first: POINTER=VALUE (repeatable)");
  command->add_option("--frame-every", o.frameEvery, "simulated seconds between frames")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_option("--series-every", o.seriesEvery, "simulated seconds between series rows")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_flag("--overwrite", o.overwrite, "replace an existing DIR/run.h5");
  command
      ->add_flag("--resume", o.resume,
                 "continue DIR from its checkpoint.h5 to --duration (docs/robots.md, \"Checkpoints\")")
      ->excludes("--overwrite");
  command->add_option("--checkpoint-every", o.checkpointEvery, "wall-clock seconds between checkpoints")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  command->add_flag_callback(
      "--quiet,-q", [options] { options->progress = nullptr; }, "no progress lines on stderr");
  whenChosen(command, action, [options] { return runRobot(*options); });
}

}  // namespace regolith
