// Families (id 0 is the implicit "free"), their motion phases and rules, family switches.
#include <string>

#include "core/motion_rule.h"
#include "scenes/build.h"

namespace regolith::scene {
namespace {

std::optional<DofRule> ruleOf(BuildContext& c, const std::string& pointer) {
  const Json& j = c.at(pointer);
  if (j.is_string()) return j == "fixed" ? DofRule::fixed() : DofRule::free();
  if (j.contains("constant")) return DofRule::constant(j["constant"].get<double>());
  if (j.contains("ramp")) {
    const Json& r = j["ramp"];
    double t0 = 0;
    if (r.contains("t0")) {
      const std::optional<double> t = c.time(pointer + "/ramp/t0");
      if (!t) return std::nullopt;
      t0 = *t;
    }
    const double v0 = r.value("value", 0.0), rate = r["rate"].get<double>();
    return r.contains("end_value") ? DofRule::ramp(v0, rate, t0, r["end_value"].get<double>())
                                   : DofRule::ramp(v0, rate, t0);
  }
  if (j.contains("sinusoid")) {
    const Json& s = j["sinusoid"];
    return DofRule::sinusoid(s.value("offset", 0.0), s["amplitude"].get<double>(), s["frequency"].get<double>(),
                             s.value("phase", 0.0));
  }
  const Json& t = j["table"];
  return DofRule::table(t["times"].get<std::vector<double>>(), t["values"].get<std::vector<double>>());
}

// validateFamilies names "family 0, phase 0, DOF x: ..."; the pointer says which, so
// only what follows the DOF is kept.
std::string withoutPosition(const std::string& what) {
  const std::size_t colon = what.find(": ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

std::optional<MotionPhase> phaseOf(BuildContext& c, const std::string& pointer) {
  const std::optional<double> start = c.time(pointer + "/start");
  MotionPhase p;
  p.start = start.value_or(0);
  const Json& j = c.at(pointer);
  bool ok = start.has_value();
  for (const auto& [key, offset] : {std::pair<const char*, int>{"translation", 0}, {"rotation", 3}}) {
    if (!j.contains(key)) continue;
    for (int d = 0; d < 3; ++d) {
      const std::string rulePointer = pointerJoin(pointerJoin(pointer, key), static_cast<std::size_t>(d));
      const std::optional<DofRule> rule = ruleOf(c, rulePointer);
      if (rule) p.dof[offset + d] = *rule;
      else ok = false;
    }
  }
  p.rotationFrame = j.value("frame", "world") == "body" ? RotationFrame::Body : RotationFrame::World;
  if (!ok) return std::nullopt;
  // Rule-level checks (tables sorted and matched, ramps that reach their end value).
  for (int d = 0; d < 6; ++d) {
    try {
      validateFamilies({FamilyMotion{{MotionPhase{0, {p.dof[d]}, p.rotationFrame}}}}, {});
    } catch (const std::invalid_argument& e) {
      const std::string key = d < 3 ? "translation" : "rotation";
      c.problem(pointerJoin(pointerJoin(pointer, key), static_cast<std::size_t>(d % 3)), withoutPosition(e.what()),
                "a valid motion rule");
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return p;
}

}  // namespace

void buildFamilies(BuildContext& c) {
  Scene& s = c.scene;
  s.familyNames = {kFreeFamily};
  s.model.families = {FamilyMotion{}};
  c.familyByName = {{kFreeFamily, 0}};
  if (c.has("/families")) {
    const Json& list = c.at("/families");
    for (std::size_t f = 0; f < list.size(); ++f) {
      const std::string base = pointerJoin("/families", f);
      const std::string name = list[f]["name"].get<std::string>();
      const Index id = static_cast<Index>(s.familyNames.size());
      if (!c.familyByName.emplace(name, id).second)
        c.problem(base + "/name", "a second family named " + Json(name).dump(),
                  name == kFreeFamily ? "a name other than \"free\" (family 0, always defined)"
                                      : "a name no other family has");
      s.familyNames.push_back(name);
      FamilyMotion motion;
      const Json phases = list[f].value("phases", Json::array());
      for (std::size_t p = 0; p < phases.size(); ++p) {
        const std::string pp = pointerJoin(base + "/phases", p);
        const std::optional<MotionPhase> phase = phaseOf(c, pp);
        if (!phase) continue;
        if (!motion.phases.empty() && !(phase->start > motion.phases.back().start))
          c.problem(pp + "/start", numberText(phase->start) + " s",
                    "a start after the previous phase's (" + numberText(motion.phases.back().start) + " s)");
        else motion.phases.push_back(*phase);
      }
      s.model.families.push_back(std::move(motion));
    }
  }

  if (!c.has("/family_switches")) return;
  const Json& switches = c.at("/family_switches");
  for (std::size_t i = 0; i < switches.size(); ++i) {
    const std::string base = pointerJoin("/family_switches", i);
    const std::optional<double> time = c.time(base + "/time");
    const std::optional<Index> from = c.family(base + "/from"), to = c.family(base + "/to");
    if (time && from && to) s.model.familySwitches.push_back({*time, *from, *to});
  }
}

}  // namespace regolith::scene
