// The run file, DIR/run.h5 (docs/output-format.md): written frame by frame and flushed, so
// a killed run leaves every finished frame readable; reopened for append on --resume.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/clump_template.h"
#include "core/material.h"
#include "core/periodic_model.h"
#include "io/mesh/boundary_mesh.h"
#include "io/run_file/run_file_records.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/state_arrays.h"

namespace regolith {

// /meta
struct RunMeta {
  std::string sceneJson;  // verbatim
  std::string sceneFile;
  std::string version;  // Regolith version
  std::string gitRevision;
  std::string backend;  // "cpu-omp" or "cuda"
  std::uint64_t seed = 0;
  std::string startTime;         // ISO 8601 UTC, wall clock (not reproducible by design)
  double timeStep = 0;           // [s]
  std::string studyJson;         // the scene's study, resolved (scenes/scene.h); "" for none
  std::optional<Domain> domain;  // /meta/domain: the scene's box and periodic axes, if given
};

// What the file describes once, besides /meta.
struct RunHeader {
  RunMeta meta;
  std::vector<ClumpTemplate> templates;  // /templates
  std::vector<Material> materials;       // /materials
  std::vector<std::string> bodyNames;    // /series/<name>
  std::vector<std::string> familyNames;
};

// /frames/<k>
struct FrameData {
  std::uint64_t step = 0;
  double time = 0;  // [s]
  StateArrays state;
  std::vector<Index> ownerTemplate;           // per owner, -1 for bodies
  std::vector<Vec3d> sphereCentres;           // world frame [m]
  std::vector<BoundaryPrimitive> boundaries;  // as they stand (owned ones moved)
  bool hasContacts = false;
  ContactForces contacts;
};

// What a frame stores for viewing, derived from FrameData when it is written.
struct FrameView {
  std::vector<Vec3> sphereVelocity;  // v_o + w_o x (x_s - x_o) [m/s]
  std::vector<Index> sphereFamily;   // the owner's family
  std::vector<Index> connectivity;   // 0..S-1 (the XDMF Polyvertex topology)
  BoundaryMesh bodies;               // boundaries as triangles
};

// One row of /series/<body>.
struct SeriesSample {
  // One member per line of REGOLITH_SERIES_FIELDS (io/run_file/run_file_records.h): time,
  // position, orientation, velocity, angular velocity, the contact force and torque on the
  // body (a load cell: gravity excluded) [N, N m], the same contacts split
  // (core/body_loads.h): normal and tangential force, their moments about the body's
  // reference point, the contact count and the patch centroid (normal-force weighted; NaN
  // without contacts).
#define REGOLITH_SERIES_SAMPLE_MEMBER(member, Type, dataset, python, csv, unit) Type member = Type();
  REGOLITH_SERIES_FIELDS(REGOLITH_SERIES_SAMPLE_MEMBER)
#undef REGOLITH_SERIES_SAMPLE_MEMBER
};

// HDF5's filters on the frames' datasets (a scene's output.deflate and output.shuffle;
// docs/output-format.md, "Compression"). The defaults are the scene's defaults: measured
// on the smoke wheel and the demo, they take about half the bytes for little write time.
struct RunFileCompression {
  int deflate = 1;  // zlib level, 0 (off) .. 9
  bool shuffle = true;
};

class RunFileWriter {
 public:
  // Creates `path` (replacing a file there) with /meta, /templates, /materials. With an
  // `xmfPath`, the XDMF sidecar there is rewritten after every frame (io/run_file/xdmf_sidecar.h).
  static std::unique_ptr<RunFileWriter> create(const std::string& path, const RunHeader& header,
                                               const std::string& xmfPath = "",
                                               const RunFileCompression& compression = {});
  // Opens an existing run file to continue it: frames with step > `lastStep` and series rows
  // with time > `lastTime` (written after the checkpoint a resumed run starts from) are
  // dropped first, and the sidecar at `xmfPath` (if given) is rewritten from what remains.
  static std::unique_ptr<RunFileWriter> openForAppend(const std::string& path, std::uint64_t lastStep, double lastTime,
                                                      const std::string& xmfPath = "",
                                                      const RunFileCompression& compression = {});
  virtual ~RunFileWriter() = default;

  virtual void writeFrame(const FrameData& frame) = 0;  // then flushes
  // One row per body, in RunHeader::bodyNames order; then flushes.
  virtual void appendSeries(const std::vector<SeriesSample>& rows) = 0;
  virtual std::size_t frameCount() const = 0;
};

class RunFileReader {
 public:
  explicit RunFileReader(const std::string& path);  // throws std::runtime_error naming path
  ~RunFileReader();
  const RunHeader& header() const;
  std::size_t frameCount() const;
  FrameData frame(std::size_t k) const;
  double frameTime(std::size_t k) const;  // frame k's time [s], without reading its datasets
  FrameView frameView(std::size_t k) const;
  std::vector<SeriesSample> series(const std::string& body) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

// Writes DIR/run.xmf for run.h5 from what the file holds now (to a temporary name, then
// renamed, so ParaView never reads half a file). A RunFileWriter given the path keeps it
// up to date without rereading the file.
void writeXdmf(const std::string& h5Path, const std::string& xmfPath);

}  // namespace regolith
