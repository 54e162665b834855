// What stops a candidate-list build before it finishes (host code; plain C++, no Thrust):
//
//  - A stop request: SIGINT/SIGTERM handlers call requestStop (async-signal-safe). Steps
//    are short, so the stepping loop simply ends at the next step (core/simulation.cpp);
//    a build that has already run longer than kLongBuildSeconds when it sees the request
//    between its passes throws BuildInterrupted instead of running on (a runaway's build
//    can take minutes; issue 20 item 4).
//  - A candidate list beyond kMaxCandidatesPerSphere x the sphere count: CandidateOverflow,
//    thrown after the count pass and before anything of that size is allocated.
//  - A count past what a 32-bit Index addresses: IndexRangeError (requireIndexRange).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace regolith {

// The cap on candidates of one list (sphere pairs; sphere–boundary pairs separately), per
// sphere. Why 256: around a sphere of radius r, candidates are the centres within
// 2r + reach; at the densest packing (0.74) that is at most 0.74 (2 + reach/r)^3
// neighbours, half of them counted as its pairs. 256 pairs per sphere is that bound at
// reach = 6.8 r, a clearance of more than three diameters beyond touching: more than the
// async margin of any physical run needs (a grain at 1 m/s in the demo scene gets about
// 2.4 r). A runaway's margin spans the whole bed and its list grows as N^2 / 2, which
// passes the cap for any N over 512 long before memory runs out.
inline constexpr std::size_t kMaxCandidatesPerSphere = 256;

// A build that sees a stop request after this long gives up [s].
inline constexpr double kLongBuildSeconds = 1.0;

class CandidateOverflow : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class BuildInterrupted : public std::runtime_error {
 public:
  explicit BuildInterrupted(int signal)
      : std::runtime_error("contact-list build interrupted by signal " + std::to_string(signal)), m_signal(signal) {}
  int signal() const { return m_signal; }

 private:
  int m_signal;
};

// Spheres, owners, contacts and list entries are numbered with a 32-bit Index
// (kernels/backend/hd.h): half the memory traffic of 64-bit indices in the contact loops. A count
// past 2^31 - 1 would wrap into negative offsets silently, so every count that grows with
// N (or N x candidates) is summed in 64 bits and checked against the limit before it
// becomes an index: a run of that size fails with IndexRangeError instead of a wrong answer.
inline constexpr std::uint64_t kMaxIndexCount = 2147483647;  // INT32_MAX

class IndexRangeError : public std::length_error {
 public:
  using std::length_error::length_error;
};

// Throws IndexRangeError, naming `what`, when count > kMaxIndexCount.
inline void requireIndexRange(std::uint64_t count, const char* what) {
  if (count > kMaxIndexCount) {
    throw IndexRangeError(std::string(what) + ": " + std::to_string(count) + " entries, more than the " +
                          std::to_string(kMaxIndexCount) + " a 32-bit index addresses");
  }
}

// The process-wide stop request (a lock-free atomic: safe in a signal handler and across the
// two streams' threads). 0: none.
void requestStop(int signal) noexcept;
int stopRequested() noexcept;
void clearStopRequest() noexcept;

}  // namespace regolith
