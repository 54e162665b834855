// The run loop of `regolith run` and regolith.run (service/run_scene.h).
//
// Output is scheduled by step number, never by wall clock, so a resumed run writes the
// same frames at the same steps: frames at every multiple of frame_every steps and at the
// last step, series rows likewise. Checkpoints are taken on wall time (checkpoint_every)
// but only between steps, after every output due at that step, so a checkpoint and the
// files always agree on what has been written.
#include "service/run_scene.h"

#include <algorithm>
#include <csignal>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/number_text.h"
#include "core/blow_up_guard.h"
#include "core/free_cores.h"
#include "core/simulation.h"
#include "core/stop_signals.h"
#include "io/checkpoint/checkpoint.h"
#include "io/checkpoint/checkpoint_check.h"
#include "io/run_file/output_lock.h"
#include "io/run_file/run_file.h"
#include "io/run_file/series_csv.h"
#include "kernels/detection/build_guard.h"
#include "kernels/stages.h"
#include "scenes/scene.h"
#include "service/blow_up_report.h"
#include "service/frame_capture.h"
#include "service/progress_meter.h"
#include "service/run_header.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

// Steps between checks of the checkpoint clock, the progress line and the blow-up check
// (core/blow_up_guard.h). Why 100 for the blow-up check: a runaway's speeds grow by orders
// of magnitude per step, so catching it within 100 steps costs at most 100 steps of work
// (and async mode checks every step's speed anyway); the check is one reduction over
// owners, well under 1 % of 100 steps. Signals end a chunk at the next step.
constexpr std::uint64_t kChunk = 100;

// The run's output schedule in steps.
struct Schedule {
  std::uint64_t total = 0, frameEvery = 1, seriesEvery = 1;
  bool frameDue(std::uint64_t step) const { return step % frameEvery == 0 || step == total; }
  bool seriesDue(std::uint64_t step) const { return step % seriesEvery == 0 || step == total; }
  // The first step after `step` at which a frame (a series row, either) is written.
  std::uint64_t nextFrame(std::uint64_t step) const { return nextOf(step, frameEvery); }
  std::uint64_t nextSeries(std::uint64_t step) const { return nextOf(step, seriesEvery); }
  std::uint64_t nextOutput(std::uint64_t step) const { return std::min(nextFrame(step), nextSeries(step)); }
  std::uint64_t frameCount() const { return total / frameEvery + 1 + (total % frameEvery ? 1 : 0); }

 private:
  std::uint64_t nextOf(std::uint64_t step, std::uint64_t every) const {
    return std::min((step / every + 1) * every, total);
  }
};

Schedule scheduleOf(const Scene& scene) {
  const double dt = scene.model.timeStep;
  // An interval shorter than half a step still writes every step.
  const auto every = [dt](double interval) { return std::max<std::uint64_t>(1, stepsFor(interval, dt)); };
  Schedule s;
  s.total = sceneSteps(scene);
  s.frameEvery = scene.output.frameInterval > 0 ? every(scene.output.frameInterval) : s.total;
  s.seriesEvery = scene.output.seriesInterval > 0 ? every(scene.output.seriesInterval) : s.frameEvery;
  return s;
}

// One line: what will run.
std::string summaryOf(const Scene& scene, const Schedule& sch, const Simulation& sim, const RunOptions& o) {
  const StateArrays& s = scene.initial;
  std::size_t clumps = 0;
  for (Index t : scene.ownerTemplate) clumps += t >= 0 ? 1 : 0;
  return scene.file + printfText(
                          ": %zu particles (%zu spheres), %zu bodies, %zu boundaries; %llu steps of %.3g s "
                          "to t = %.4g s; %llu frames; ~%.1f MB device memory at start; %s, threads %d, %s mode%s",
                          clumps, s.sphereCount(), scene.bodies.size(), scene.model.boundaries.size(),
                          static_cast<unsigned long long>(sch.total), scene.model.timeStep,
                          double(sch.total) * scene.model.timeStep, static_cast<unsigned long long>(sch.frameCount()),
                          double(sim.deviceBytes()) / 1e6, backendName().c_str(), threadCount(),
                          streamModeName(sim.mode()).c_str(), o.resume ? " (resumed)" : "");
}

class RunOutput {
 public:
  RunOutput(const Scene& scene, const RunOptions& o, const Checkpoint* resumeFrom)
      : m_scene(scene),
        m_h5((fs::path(o.outDir) / "run.h5").string()),
        m_csv((fs::path(o.outDir) / "series.csv").string()) {
    m_bodies = seriesBodiesOf(recordedBodies(scene), scene.model.boundaries.size());
    const RunHeader header = runHeaderOf(scene);
    const std::string xmf = (fs::path(o.outDir) / "run.xmf").string();
    if (resumeFrom) {
      const std::uint64_t step = resumeFrom->engine.steps;
      const double time = double(step) * scene.model.timeStep;
      m_run = RunFileWriter::openForAppend(m_h5, step, time, xmf, scene.output.compression);
      if (m_run->frameCount() != resumeFrom->output.framesWritten)
        throw std::runtime_error(m_h5 + " holds " + std::to_string(m_run->frameCount()) + " frames up to step " +
                                 std::to_string(step) + " but the checkpoint says " +
                                 std::to_string(resumeFrom->output.framesWritten) +
                                 " were written: the run file and the checkpoint are not of the same run");
      if (scene.output.csv) m_series.emplace(SeriesCsvWriter::openForAppend(m_csv, header.bodyNames, time));
    } else {
      m_run = RunFileWriter::create(m_h5, header, xmf, scene.output.compression);
      if (scene.output.csv) m_series.emplace(SeriesCsvWriter::create(m_csv, header.bodyNames));
    }
  }

