// A scene file: one JSON document that describes a run (docs/scene-format.md; schema in
// share/regolith/scene.schema.json, composed from scenes/ and studies/). loadScene
// validates it completely before anything runs and builds the Model and the initial state.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/clump_template.h"
#include "core/model.h"
#include "core/periodic_model.h"
#include "io/json/json_problem.h"
#include "io/run_file/run_file.h"
#include "kernels/backend/input_error.h"
#include "kernels/state_arrays.h"

namespace regolith {

// One thing wrong with a scene: where (RFC 6901 JSON pointer, "" for the document), what
// was found and what was expected (io/json/json_problem.h: the JSON validators report the same).
using SceneProblem = JsonProblem;

// Every problem of one scene file. what() lists them one per line as
//   <file>: <pointer>: found <found>, expected <expected>
// followed by the build's warnings so far, one per line as <file>: warning: <text>.
class SceneError : public InvalidInputError {
 public:
  SceneError(std::string file, std::vector<SceneProblem> problems, const std::vector<std::string>& warnings = {});
  const std::string& file() const { return m_file; }
  const std::vector<SceneProblem>& problems() const { return m_problems; }

 private:
  std::string m_file;
  std::vector<SceneProblem> m_problems;
};

// The exit code of `regolith check` and `regolith run` for a scene that fails validation.
inline constexpr int kSceneErrorExitCode = 2;

// What a run writes (a scene's "output"; when it leaves them out the loader sets the
// intervals to end time / 100 and / 1000).
struct OutputSettings {
  double frameInterval = 0;        // simulated seconds between frames [s]
  bool contacts = false;           // contact pairs with force vectors in every frame
  double seriesInterval = 0;       // simulated seconds between series rows [s]
  bool csv = true;                 // also write series.csv
  RunFileCompression compression;  // deflate and shuffle on run.h5's frames (io/run_file/run_file.h)
};

// When `regolith bed` calls a bed settled (a scene's "settle"): checked every
// checkInterval of simulated time from minTime on, until both hold or the end time.
struct SettleSettings {
  bool given = false;
  double maxKineticEnergy = 0;  // mean kinetic energy per grain [J]
  double maxSpeed = 0;          // fastest grain's centre of mass [m/s]
  double checkInterval = 0.01;  // [s]
  double minTime = 0;           // [s]
  bool hasSampleBox = false;    // the packing fraction's box; otherwise service/prepare_bed's default
  Vec3d sampleLo, sampleHi;     // [m]
};

// A named body of the scene's "bodies" list, whose time series is recorded
// (/series/<name>, series.csv): pose, velocities and the loads of its contacts.
struct SceneBody {
  std::string name;
  Index owner = -1;                     // -1: a static body (no family), whose boundaries have owner -1 too
  std::vector<std::size_t> boundaries;  // indices into Model::boundaries it carries
  Vec3d reference;                      // a static body's reference point (its shape's centre) [m]; a moving
                                        // body's is its owner's centre of mass
};

// A named stretch of the run (the scene's "phases"); motion phases and family switches may
// start at a phase by name.
struct ScenePhase {
  std::string name;
  double start = 0;     // [s]
  double duration = 0;  // [s]
};

struct Scene {
  std::string file;  // path as given (for messages)
  std::string text;  // the JSON document verbatim (stored in run.h5 and checkpoints)
  Model model;
  StateArrays initial;
  std::vector<ClumpTemplate> templates;  // every template the scene defines
  std::vector<Index> ownerTemplate;      // per owner: index into templates, -1 for bodies
  // Family id -> name. Id 0 is always "free" (no motion rules: every owner not given a
  // family); the scene's "families" follow as ids 1, 2, ... in their order.
  std::vector<std::string> familyNames;
  std::vector<SceneBody> bodies;
  // The scene's "domain" (docs/periodic.md); none when it gives none. The model's
  // periodic box is made from it.
  std::optional<Domain> domain;
  // A following bed whose body is not the scene's but a coupled one (parseScene's
  // `coupledBodies`, a robot's terrain file): its settings, made model.follow by
  // finishCoupledFollow once the coupling has added that body.
  struct CoupledFollow {
    std::string body;  // as the scene names it
    BedFollow follow;  // follow.body not yet set
  };
  std::optional<CoupledFollow> coupledFollow;
  double endTime = 0;              // [s]
  std::vector<ScenePhase> phases;  // empty when the scene gives end_time
  std::uint64_t seed = 0;
  std::string rngState;  // the engine's state after the build (std::mt19937_64 text form)
  OutputSettings output;
  double checkpointEvery = 300;  // wall-clock seconds between checkpoints
  SettleSettings settle;
  // The scene's "study" resolved for the metrics (postprocess/): names, times in seconds,
  // the values the study derived (a slip rig's forward speed, the wheel's mass); "" when
  // the scene has none. Stored in run.h5 as /meta/study_json.
  std::string studyJson;
  // What the build noticed but accepted (an open mesh surface, a mesh repaired); the
  // commands print them to stderr.
  std::vector<std::string> warnings;
};

// Steps in `seconds` of simulated time: seconds / dt rounded to the nearest integer
// (saturated, not overflowed; 0 for dt <= 0).
std::uint64_t stepsFor(double seconds, double dt);
// Steps the run takes: stepsFor(end time, time step).
std::uint64_t sceneSteps(const Scene& s);

// Reads, validates and builds. Relative paths inside the scene (clump files, bed files)
// are resolved against the scene file's folder. Throws SceneError with every problem.
// `overrides` ("POINTER=VALUE", `regolith run --set`) replace values of the document before
// validation: POINTER an RFC 6901 pointer whose parent exists, VALUE JSON (a number,
// true, [1, 2, 3], "text") or else taken as a string. The scene's text (stored in run.h5)
// is then the overridden document.
// `coupledBodies` names the bodies a coupling adds after the build (coupling/dem_terrain.h):
// "/domain/follow/body" may name one of them (see finishCoupledFollow).
Scene loadScene(const std::string& path, const std::vector<std::string>& overrides = {},
                const std::vector<std::string>& coupledBodies = {});
// The scene text with `overrides` (POINTER=VALUE, as loadScene takes them) applied, or the
// text unchanged without any; SceneError naming `file` and each pointer that cannot be set.
// `regolith batch plan` builds a sweep's scenes with it.
std::string applyOverrides(const std::string& text, const std::string& file, const std::vector<std::string>& overrides);
// The same from text; `file` names it in messages, `baseDir` resolves relative paths.
Scene parseScene(const std::string& text, const std::string& file, const std::string& baseDir,
                 const std::vector<std::string>& coupledBodies = {});
// For a scene whose "/domain/follow/body" is a coupled body (Scene::coupledFollow): that
// body is now owner `owner` of `state`, its boundaries in s.model's; checks the following
// bed as the build checks one of the scene's bodies and sets s.model.follow. The problem
// (pointer into the scene) when a check fails; nothing to do without a coupledFollow.
std::optional<SceneProblem> finishCoupledFollow(Scene& s, const StateArrays& state, Index owner);
// The name of the body the scene's bed follows (a coupled one included, once added), or
// "its body".
std::string followedBodyName(const Scene& s);

}  // namespace regolith
