// Internal to io/: a run.h5 left torn by a failed write (a full disk) made whole again
// before a resumed run appends to it.
#pragma once

#include <cstdint>
#include <string>

namespace regolith {

// True when the file at `path` ends past what its superblock allocates: its last flush
// failed midway, and HDF5 cannot modify it in place (deleting a frame fails with "addr
// overflow") although its finished frames still read.
bool runFileIsTorn(const std::string& path);

// Rewrites `path` from what it still holds: the header groups, the series and the frames
// with step <= lastStep, in order, up to the first frame whose step cannot be read (the
// torn one). Written to `path`.repair and renamed over `path`, so a failure leaves the
// torn file as it was.
void rebuildRunFile(const std::string& path, std::uint64_t lastStep);

}  // namespace regolith
