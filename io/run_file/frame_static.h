// The per-particle data of run.h5 frames that a run seldom changes (masses, inertias,
// radii, offsets, materials, templates, families, the XDMF connectivity, the body mesh
// topology): written once into /static/<k> and hard-linked into every frame that uses it,
// so /frames/<k>/sphere_radius still names a dataset for every reader, at no cost per
// frame. A frame whose set differs from the last one (a family switched, the particle set
// changed) gets a new /static/<k+1>, which links the datasets that did not change from
// its predecessor. Internal to io/ (docs/output-format.md, "Static data").
#pragma once

#include <map>
#include <string>

#include "io/mesh/boundary_mesh.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file.h"

namespace regolith::run_layout {

using StaticSet = std::map<std::string, h5::Blob>;

// What frame `f` (with its tessellated bodies `mesh`) stores besides its motion.
StaticSet staticDatasetsOf(const FrameData& f, const BoundaryMesh& mesh);

// The frame attribute naming the static group a frame links to ("/static/000000").
inline constexpr const char* kStaticAttribute = "static";

class StaticStore {
 public:
  // Continues a file whose last kept frame is `frame` (a resumed run): its static group
  // becomes the current one, and groups written after it (for frames since dropped) go.
  void restore(const h5::Group& root, const h5::Group& frame);
  // Links every dataset of `s` into `frame` from the current static group, first writing
  // a new one when `s` differs from it.
  void link(const h5::Group& root, const h5::Group& frame, const StaticSet& s);

 private:
  std::string m_path;  // the current /static/<k>; "" before the first frame
  StaticSet m_current;
};

// Copies the frame `name` of `from` (a torn file's /frames) into `to` (the repaired file's
// /frames, whose file already holds a copy of /static: `root`): the frame's own datasets
// are copied, its static ones linked to that copy, as H5Ocopy of the whole frame would
// turn them into copies of their own (io/run_file/run_file_repair.cpp).
void copyFrame(const h5::Group& from, const std::string& name, const h5::Group& to, const h5::Group& root);

}  // namespace regolith::run_layout