  // The frame and series row due at the simulation's step; one download serves both.
  void writeDue(const Simulation& sim, const Schedule& sch) {
    const std::uint64_t step = sim.stepCount();
    const bool frame = sch.frameDue(step);
    const bool series = sch.seriesDue(step) && !m_bodies.owner.empty();
    if (!frame && !series) return;
    std::optional<FrameData> f;
    if (frame) {
      f = captureFrame(sim, m_scene.ownerTemplate, m_scene.output.contacts);
      m_run->writeFrame(*f);
    }
    if (series) {
      const std::vector<SeriesSample> rows = captureSeries(
          f ? f->state : sim.state(), sim.time(), m_bodies, sim.wallContacts(),
          f ? f->sphereCentres : sim.spherePositions(), sim.model().periodic);
      m_run->appendSeries(rows);
      if (m_series) m_series->append(rows);
    }
  }

  // A frame of the state as it is, whatever the schedule (a blown-up run's last state),
  // recorded at `step`.
  void writePostMortem(const Simulation& sim, std::uint64_t step) {
    FrameData f = captureFrame(sim, m_scene.ownerTemplate, m_scene.output.contacts);
    f.step = step;
    f.time = double(step) * m_scene.model.timeStep;
    m_run->writeFrame(f);
  }

  std::size_t frames() const { return m_run->frameCount(); }
  const std::string& h5() const { return m_h5; }

 private:
  const Scene& m_scene;
  std::string m_h5, m_csv;
  SeriesBodies m_bodies;
  std::unique_ptr<RunFileWriter> m_run;
  std::optional<SeriesCsvWriter> m_series;
};

Checkpoint checkpointOf(const Scene& scene, const Simulation& sim, const Schedule& sch, std::size_t frames,
                        double wallSeconds) {
  Checkpoint c;
  c.sceneJson = scene.text;
  c.seed = scene.seed;
  c.rngState = scene.rngState;
  c.engine = sim.saveState();
  c.output.framesWritten = frames;
  c.output.nextFrameStep = sch.nextFrame(sim.stepCount());
  c.output.nextSeriesStep = sch.nextSeries(sim.stepCount());
  c.wallSeconds = wallSeconds;
  return c;
}

Outcome stoppedBy(int signal, std::uint64_t step, std::string message) {
  Outcome o;
  o.kind = Outcome::Kind::kStopped;
  o.signal = signal;
  o.step = step;
  o.message = std::move(message);
  return o;
}

