// RunFileWriter: run.h5 written frame by frame, flushed after every frame and series row.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "io/run_file/frame_static.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file.h"
#include "io/run_file/run_file_layout.h"
#include "io/run_file/run_file_repair.h"
#include "io/run_file/xdmf_sidecar.h"

namespace regolith {

namespace {

class Hdf5RunFileWriter final : public RunFileWriter {
 public:
  Hdf5RunFileWriter(h5::File file, std::vector<std::string> bodies, std::size_t frames, const std::string& xmfPath,
                    const RunFileCompression& compression, const std::optional<Domain>& domain)
      : m_file(std::move(file)), m_bodies(std::move(bodies)), m_frames(frames) {
    m_file.setFilters({compression.deflate, compression.shuffle});
    // A continued file: the next frame links the static group its last frame used.
    if (m_frames > 0) {
      const h5::Group frames = m_file.open("frames");
      m_statics.restore(m_file, frames.open(run_layout::frameName(m_frames - 1)));
      // The room a frame needs, until this writer has written one: the file's mean size
      // per frame (the header counted in: an overestimate, on the safe side).
      m_lastFrameBytes = std::filesystem::file_size(m_file.file()) / m_frames;
    }
    if (xmfPath.empty()) return;
    m_xmf.emplace(m_file.file(), xmfPath, domain);
    m_xmf->addAll(m_file.open("frames"));
    m_xmf->write();
  }

  void writeFrame(const FrameData& frame) override {
    requireRoomForFrame();
    const std::uintmax_t before = std::filesystem::file_size(m_file.file());
    const h5::Group frames = m_file.open("frames");
    const std::string name = run_layout::frameName(m_frames);
    try {
      run_layout::writeFrame(m_file, frames.create(name), frame, m_statics);
    } catch (...) {
      // A half-written frame would be read as a broken one: drop it.
      if (frames.has(name)) frames.remove(name);
      throw;
    }
    ++m_frames;
    m_file.flush();
    const std::uintmax_t after = std::filesystem::file_size(m_file.file());
    m_lastFrameBytes = after > before ? after - before : 0;
    if (m_xmf) {
      m_xmf->add(frames.open(name), name);
      m_xmf->write();
    }
  }

  void appendSeries(const std::vector<SeriesSample>& rows) override {
    if (rows.size() != m_bodies.size())
      throw std::invalid_argument(m_file.file() + ": " + std::to_string(rows.size()) + " series rows for " +
                                  std::to_string(m_bodies.size()) + " bodies");
    const h5::Group series = m_file.open("series");
    for (std::size_t b = 0; b < rows.size(); ++b) run_layout::appendSeries(series.open(m_bodies[b]), rows[b]);
    m_file.flush();
  }

  std::size_t frameCount() const override { return m_frames; }

 private:
  // Stops before a frame the disk has no room for, the file intact. A write that meets a
  // full disk half way leaves a torn file: HDF5 writes the superblock, with the end of the
  // file it has allocated, last, so metadata already written past the recorded end is out
  // of reach. The repair on --resume (run_file_repair.h) copies what it can read, but where
  // the frames' own index was among the lost metadata it cannot even list them (seen in
  // FullDisk: "addr overflow" on /frames). Room: twice the last frame's growth of the file,
  // and 1 MiB for the XDMF sidecar's rewrite and the series rows.
  void requireRoomForFrame() const {
    if (m_lastFrameBytes == 0) return;  // a new file's first frame: no size to go by yet
    const std::uintmax_t need = 2 * m_lastFrameBytes + (std::uintmax_t(1) << 20);
    std::error_code error;
    const std::filesystem::space_info space = std::filesystem::space(
        std::filesystem::absolute(m_file.file()).parent_path(), error);
    if (error || space.available >= need) return;  // unknown: the write itself will tell
    throw std::runtime_error(m_file.file() + ": No space left on device for the next frame (about " +
                             std::to_string(need / 1024) + " kB with the sidecar, " +
                             std::to_string(space.available / 1024) +
                             " kB free); the frames written so far are intact: free space and --resume");
  }

  h5::File m_file;
  std::vector<std::string> m_bodies;
  std::size_t m_frames;
  std::uintmax_t m_lastFrameBytes = 0;  // the file's growth over the last frame written [bytes]
  run_layout::StaticStore m_statics;
  std::optional<XdmfSidecar> m_xmf;
};

// Drops the frames after lastStep; returns how many remain (they must be 0..n-1).
std::size_t truncateFrames(const h5::Group& frames, std::uint64_t lastStep) {
  std::size_t kept = 0;
  for (const std::string& name : frames.children()) {
    if (frames.open(name).uint64Attribute("step") > lastStep) {
      frames.remove(name);
      continue;
    }
    if (name != run_layout::frameName(kept))
      throw std::runtime_error(frames.where(name) + ": frames are not numbered 0, 1, ... in step order");
    ++kept;
  }
  return kept;
}

// Shrinks every dataset of one body's series to the rows with time <= lastTime.
void truncateSeries(const h5::Group& body, double lastTime) {
  const std::vector<double> time = body.read<double>("time");
  hsize_t keep = 0;
  while (keep < time.size() && time[keep] <= lastTime) ++keep;
  if (keep == time.size()) return;
  for (const std::string& name : run_layout::seriesDatasets()) body.resizeRows(name, keep);
}

}  // namespace

std::unique_ptr<RunFileWriter> RunFileWriter::create(const std::string& path, const RunHeader& header,
                                                     const std::string& xmfPath,
                                                     const RunFileCompression& compression) {
  h5::File file = h5::File::createReplacing(path);
  run_layout::writeHeader(file, header);
  file.flush();
  return std::make_unique<Hdf5RunFileWriter>(std::move(file), header.bodyNames, 0, xmfPath, compression,
                                             header.meta.domain);
}

std::unique_ptr<RunFileWriter> RunFileWriter::openForAppend(const std::string& path, std::uint64_t lastStep,
                                                            double lastTime, const std::string& xmfPath,
                                                            const RunFileCompression& compression) {
  // A run that stopped on a failed write (a full disk) may have left the file torn: HDF5
  // reads it but cannot change it, so it is rebuilt from what it holds first.
  if (runFileIsTorn(path)) rebuildRunFile(path, lastStep);
  h5::File file = h5::File::openReadWrite(path);
  const RunHeader header = run_layout::readHeader(file);
  const std::size_t frames = truncateFrames(file.open("frames"), lastStep);
  const h5::Group series = file.open("series");
  for (const std::string& body : header.bodyNames) truncateSeries(series.open(body), lastTime);
  file.flush();
  return std::make_unique<Hdf5RunFileWriter>(std::move(file), header.bodyNames, frames, xmfPath, compression,
                                             header.meta.domain);
}

}  // namespace regolith
