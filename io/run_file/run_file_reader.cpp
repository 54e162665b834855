// RunFileReader: run.h5 back into the structures it was written from.
#include <stdexcept>

#include "io/run_file/frame_check.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file.h"
#include "io/run_file/run_file_layout.h"

namespace regolith {

struct RunFileReader::Impl {
  h5::File file;
  RunHeader header;
  std::size_t frames = 0;

  h5::Group frameGroup(std::size_t k) const {
    if (k >= frames)
      throw std::runtime_error(file.file() + ": no frame " + std::to_string(k) + " (the run has " +
                               std::to_string(frames) + ")");
    return file.open("frames").open(run_layout::frameName(k));
  }
};

RunFileReader::RunFileReader(const std::string& path) : m_impl(new Impl{h5::File::openReadOnly(path), {}, 0}) {
  m_impl->header = run_layout::readHeader(m_impl->file);
  m_impl->frames = m_impl->file.open("frames").children().size();
}

RunFileReader::~RunFileReader() = default;

const RunHeader& RunFileReader::header() const { return m_impl->header; }
std::size_t RunFileReader::frameCount() const { return m_impl->frames; }

FrameData RunFileReader::frame(std::size_t k) const {
  const h5::Group g = m_impl->frameGroup(k);
  FrameData f = run_layout::readFrame(g);
  run_layout::checkFrame(f, m_impl->header, g.where());
  return f;
}

double RunFileReader::frameTime(std::size_t k) const { return m_impl->frameGroup(k).doubleAttribute("time"); }

FrameView RunFileReader::frameView(std::size_t k) const { return run_layout::readFrameView(m_impl->frameGroup(k)); }

std::vector<SeriesSample> RunFileReader::series(const std::string& body) const {
  return run_layout::readSeries(m_impl->file.open("series").open(body));
}

}  // namespace regolith
