// run.h5's once-per-file groups: format attributes, /meta, /templates, /materials.
#include <cstdio>
#include <stdexcept>

#include "io/h5/h5_arrays.h"
#include "io/run_file/dataset_units.h"
#include "io/run_file/run_file_layout.h"

namespace regolith::run_layout {

using h5::readList;
using h5::readQuats;
using h5::readVec3s;
using h5::writeList;
using h5::writeQuats;
using h5::writeVec3s;

std::string frameName(std::size_t k) {
  char name[32];
  std::snprintf(name, sizeof name, "%06zu", k);
  return name;
}

void requireFormat(const h5::Group& root, const char* format, std::int64_t version) {
  if (H5Aexists(root.id(), "format") <= 0 || root.stringAttribute("format") != format)
    throw std::runtime_error(root.file() + ": not a " + format + " file (no format attribute '" + format + "' on /)");
  const std::int64_t found = root.int64Attribute("format_version");
  if (found != version)
    throw std::runtime_error(root.file() + ": " + format + " format version " + std::to_string(found) +
                             ", this build reads version " + std::to_string(version));
}

namespace {

// /meta/domain: lo and hi [m], and the names of the periodic axes (as the scene gives them).
void writeDomain(const h5::Group& g, const Domain& d) {
  g.write("lo", std::vector<double>{d.lo.x, d.lo.y, d.lo.z}, {3});
  g.write("hi", std::vector<double>{d.hi.x, d.hi.y, d.hi.z}, {3});
  std::vector<std::string> axes;
  for (int a = 0; a < 3; ++a)
    if (d.periodic[std::size_t(a)]) axes.push_back(kAxisNames[a]);
  g.writeStrings("periodic", axes);
}

Domain domainOf(const h5::Group& g) {
  const auto corner = [&](const char* name) {
    const std::vector<double> v = g.read<double>(name);
    if (v.size() != 3)
      throw std::runtime_error(g.where(name) + ": found " + std::to_string(v.size()) + " numbers, expected 3");
    return Vec3d(v[0], v[1], v[2]);
  };
  Domain d;
  d.lo = corner("lo");
  d.hi = corner("hi");
  for (const std::string& axis : g.readStrings("periodic")) {
    bool known = false;
    for (int a = 0; a < 3; ++a)
      if (axis == kAxisNames[a]) d.periodic[std::size_t(a)] = known = true;
    if (!known) throw std::runtime_error(g.where("periodic") + ": found axis \"" + axis + "\", expected x, y or z");
  }
  return d;
}

void writeMeta(const h5::Group& g, const RunHeader& h) {
  const RunMeta& m = h.meta;
  g.writeString("scene_json", m.sceneJson);
  g.setAttribute("scene_file", m.sceneFile);
  g.setAttribute("version", m.version);
  g.setAttribute("git_revision", m.gitRevision);
  g.setAttribute("backend", m.backend);
  g.setAttribute("seed", m.seed);
  g.setAttribute("start_time", m.startTime);
  g.setAttribute("time_step", m.timeStep);
  if (!m.studyJson.empty()) g.writeString("study_json", m.studyJson);
  if (m.domain) writeDomain(g.create("domain"), *m.domain);
  g.writeStrings("family_names", h.familyNames);
  g.writeStrings("body_names", h.bodyNames);
}

void readMeta(const h5::Group& g, RunHeader& h) {
  RunMeta& m = h.meta;
  m.sceneJson = g.readString("scene_json");
  m.sceneFile = g.stringAttribute("scene_file");
  m.version = g.stringAttribute("version");
  m.gitRevision = g.stringAttribute("git_revision");
  m.backend = g.stringAttribute("backend");
  m.seed = g.uint64Attribute("seed");
  m.startTime = g.stringAttribute("start_time");
  m.timeStep = g.doubleAttribute("time_step");
  if (g.has("study_json")) m.studyJson = g.readString("study_json");
  if (g.has("domain")) m.domain = domainOf(g.open("domain"));
  h.familyNames = g.readStrings("family_names");
  h.bodyNames = g.readStrings("body_names");
}

// One flat table for all templates: template t has spheres [sphere_begin[t], sphere_begin[t+1]).
void writeTemplates(const h5::Group& g, const std::vector<ClumpTemplate>& templates) {
  std::vector<std::string> names;
  std::vector<std::int64_t> begin{0};
  std::vector<Vec3d> offsets, inertia;
  std::vector<double> radii, mass;
  std::vector<Index> materials;
  std::vector<Quat> frames;
  for (const ClumpTemplate& t : templates) {
    if (t.radii.size() != t.offsets.size() || t.materials.size() != t.offsets.size())
      throw std::invalid_argument("template " + t.name + ": offsets, radii and materials differ in length");
    names.push_back(t.name);
    offsets.insert(offsets.end(), t.offsets.begin(), t.offsets.end());
    radii.insert(radii.end(), t.radii.begin(), t.radii.end());
    materials.insert(materials.end(), t.materials.begin(), t.materials.end());
    begin.push_back(static_cast<std::int64_t>(offsets.size()));
    mass.push_back(t.mass);
    inertia.push_back(t.principalInertia);
    frames.push_back(t.principalFrame);
  }
  g.writeStrings("name", names);
  writeList(g, "sphere_begin", begin);
  writeVec3s(g, "offset", offsets);
  writeList(g, "radius", radii);
  writeList(g, "material", materials);
  writeList(g, "mass", mass);
  writeVec3s(g, "principal_inertia", inertia);
  writeQuats(g, "principal_frame", frames);
}

std::vector<ClumpTemplate> readTemplates(const h5::Group& g) {
  const auto names = g.readStrings("name");
  const auto begin = readList<std::int64_t>(g, "sphere_begin");
  const auto offsets = readVec3s<double>(g, "offset");
  const auto radii = readList<double>(g, "radius");
  const auto materials = readList<Index>(g, "material");
  const auto mass = readList<double>(g, "mass");
  const auto inertia = readVec3s<double>(g, "principal_inertia");
  const auto frames = readQuats(g, "principal_frame");
  const std::size_t n = names.size();
  if (begin.size() != n + 1 || mass.size() != n || inertia.size() != n || frames.size() != n ||
      radii.size() != offsets.size() || materials.size() != offsets.size() ||
      static_cast<std::size_t>(begin.back()) != offsets.size())
    throw std::runtime_error(g.where() + ": template datasets differ in length");
  std::vector<ClumpTemplate> templates(n);
  for (std::size_t t = 0; t < n; ++t) {
    ClumpTemplate& c = templates[t];
    c.name = names[t];
    c.offsets.assign(offsets.begin() + begin[t], offsets.begin() + begin[t + 1]);
    c.radii.assign(radii.begin() + begin[t], radii.begin() + begin[t + 1]);
    c.materials.assign(materials.begin() + begin[t], materials.begin() + begin[t + 1]);
    c.mass = mass[t];
    c.principalInertia = inertia[t];
    c.principalFrame = frames[t];
  }
  return templates;
}

void writeMaterials(const h5::Group& g, const std::vector<Material>& materials) {
  std::vector<std::string> names;
  std::vector<double> e, nu, restitution, friction, rolling, density, adhesion;
  for (const Material& m : materials) {
    names.push_back(m.name);
    e.push_back(m.youngsModulus);
    nu.push_back(m.poissonRatio);
    restitution.push_back(m.restitution);
    friction.push_back(m.friction);
    rolling.push_back(m.rollingResistance);
    density.push_back(m.density);
    adhesion.push_back(m.workOfAdhesion);
  }
  g.writeStrings("name", names);
  writeList(g, "youngs_modulus", e);
  writeList(g, "poisson_ratio", nu);
  writeList(g, "restitution", restitution);
  writeList(g, "friction", friction);
  writeList(g, "rolling_resistance", rolling);
  writeList(g, "density", density);
  writeList(g, "work_of_adhesion", adhesion);
}

std::vector<Material> readMaterials(const h5::Group& g) {
  const auto names = g.readStrings("name");
  const auto e = readList<double>(g, "youngs_modulus");
  const auto nu = readList<double>(g, "poisson_ratio");
  const auto restitution = readList<double>(g, "restitution");
  const auto friction = readList<double>(g, "friction");
  const auto rolling = readList<double>(g, "rolling_resistance");
  const auto density = readList<double>(g, "density");
  const std::size_t n = names.size();
  // Written since 0.2.0 (cohesion); a file from before holds grains without it.
  const auto adhesion = g.has("work_of_adhesion") ? readList<double>(g, "work_of_adhesion") : std::vector<double>(n);
  for (std::size_t size :
       {e.size(), nu.size(), restitution.size(), friction.size(), rolling.size(), density.size(), adhesion.size()})
    if (size != n) throw std::runtime_error(g.where() + ": material datasets differ in length");
  std::vector<Material> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = Material{names[i], e[i], nu[i], restitution[i], friction[i], rolling[i], density[i], adhesion[i]};
  return out;
}

}  // namespace

void writeFormat(const h5::Group& root) {
  root.setAttribute("format", kFormat);
  root.setAttribute("format_version", kFormatVersion);
}

void writeHeader(const h5::File& f, const RunHeader& h) {
  for (const std::string& body : h.bodyNames)
    if (body.empty() || body.find('/') != std::string::npos || body == "." || body == "..")
      throw std::invalid_argument("body name '" + body + "' cannot name an HDF5 group (/series/<body>)");
  writeFormat(f);
  writeMeta(f.create("meta"), h);
  writeTemplates(f.create("templates"), h.templates);
  labelUnits(f.open("templates"));
  writeMaterials(f.create("materials"), h.materials);
  f.create("frames");
  const h5::Group series = f.create("series");
  for (const std::string& body : h.bodyNames) createSeries(series.create(body));
  // /trajectories/<body>: each body's time x pose table under the name one looks for; a
  // link to its series (written every series interval, finer than the frames), not a copy.
  const h5::Group trajectories = f.create("trajectories");
  for (const std::string& body : h.bodyNames) trajectories.linkTo(body, "/series/" + body);
}

std::optional<Domain> readDomain(const h5::File& f) {
  const h5::Group meta = f.open("meta");
  if (!meta.has("domain")) return std::nullopt;
  return domainOf(meta.open("domain"));
}

RunHeader readHeader(const h5::File& f) {
  requireFormat(f, kFormat, kFormatVersion);
  RunHeader h;
  readMeta(f.open("meta"), h);
  h.templates = readTemplates(f.open("templates"));
  h.materials = readMaterials(f.open("materials"));
  return h;
}

}  // namespace regolith::run_layout
