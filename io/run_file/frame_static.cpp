// Static frame data written once and linked; see frame_static.h.
#include "io/run_file/frame_static.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "io/run_file/dataset_units.h"
#include "io/h5/h5_arrays.h"
#include "io/run_file/sphere_fields.h"
#include "io/h5/state_io.h"

namespace regolith::run_layout {

namespace {

constexpr const char* kStaticGroup = "static";

std::string staticName(std::size_t k) {
  char name[32];
  std::snprintf(name, sizeof name, "%06zu", k);
  return name;
}

// The datasets of a static group by their path in it ("sphere_radius", "boundaries/kind").
std::vector<std::string> datasetPaths(const h5::Group& g) {
  std::vector<std::string> paths;
  for (const std::string& name : g.children()) {
    if (!g.isGroup(name)) {
      paths.push_back(name);
      continue;
    }
    for (const std::string& inner : datasetPaths(g.open(name))) paths.push_back(name + "/" + inner);
  }
  return paths;
}

constexpr const char* kBoundaries = "boundaries";

}  // namespace

StaticSet staticDatasetsOf(const FrameData& f, const BoundaryMesh& mesh) {
  StaticSet s = stateLayoutOf(f.state);
  s["owner_template"] = h5::listBlob(f.ownerTemplate);
  s["sphere_family"] = h5::listBlob(sphereFamilies(f.state));
  // The XDMF Polyvertex topology needs explicit connectivity (docs/output-format.md).
  std::vector<Index> connectivity(f.sphereCentres.size());
  std::iota(connectivity.begin(), connectivity.end(), Index(0));
  s["connectivity"] = h5::listBlob(connectivity);
  std::vector<Index> triangles;
  for (const auto& t : mesh.triangles) triangles.insert(triangles.end(), t.begin(), t.end());
  s["body_triangles"] = h5::blobOf(triangles, {mesh.triangles.size(), 3});
  s["body_triangle_boundary"] = h5::listBlob(mesh.triangleBoundary);
  // A zero radius on the body vertices: a Glyph scaled by radius over the whole dataset
  // then draws spheres for the particles only.
  s["body_vertex_radius"] = h5::listBlob(std::vector<Real>(mesh.vertices.size(), Real(0)));
  for (auto& [name, blob] : boundaryLayoutOf(f.boundaries)) s[std::string(kBoundaries) + "/" + name] = std::move(blob);
  return s;
}

void StaticStore::restore(const h5::Group& root, const h5::Group& frame) {
  m_path.clear();
  m_current.clear();
  if (!frame.hasAttribute(kStaticAttribute)) return;  // a frame of a file without static groups
  m_path = frame.stringAttribute(kStaticAttribute);
  const h5::Group current = root.open(m_path.substr(1));
  for (const std::string& name : datasetPaths(current)) m_current[name] = current.readBlob(name);
  const h5::Group all = root.open(kStaticGroup);
  const std::string last = m_path.substr(m_path.rfind('/') + 1);
  for (const std::string& name : all.children())
    if (name > last) all.remove(name);
}

void StaticStore::link(const h5::Group& root, const h5::Group& frame, const StaticSet& s) {
  if (m_path.empty() || s != m_current) {
    if (!root.has(kStaticGroup)) root.create(kStaticGroup);
    const h5::Group all = root.open(kStaticGroup);
    const std::string name = staticName(all.children().size());
    const h5::Group g = all.create(name);
    g.create(kBoundaries);
    for (const auto& [dataset, blob] : s) {
      const auto old = m_current.find(dataset);
      if (!m_path.empty() && old != m_current.end() && old->second == blob) g.hardLink(dataset, m_path + "/" + dataset);
      else g.write(dataset, blob);
    }
    labelUnits(g);
    labelUnits(g.open(kBoundaries));
    m_path = g.path();
    m_current = s;
  }
  frame.setAttribute(kStaticAttribute, m_path);
  for (const auto& entry : s) frame.hardLink(entry.first, m_path + "/" + entry.first);
}

void copyFrame(const h5::Group& from, const std::string& name, const h5::Group& to, const h5::Group& root) {
  const h5::Group source = from.open(name);
  if (!source.hasAttribute(kStaticAttribute)) {
    from.copyTo(name, to);  // a frame of a file without static groups: all its own
    return;
  }
  const std::string path = source.stringAttribute(kStaticAttribute);
  std::vector<std::string> linked = datasetPaths(root.open(path.substr(1)));
  const auto isStatic = [&](const std::string& p) {
    return std::find(linked.begin(), linked.end(), p) != linked.end();
  };
  const h5::Group copy = to.create(name);
  source.copyAttributesTo(copy);
  for (const std::string& child : source.children()) {
    if (!source.isGroup(child)) {
      if (isStatic(child)) copy.hardLink(child, path + "/" + child);
      else source.copyTo(child, copy);
      continue;
    }
    const h5::Group inner = source.open(child), innerCopy = copy.create(child);
    inner.copyAttributesTo(innerCopy);
    for (const std::string& leaf : inner.children()) {
      if (isStatic(child + "/" + leaf)) innerCopy.hardLink(leaf, path + "/" + child + "/" + leaf);
      else inner.copyTo(leaf, innerCopy);
    }
  }
}

}  // namespace regolith::run_layout
