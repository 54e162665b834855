// Internal to io/: the names and the group writers/readers of run.h5 shared by the run
// file's writer, reader, XDMF sidecar and `regolith info` (docs/output-format.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/h5/h5_file.h"
#include "io/run_file/run_file.h"

namespace regolith::run_layout {

inline constexpr const char* kFormat = "regolith-run";
inline constexpr std::int64_t kFormatVersion = 1;

// Frames are /frames/000000, /frames/000001, ...: zero-padded so names sort in frame
// order (six digits; a run with more frames gets longer names, still in order up to 10^7).
std::string frameName(std::size_t k);

// The root's format attributes (writeHeader writes them too).
void writeFormat(const h5::Group& root);
// Root attributes and /meta, /templates, /materials (+ family and body names in /meta).
void writeHeader(const h5::File& f, const RunHeader& h);
RunHeader readHeader(const h5::File& f);
// /meta/domain (the scene's box and periodic axes), none when the scene gave none.
std::optional<Domain> readDomain(const h5::File& f);
// Throws unless `f` carries the run-file format attributes of a version this build reads.
void requireFormat(const h5::Group& root, const char* format, std::int64_t version);

class StaticStore;  // io/run_file/frame_static.h
// Writes the frame's motion into `g` and links its static datasets from /static
// (io/run_file/frame_static.h); `root` is the file's root group.
void writeFrame(const h5::Group& root, const h5::Group& g, const FrameData& frame, StaticStore& statics);
FrameData readFrame(const h5::Group& g);
FrameView readFrameView(const h5::Group& g);

// /series/<body>: extendible datasets, one row per sample.
void createSeries(const h5::Group& g);
void appendSeries(const h5::Group& g, const SeriesSample& row);
std::vector<SeriesSample> readSeries(const h5::Group& g);
inline const std::vector<std::string>& seriesDatasets() {
  // Every dataset createSeries makes (io/run_file/series_io.cpp), for resizing them together.
  static const std::vector<std::string> names{
      "time",          "position",     "orientation",      "velocity",      "angular_velocity",  "force",
      "torque",        "force_normal", "force_tangential", "torque_normal", "torque_tangential", "contact_count",
      "patch_centroid"};
  return names;
}

}  // namespace regolith::run_layout
