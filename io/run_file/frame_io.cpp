// One /frames/<k> group of run.h5: the frame's state and what a viewer needs to draw it.
#include <stdexcept>

#include "io/mesh/boundary_mesh.h"
#include "io/run_file/dataset_units.h"
#include "io/run_file/frame_static.h"
#include "io/h5/h5_arrays.h"
#include "io/run_file/run_file_layout.h"
#include "io/run_file/sphere_fields.h"
#include "io/h5/state_io.h"

namespace regolith::run_layout {

using h5::readList;
using h5::readVec3s;
using h5::writeVec3s;

namespace {

void requireConsistent(const FrameData& f) {
  const StateArrays& s = f.state;
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("frame at step " + std::to_string(f.step) + ": " + what);
  };
  if (f.sphereCentres.size() != s.sphereCount())
    fail(std::to_string(f.sphereCentres.size()) + " sphere centres for " + std::to_string(s.sphereCount()) +
         " spheres");
  if (f.ownerTemplate.size() != s.ownerCount())
    fail(std::to_string(f.ownerTemplate.size()) + " owner templates for " + std::to_string(s.ownerCount()) + " owners");
  const ContactForces& c = f.contacts;
  if (c.pairFirst.size() != c.pairSecond.size() || c.pairForce.size() != c.pairFirst.size() ||
      c.wallSphere.size() != c.wallBoundary.size() || c.wallForce.size() != c.wallSphere.size())
    fail("contact arrays differ in length");
}

// (a[i], b[i]) rows of a C x 2 dataset.
void writePairs(const h5::Group& g, const std::string& name, const std::vector<Index>& a, const std::vector<Index>& b) {
  std::vector<Index> flat;
  flat.reserve(2 * a.size());
  for (std::size_t i = 0; i < a.size(); ++i) flat.insert(flat.end(), {a[i], b[i]});
  g.write(name, flat, {a.size(), 2});
}

void readPairs(const h5::Group& g, const std::string& name, std::vector<Index>& a, std::vector<Index>& b) {
  std::vector<hsize_t> dims;
  const std::vector<Index> flat = g.read<Index>(name, &dims);
  h5::requireShape(g, name, dims, 2);
  for (std::size_t i = 0; i + 1 < flat.size(); i += 2) {
    a.push_back(flat[i]);
    b.push_back(flat[i + 1]);
  }
}

}  // namespace

void writeFrame(const h5::Group& root, const h5::Group& g, const FrameData& f, StaticStore& statics) {
  requireConsistent(f);
  g.setAttribute("step", f.step);
  g.setAttribute("time", f.time);
  g.setAttribute("has_contacts", std::int64_t(f.hasContacts ? 1 : 0));
  writeOwnerMotion(g, f.state);
  writeVec3s(g, "sphere_position", f.sphereCentres);
  writeVec3s(g, "sphere_velocity", sphereVelocities(f.state, f.sphereCentres));
  writeBoundaryPlacement(g.create("boundaries"), f.boundaries);
  BoundaryMeshSettings settings;
  settings.extent = meshExtentFor(f.boundaries, f.sphereCentres);
  const BoundaryMesh mesh = tessellateBoundaries(f.boundaries, settings);
  writeVec3s(g, "body_vertices", mesh.vertices);
  if (f.hasContacts) {
    writePairs(g, "contact_pair", f.contacts.pairFirst, f.contacts.pairSecond);
    writeVec3s(g, "contact_force", f.contacts.pairForce);
    writePairs(g, "wall_contact", f.contacts.wallSphere, f.contacts.wallBoundary);
    writeVec3s(g, "wall_contact_force", f.contacts.wallForce);
  }
  // Labelled before the static datasets are linked in: those carry their units already.
  labelUnits(g);
  labelUnits(g.open("boundaries"));
  statics.link(root, g, staticDatasetsOf(f, mesh));
}

FrameData readFrame(const h5::Group& g) {
  FrameData f;
  f.step = g.uint64Attribute("step");
  f.time = g.doubleAttribute("time");
  f.hasContacts = g.int64Attribute("has_contacts") != 0;
  f.state = readStateArrays(g);
  f.ownerTemplate = readList<Index>(g, "owner_template");
  f.sphereCentres = readVec3s<double>(g, "sphere_position");
  f.boundaries = readBoundaries(g.open("boundaries"));
  if (!f.hasContacts) return f;
  readPairs(g, "contact_pair", f.contacts.pairFirst, f.contacts.pairSecond);
  f.contacts.pairForce = readVec3s<Real>(g, "contact_force");
  readPairs(g, "wall_contact", f.contacts.wallSphere, f.contacts.wallBoundary);
  f.contacts.wallForce = readVec3s<Real>(g, "wall_contact_force");
  return f;
}

FrameView readFrameView(const h5::Group& g) {
  FrameView v;
  v.sphereVelocity = readVec3s<Real>(g, "sphere_velocity");
  v.sphereFamily = readList<Index>(g, "sphere_family");
  v.connectivity = readList<Index>(g, "connectivity");
  v.bodies.vertices = readVec3s<double>(g, "body_vertices");
  std::vector<hsize_t> dims;
  const std::vector<Index> flat = g.read<Index>("body_triangles", &dims);
  h5::requireShape(g, "body_triangles", dims, 3);
  for (std::size_t i = 0; i + 2 < flat.size(); i += 3)
    v.bodies.triangles.push_back({flat[i], flat[i + 1], flat[i + 2]});
  v.bodies.triangleBoundary = readList<Index>(g, "body_triangle_boundary");
  return v;
}

}  // namespace regolith::run_layout
