// DIR/run.xmf, the XDMF sidecar of run.h5 (docs/output-format.md). It keeps the XML of
// every frame's grids in memory, so adding a frame reads only that frame's dataset shapes;
// the file is rewritten whole (to a temporary name, then renamed) so ParaView never reads
// half of it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/periodic_model.h"
#include "io/h5/h5_file.h"

namespace regolith {

class XdmfSidecar {
 public:
  // `domain`: the scene's box, drawn in every frame as one hexahedron (grid "domain").
  XdmfSidecar(const std::string& h5Path, std::string xmfPath, std::optional<Domain> domain = std::nullopt);
  // One frame group of run.h5 (its name under /frames); not written until write().
  void add(const h5::Group& frame, const std::string& name);
  void addAll(const h5::Group& frames);  // every frame under /frames, in name order
  void write() const;

 private:
  std::string m_xmf;
  std::string m_h5Ref;                // run.h5 as the .xmf names it (relative path)
  std::vector<std::string> m_frames;  // the XML of each frame's grids
  std::string m_domainXml;            // the box's grid ("" without a domain)
};

}  // namespace regolith