Outcome run(const Scene& scene, const RunOptions& o, const Feedback& feedback) {
  const fs::path dir(o.outDir);
  const std::string checkpointPath = (dir / "checkpoint.h5").string();
  // Before anything in DIR is read or changed: a second writer is refused here, with the
  // first one's files untouched.
  const OutputFolderLock lock(o.outDir);
  std::unique_ptr<Checkpoint> resumeFrom;
  if (o.resume) {
    resumeFrom = std::make_unique<Checkpoint>(readCheckpoint(checkpointPath));
    if (resumeFrom->sceneJson != scene.text)
      throw std::runtime_error(checkpointPath + " was written for another version of " + scene.file +
                               " (the scene text differs): resume with the scene the run "
                               "started with, or start a new run in another folder");
    checkCheckpoint(*resumeFrom, checkpointPath, scene.model.boundaries.size(), sceneSteps(scene));
  } else if (fs::exists(dir / "run.h5") && !o.overwrite) {
    throw std::runtime_error((dir / "run.h5").string() +
                             " exists: continue it with --resume, replace it with "
                             "--overwrite, or choose another --out");
  }

  if (o.threads > 0) {
    setThreadCount(o.threads);
  } else {
    useFreeCores();  // core/free_cores.h: not beside another program's work
  }
  if (!o.resume) {
    // A bad value in the input (a bed with a NaN position, a source velocity past the
    // limit) stops here, before the contact search is built from it.
    if (const std::optional<std::string> fault = initialStateBlowUp(scene)) {
      Outcome blown;
      blown.kind = Outcome::Kind::kBlewUp;
      blown.message = "regolith run: " + *fault + ". Nothing was run or written.";
      blown.place = scene.file;
      return blown;
    }
  }
  Simulation sim(scene.model, scene.initial);
  const Schedule sch = scheduleOf(scene);
  double wallBefore = 0;
  if (resumeFrom) {
    restoreCheckpoint(sim, *resumeFrom, checkpointPath);
    wallBefore = resumeFrom->wallSeconds;
  }
  feedback.say(summaryOf(scene, sch, sim, o));
  RunOutput out(scene, o, resumeFrom.get());
  if (!resumeFrom) out.writeDue(sim, sch);  // frame and series row of the initial state
  resumeFrom.reset();

  const StopSignals signals;
  const double every = o.checkpointEvery >= 0 ? o.checkpointEvery : scene.checkpointEvery;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto lastCheckpoint = start;
  const auto wallSeconds = [&] { return wallBefore + std::chrono::duration<double>(Clock::now() - start).count(); };
  ProgressMeter meter(feedback.progress, sim.stepCount(), sch.total, scene.model.timeStep, scene.initial.sphereCount());
  // The step of checkpoint.h5 as this run left it (none: -1).
  std::int64_t checkpointStep = o.resume ? std::int64_t(sim.stepCount()) : -1;
  const auto saveCheckpoint = [&] {
    writeCheckpoint(checkpointPath, checkpointOf(scene, sim, sch, out.frames(), wallSeconds()));
    lastCheckpoint = Clock::now();
    checkpointStep = std::int64_t(sim.stepCount());
  };
  const auto checkpointWords = [&] {
    return checkpointStep < 0 ? std::string("no checkpoint was written yet")
                              : checkpointPath + " stays at step " + std::to_string(checkpointStep);
  };
  // A post-mortem frame of the state as it is, recorded at `step` (mid-step when an
  // exception came from inside one), and the message. No checkpoint of this state.
  const auto blewUp = [&](std::uint64_t step, const std::string& cause) {
    Outcome blown;
    blown.kind = Outcome::Kind::kBlewUp;
    blown.step = step;
    std::string frame;
    try {
      out.writePostMortem(sim, step);
      frame = "wrote frame " + std::to_string(out.frames() - 1) + " (step " + std::to_string(step) + ") of " +
              out.h5() + " for post-mortem";
      blown.place = out.h5();
    } catch (const std::exception& e) {
      frame = std::string("could not write a post-mortem frame (") + e.what() + ")";
    }
    meter.finish(sim.stepCount());
    blown.message = "regolith run: " +
                    blowUpMessage(scene, sim.state(), step, sim.blowUpSpeed(), sim.minRadius(), cause) + ".\n" + frame +
                    "; " + checkpointWords() + ".";
    return blown;
  };

  while (sim.stepCount() < sch.total) {
    if (const int signal = stopRequested()) {
      saveCheckpoint();
      meter.finish(sim.stepCount());
      std::string sets;  // the same overrides, or the scene text differs from the checkpoint's
      for (const std::string& s : o.overrides) sets += " --set '" + s + "'";
      return stoppedBy(signal, sim.stepCount(),
                       "regolith: stopped by signal " + std::to_string(signal) + " at t = " +
                           shortNumber(sim.time(), 6) + " s; checkpoint written. Continue with: regolith run " +
                           scene.file + " --out " + o.outDir + sets + " --resume");
    }
    const std::uint64_t target = std::min(sch.nextOutput(sim.stepCount()), sim.stepCount() + kChunk);
    try {
      sim.step(target - sim.stepCount());
    } catch (const BlowUpError& e) {
      return blewUp(e.step(), e.what());
    } catch (const CandidateOverflow& e) {
      return blewUp(sim.stepCount() + 1, e.what());
    } catch (const BuildInterrupted& e) {
      // Mid-step: no checkpoint of this state; the last one (if any) stays valid.
      meter.finish(sim.stepCount());
      return stoppedBy(e.signal(), sim.stepCount() + 1,
                       "regolith: stopped by signal " + std::to_string(e.signal()) +
                           " during a contact-list build in step " + std::to_string(sim.stepCount() + 1) + "; " +
                           checkpointWords());
    }
    // Before anything of this state is written (frames, series, checkpoint).
    if (sim.firstBadOwner() >= 0) return blewUp(sim.stepCount(), "");
    out.writeDue(sim, sch);
    if (std::chrono::duration<double>(Clock::now() - lastCheckpoint).count() >= every) saveCheckpoint();
    meter.update(sim.stepCount());
  }
  saveCheckpoint();
  meter.finish(sim.stepCount());
  if (const std::string followed = bedFollowSummary(sim.movingBed(), followedBodyName(scene)); !followed.empty())
    feedback.say(followed);
  feedback.say("wrote " + out.h5() + " (" + std::to_string(out.frames()) + " frames), run.xmf" +
               (scene.output.csv ? ", series.csv" : "") + ", checkpoint.h5 in " + o.outDir);
  return Outcome();
}

}  // namespace

Outcome runScene(const std::string& scenePath, const RunOptions& options, const Feedback& feedback) {
  return withScene(scenePath, options.overrides, "run", feedback,
                   [&](const Scene& scene) { return run(scene, options, feedback); });
}

Outcome runScene(const Scene& scene, const RunOptions& options, const Feedback& feedback) {
  return withBuiltScene(scene, "run", feedback, [&](const Scene& s) { return run(s, options, feedback); });
}

}  // namespace regolith
