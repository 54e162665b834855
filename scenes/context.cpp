// BuildContext lookups: named references, times, vectors and file paths.

#include "scenes/build.h"

namespace regolith::scene {
namespace {

std::optional<Index> lookup(BuildContext& c, const std::map<std::string, Index>& names, const std::string& pointer,
                            const std::string& what, const std::string& whats, const std::string& list) {
  const std::string& name = c.at(pointer).get_ref<const std::string&>();
  const auto it = names.find(name);
  if (it != names.end()) return it->second;
  std::string known;
  for (const auto& [n, i] : names) {
    (void)i;
    known += (known.empty() ? "" : ", ") + Json(n).dump();
  }
  c.problem(pointer, "undefined " + what + " " + Json(name).dump(),
            known.empty() ? "a " + what + " defined in " + list + " (none is)"
                          : "one of the " + whats + " defined in " + list + ": " + known);
  return std::nullopt;
}

}  // namespace

std::optional<Index> BuildContext::material(const std::string& pointer) {
  return lookup(*this, materialByName, pointer, "material", "materials", "/materials");
}
std::optional<Index> BuildContext::templ(const std::string& pointer) {
  return lookup(*this, templateByName, pointer, "template", "templates", "/templates");
}
std::optional<Index> BuildContext::family(const std::string& pointer) {
  return lookup(*this, familyByName, pointer, "family", "families", "/families (or \"free\")");
}

std::optional<Index> BuildContext::body(const std::string& pointer) {
  return lookup(*this, bodyByName, pointer, "body", "bodies", "/bodies");
}

std::optional<double> BuildContext::time(const std::string& pointer) {
  const Json& v = at(pointer);
  if (v.is_number()) return v.get<double>();
  std::map<std::string, Index> phases;
  for (const auto& [name, start] : phaseStart) {
    (void)start;
    phases[name] = 0;
  }
  const std::optional<Index> known = lookup(*this, phases, pointer, "run phase", "run phases", "/phases");
  if (!known) return std::nullopt;
  return phaseStart.at(v.get<std::string>());
}

Vec3d BuildContext::vec(const std::string& pointer) const {
  const Json& v = at(pointer);
  return Vec3d(v[0].get<double>(), v[1].get<double>(), v[2].get<double>());
}

std::string BuildContext::resolvePath(const std::string& file) const {
  if (!file.empty() && file[0] == '/') return file;
  return baseDir + "/" + file;
}

std::string vectorText(const Vec3d& v) {
  return "[" + numberText(v.x) + ", " + numberText(v.y) + ", " + numberText(v.z) + "]";
}

bool checkRegion(BuildContext& c, const std::string& base, double minWidth) {
  const Vec3d lo = c.vec(base + "/lo"), hi = c.vec(base + "/hi");
  const Vec3d size = hi - lo;
  if (size.x > 0 && size.y > 0 && size.z > 0 && size.x >= minWidth && size.y >= minWidth && size.z >= minWidth)
    return true;
  const std::string above = "a corner above " + base + "/lo = " + vectorText(lo);
  c.problem(base + "/hi", vectorText(hi),
            minWidth > 0 ? above + " by at least " + numberText(minWidth) +
                               " m on every axis (the diameter of the largest particle it places)"
                         : above + " on every axis");
  return false;
}

std::map<std::string, Index> namesOf(BuildContext& c, const std::string& listPointer, const std::string& what) {
  std::map<std::string, Index> out;
  if (!c.has(listPointer)) return out;
  const Json& list = c.at(listPointer);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string pointer = pointerJoin(pointerJoin(listPointer, i), "name");
    const std::string& name = c.at(pointer).get_ref<const std::string&>();
    if (!out.emplace(name, static_cast<Index>(i)).second)
      c.problem(pointer, "a second " + what + " named " + Json(name).dump(),
                "a name no other " + what + " has (first at " +
                    pointerJoin(listPointer, static_cast<std::size_t>(out[name])) + ")");
  }
  return out;
}

}  // namespace regolith::scene
