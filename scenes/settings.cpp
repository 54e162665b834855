// Scene-wide settings: gravity, time step, end time or run phases, seed, contact model,
// dual-stream settings, output and checkpoints.
#include <cmath>

#include "core/stream_settings.h"
#include "scenes/build.h"
#include "scenes/step_limit.h"

namespace regolith::scene {
namespace {

Vec3 gravityOf(const Json& g) {
  if (g.is_array()) return Vec3(Real(g[0].get<double>()), Real(g[1].get<double>()), Real(g[2].get<double>()));
  const std::string& preset = g.get_ref<const std::string&>();
  // Surface gravity [m/s^2]; down is -z.
  const double value = preset == "earth" ? 9.81 : preset == "moon" ? 1.62 : preset == "mars" ? 3.72 : 0.0;
  return Vec3(0, 0, Real(-value));
}

// Exactly one of end_time and phases; phases give named, consecutive stretches.
void buildTiming(BuildContext& c) {
  Scene& s = c.scene;
  const bool hasEnd = c.has("/end_time"), hasPhases = c.has("/phases");
  if (hasEnd == hasPhases) {
    c.problem("", hasEnd ? "both \"end_time\" and \"phases\"" : "neither \"end_time\" nor \"phases\"",
              "exactly one of them (the end time, or phases whose durations add up to it)");
    return;
  }
  if (hasEnd) {
    s.endTime = c.at("/end_time").get<double>();
    return;
  }
  namesOf(c, "/phases", "run phase");
  const Json& phases = c.at("/phases");
  double t = 0;
  for (const Json& p : phases) {
    const ScenePhase phase{p["name"].get<std::string>(), t, p["duration"].get<double>()};
    c.phaseStart.emplace(phase.name, phase.start);
    s.phases.push_back(phase);
    t += phase.duration;
  }
  s.endTime = t;
}

// Every model's settings from its keys in /contact (kernels/forces/contact_models.h: each model's
// kSettingKeys), whichever model the scene selects; a key the selected model requires and
// the scene leaves out is a problem at /contact. The bounds are the schema's (a test holds
// it to the tables); what is absent keeps its member's default.
void readContactSettings(BuildContext& c, const Json& contact, Model& m) {
  forEachContactModel([&](auto model) {
    using M = decltype(model);
    const bool selected = m.contactModel == contactModelKind<M>();
    for (const auto& k : M::kSettingKeys) {
      if (contact.contains(k.key)) settingsOf<M>(m.contactSettings).*k.member = contact[k.key].template get<double>();
      else if (selected && k.required)
        c.problem("/contact", "no key \"" + std::string(k.key) + "\"",
                  "a key \"" + std::string(k.key) + "\" (" + contactSettingRange(k) + ") for \"model\": \"" + M::kName +
                      "\"");
    }
  });
}

void buildContact(BuildContext& c) {
  Model& m = c.scene.model;
  if (!c.has("/contact")) return;
  const Json& contact = c.at("/contact");
  // The schema admits only the names of the model table (kernels/forces/contact_models.h).
  contactModelNamed(contact.value("model", contactModelName(kDefaultContactModel)), m.contactModel, ContactModels());
  readContactSettings(c, contact, m);
  // Whether Hertz–Mindlin's normal force may pull (kernels/forces/hertz_mindlin.h).
  if (contact.contains("normal_force")) {
    const bool compressive = contact["normal_force"].get<std::string>() == "compressive";
    if (compressive && m.contactModel != contactModelKind<HertzMindlin>())
      c.problem("/contact/normal_force", "\"compressive\" with \"model\": \"" + contactModelName(m.contactModel) + "\"",
                "\"compressive\" with \"hertz_mindlin\" only (the linear model's damping is given, not calibrated to a "
                "restitution), or leave it out");
    settingsOf<HertzMindlin>(m.contactSettings).compressive = compressive;
  }
  m.margin = contact.value("margin", 0.0);
}

void buildStreams(BuildContext& c) {
  StreamSettings& s = c.scene.model.streams;
  if (!c.has("/streams")) return;
  const Json& j = c.at("/streams");
  if (j.contains("mode")) s.mode = parseStreamMode(j["mode"].get<std::string>());
  s.updateEvery = j.value("update_every", s.updateEvery);
  s.maxDrift = j.value("max_drift", s.maxDrift);
  s.safety = j.value("safety", s.safety);
  s.marginExtra = j.value("margin_extra", s.marginExtra);
  s.kinematicThreads = j.value("kinematic_threads", s.kinematicThreads);
  s.reorderEvery = j.value("reorder_every", s.reorderEvery);
  // The ranges are the schema's; what is left is how the settings relate to each other.
  try {
    validateStreamSettings(s);
  } catch (const std::invalid_argument& e) {
    c.problem("/streams", e.what(), "dual-stream settings the engine accepts");
  }
}

void buildOutput(BuildContext& c) {
  OutputSettings& o = c.scene.output;
  // Defaults: 100 frames and 1000 series rows over the run.
  o.frameInterval = c.scene.endTime / 100;
  o.seriesInterval = c.scene.endTime / 1000;
  if (!c.has("/output")) return;
  const Json& j = c.at("/output");
  o.frameInterval = j.value("frame_interval", o.frameInterval);
  o.seriesInterval = j.value("series_interval", o.seriesInterval);
  o.contacts = j.value("contacts", o.contacts);
  o.csv = j.value("csv", o.csv);
  o.compression.deflate = j.value("deflate", o.compression.deflate);
  o.compression.shuffle = j.value("shuffle", o.compression.shuffle);
}

void buildSettle(BuildContext& c) {
  if (!c.has("/settle")) return;
  SettleSettings& s = c.scene.settle;
  const Json& j = c.at("/settle");
  s.given = true;
  s.maxKineticEnergy = j["max_kinetic_energy"].get<double>();
  s.maxSpeed = j["max_speed"].get<double>();
  s.checkInterval = j.value("check_interval", s.checkInterval);
  s.minTime = j.value("min_time", s.minTime);
  if (j.contains("sample_box") && checkRegion(c, "/settle/sample_box", 0)) {
    s.hasSampleBox = true;
    s.sampleLo = c.vec("/settle/sample_box/lo");
    s.sampleHi = c.vec("/settle/sample_box/hi");
  }
  if (s.checkInterval < c.scene.model.timeStep)
    c.problem("/settle/check_interval", numberText(s.checkInterval) + " s",
              "at least one time step (" + numberText(c.scene.model.timeStep) + " s)");
}

}  // namespace

void buildSettings(BuildContext& c) {
  Scene& s = c.scene;
  Model& m = s.model;
  m.gravity = gravityOf(c.doc.value("gravity", Json("earth")));
  m.timeStep = c.at("/time_step").get<double>();
  m.allowLargeTimeStep = c.doc.value("allow_large_time_step", false);
  s.seed = c.doc.value("seed", std::uint64_t(1));
  c.rng.seed(s.seed);
  s.checkpointEvery = c.doc.value("checkpoint_every", s.checkpointEvery);
  buildTiming(c);
  const std::string endPointer = c.has("/end_time") ? "/end_time" : "/phases";
  if (s.endTime > 0 && sceneSteps(s) == 0)
    c.problem(endPointer, numberText(s.endTime) + " s (0 steps)",
              "an end time of at least half a time step (" + numberText(m.timeStep / 2) + " s)");
  if (s.endTime / m.timeStep > kMaxRunSteps)
    c.problem(endPointer, numberText(s.endTime) + " s (" + numberText(s.endTime / m.timeStep, 3) + " steps)",
              "an end time of at most 1e15 time steps");
  buildContact(c);
  buildStreams(c);
  buildOutput(c);
  buildSettle(c);
}

}  // namespace regolith::scene
