// Size distributions of rain sources: a sieve curve (clumps/size_distribution.h) turned into
// scaled copies of the source's templates, one per size class, and the number weights
// that make the placed particles' mass follow the curve.
#include <cstdio>

#include "clumps/size_distribution.h"
#include "scenes/build.h"

namespace regolith::scene {
namespace {

// The classes of a sieve curve are 5 % wide by default: the size every particle of a
// class takes is then within 2.5 % of any size the class covers.
constexpr double kDefaultClassRatio = 1.05;

std::string scaleText(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", s);
  return text;
}

}  // namespace

Index templateAtScale(BuildContext& c, Index base, double s) {
  const ClumpTemplate& b = c.scene.templates[std::size_t(base)];
  const std::string name = b.name + "@" + scaleText(s);
  const auto it = c.templateByName.find(name);
  if (it != c.templateByName.end()) return it->second;
  ClumpTemplate t = scaledTemplate(b, s);
  t.name = name;
  const Index index = Index(c.scene.templates.size());
  c.scene.templates.push_back(t);
  c.templateBoundingRadius.push_back(boundingRadius(t));
  c.largestBoundingRadius = std::max(c.largestBoundingRadius, c.templateBoundingRadius.back());
  c.templateByName.emplace(name, index);
  return index;
}

std::optional<SizeMix> sizeMixOf(BuildContext& c, const std::string& pointer, const std::vector<Index>& bases) {
  const Json& j = c.at(pointer);
  std::vector<SievePoint> points;
  for (const Json& p : j["sieve"]) points.push_back({p[0].get<double>(), p[1].get<double>()});
  std::vector<SizeClass> classes;
  try {
    classes = SieveCurve(points).classes(j.value("class_ratio", kDefaultClassRatio));
  } catch (const std::invalid_argument& e) {
    c.problem(pointer + "/sieve", e.what(),
              "a grading curve: [size m, fraction passing] pairs, sizes increasing, the "
              "fraction from 0 at the first to 1 at the last, never decreasing");
    return std::nullopt;
  }
  SizeMix mix;
  // Number weight of a class: its mass fraction over one particle's volume (all of one
  // class have the same size, whatever their shape).
  for (const SizeClass& k : classes)
    mix.cumulativeNumber.push_back((mix.cumulativeNumber.empty() ? 0 : mix.cumulativeNumber.back()) +
                                   k.massFraction / (k.size * k.size * k.size));
  for (Index base : bases) {
    const ClumpTemplate& t = c.scene.templates[std::size_t(base)];
    const double density = c.scene.model.materials[std::size_t(t.materials.front())].density;
    const double size = volumeEquivalentDiameter(t.mass / density);
    std::vector<Index> scaled;
    for (const SizeClass& k : classes) scaled.push_back(templateAtScale(c, base, k.size / size));
    mix.scaled.push_back(std::move(scaled));
  }
  return mix;
}

}  // namespace regolith::scene
