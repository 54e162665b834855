// Catching MuJoCo's warnings and resets (mujoco_warnings.h).
#include "robots/mujoco_warnings.h"

#include <cstdio>
#include <cstring>
#include <mutex>
#include <utility>

namespace regolith::robots {
namespace {

// Per thread: two simulations stepped on two threads keep their messages apart.
// Bounded: a model warning every step must not grow memory without end.
thread_local std::vector<std::string> t_messages;
constexpr std::size_t kKeptMessages = 16;

void recordWarning(const char* message) {
  if (t_messages.size() < kKeptMessages) t_messages.emplace_back(message ? message : "");
}

std::string quoted(const char* name) { return name && name[0] ? "\"" + std::string(name) + "\"" : "(unnamed)"; }

std::string bodyOf(const mjModel* m, int body) {
  return "body " + (body >= 0 && body < m->nbody ? quoted(mj_id2name(m, mjOBJ_BODY, body)) : std::string("?"));
}

std::string jointOf(const mjModel* m, int joint) {
  return "joint " + quoted(mj_id2name(m, mjOBJ_JOINT, joint)) + " of " + bodyOf(m, m->jnt_bodyid[joint]);
}

// The warnings MuJoCo 2.2 resets the state for (engine_forward.c: mj_checkPos, mj_checkVel,
// mj_checkAcc; a bad ctrl is zeroed there and resets too) and the word of its message.
constexpr std::pair<int, const char*> kResetting[] = {
    {mjWARN_BADQPOS, "QPOS"}, {mjWARN_BADQVEL, "QVEL"}, {mjWARN_BADQACC, "QACC"}, {mjWARN_BADCTRL, "CTRL"}};

}  // namespace

void installWarningRecorder() {
  static std::once_flag once;
  std::call_once(once, [] { mju_user_warning = recordWarning; });
}

std::vector<std::string> takeWarningMessages() { return std::exchange(t_messages, {}); }

std::string warningName(int warning) {
  static const char* names[mjNWARNING] = {"mjWARN_INERTIA",   "mjWARN_CONTACTFULL", "mjWARN_CNSTRFULL",
                                          "mjWARN_VGEOMFULL", "mjWARN_BADQPOS",     "mjWARN_BADQVEL",
                                          "mjWARN_BADQACC",   "mjWARN_BADCTRL"};
  return warning >= 0 && warning < mjNWARNING ? names[warning] : "warning " + std::to_string(warning);
}

std::string warningSubject(const mjModel* m, const std::string& kind, int index) {
  if (kind == "CTRL") {
    if (index < 0 || index >= m->nu) return "";
    std::string s = "actuator " + quoted(mj_id2name(m, mjOBJ_ACTUATOR, index));
    const int target = m->actuator_trnid[2 * index];
    if ((m->actuator_trntype[index] == mjTRN_JOINT || m->actuator_trntype[index] == mjTRN_JOINTINPARENT) &&
        target >= 0 && target < m->njnt)
      s += " on " + jointOf(m, target);
    return s;
  }
  if (kind == "QPOS") {  // a qpos address: the joint whose coordinates hold it
    for (int j = m->njnt - 1; j >= 0; --j)
      if (index >= m->jnt_qposadr[j]) return jointOf(m, j) + " (qpos " + std::to_string(index) + ")";
    return "";
  }
  if (index < 0 || index >= m->nv) return "";
  const int joint = m->dof_jntid[index];
  return "joint " + quoted(mj_id2name(m, mjOBJ_JOINT, joint)) + " (dof " + std::to_string(index) + ") of " +
         bodyOf(m, m->dof_bodyid[index]);
}

MujocoBlowUp::MujocoBlowUp(double t, std::string w, std::string s, std::string msg)
    : std::runtime_error(
          "MuJoCo " + w + (s.empty() ? std::string() : " at " + s) +
          (msg.empty() ? std::string() : " (MuJoCo: \"" + msg + "\")") +
          "; MuJoCo resets the state on it, so the run stops here. Usual cures: a smaller time step "
          "(<option timestep=\"...\"/>); for a stiff actuator, an armature on its joint (<joint "
          "armature=\"...\"/>, or in <default>) or a lower gain (kp, kv), or the implicit integrator "
          "(<option integrator=\"implicit\"/>) for stiff damping; for terrain forces too stiff for the step "
          "(a light body, a steep slope), a smaller kappa_F in the terrain file"),
      time(t),
      warning(std::move(w)),
      subject(std::move(s)),
      message(std::move(msg)) {}

StepCheck StepCheck::of(const mjData* d) {
  StepCheck c;
  for (int w = 0; w < mjNWARNING; ++w) c.counts[w] = d->warning[w].number;
  c.time = d->time;
  return c;
}

bool stepBlewUp(const mjModel* m, const mjData* d, const StepCheck& before, const std::vector<std::string>& messages,
                std::string& warning, std::string& subject, std::string& message) {
  // MuJoCo's message first: the reset clears the counters (mj_resetData), so after a bad
  // ctrl they show nothing; "Nan, Inf or huge value in QACC at DOF 3. ..." names the kind
  // and index.
  for (const std::string& text : messages) {
    const char* p = std::strstr(text.c_str(), "value in ");
    if (!p) continue;
    char kind[16] = "", unit[16] = "";
    int index = -1;
    if (std::sscanf(p, "value in %15s at %15s %d", kind, unit, &index) != 3) continue;
    for (const auto& [w, word] : kResetting)
      if (std::strcmp(kind, word) == 0) {
        warning = warningName(w);
        subject = warningSubject(m, kind, index);
        message = text;
        return true;
      }
  }
  for (const auto& [w, word] : kResetting)
    if (d->warning[w].number > before.counts[w]) {
      warning = warningName(w);
      subject = warningSubject(m, word, d->warning[w].lastinfo);
      message = messages.empty() ? "" : messages.front();
      return true;
    }
  // Any other reset: time set back to 0 and advanced by one step from there.
  if (!(d->time > before.time + 0.5 * m->opt.timestep)) {
    warning = "reset (time went from " + std::to_string(before.time) + " s back to " + std::to_string(d->time) + " s)";
    subject.clear();
    message = messages.empty() ? "" : messages.front();
    return true;
  }
  return false;
}

}  // namespace regolith::robots
