// The kinematic stream: a thread that builds contact candidate lists from position
// snapshots the dynamic stream publishes, and hands them back for adoption.
//
// Hand-over protocol (the proof that no stream reads a buffer the other writes is in
// docs/ARCHITECTURE.md, "Dual-stream engine"). Three snapshot buffers and three list
// buffers rotate; at every moment each is owned by exactly one party: the dynamic stream,
// the kinematic stream, or the hand-over slot. Buffers change hands only by pointer swaps
// under m_mutex; the slot's buffer is never read or written, only swapped. A buffer's
// contents are touched only by its owner, which releases it (CUDA: records an event)
// before giving it away; the new owner acquires it (waits on that event) before use.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "kernels/stages.h"

namespace regolith {

// A failure of the kinematic stream's thread (an out-of-memory in a list build, a CUDA
// error), rethrown on the dynamic side with a message naming the stream it came from; the
// original exception is nested in it (std::rethrow_if_nested). The two failures a run
// handles by type, CandidateOverflow and BuildInterrupted, pass through unchanged.
class KinematicStreamError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Test hook: the next list build of any kinematic stream throws `failure` on its thread
// instead of building (null clears it). Lets a test check that a failure there reaches the
// dynamic stream as KinematicStreamError instead of std::terminate.
void injectKinematicBuildFailure(std::exception_ptr failure);

class KinematicStream {
 public:
  // What the dynamic stream needs to know about a list.
  struct ListFacts {
    std::uint64_t snapshotStep = 0;  // the step of the positions it was built from
    double reach = 0;                // pairs within r_i + r_j + reach, walls within reach [m]
    double allowedSpeed = 0;         // the largest surface speed the reach covers for D steps
  };

  // `state` is read only in its immutable sphere data (radii, owners) while the stream runs.
  // `threads`: OpenMP threads of this stream (CPU build).
  KinematicStream(const DeviceState& state, int threads);
  ~KinematicStream();  // stops and joins the thread
  KinematicStream(const KinematicStream&) = delete;
  KinematicStream& operator=(const KinematicStream&) = delete;

  // Dynamic side. The buffer to fill with takeSnapshot, owned by the dynamic stream until
  // publish() hands it over (acquired: safe to write). A snapshot published before and not
  // yet taken by the kinematic stream is withdrawn here: the new one replaces it.
  PositionSnapshot& snapshotToFill();
  void publish(const ListFacts& facts);
  // If a list built from a snapshot after `afterStep` is ready, swaps it with `list` (the
  // dynamic stream's spare, which goes to the slot) and returns its facts. With `wait`,
  // blocks until such a list is ready or none can come (no snapshot pending or in build).
  // A build that failed throws here, on the dynamic side: CandidateOverflow and
  // BuildInterrupted (kernels/detection/build_guard.h) as they are, anything else as
  // KinematicStreamError.
  std::optional<ListFacts> take(CandidateListPtr& list, std::uint64_t afterStep, bool wait);
  // Whether a snapshot after `afterStep` is pending or being built.
  bool buildPendingAfter(std::uint64_t afterStep);

  std::uint64_t builds();
  std::size_t deviceBytes();

 private:
  void run();
  // Builds m_buildingList from m_kinematicSnapshot; returns what failed instead of
  // throwing, since an exception leaving the thread's function would call std::terminate.
  std::exception_ptr buildOnce(const ListFacts& facts) noexcept;
  // With m_mutex held: a list newer than afterStep is ready / a snapshot newer than
  // afterStep is pending or being built.
  bool readyAfter(std::uint64_t afterStep) const;
  bool comingAfter(std::uint64_t afterStep) const;

  const DeviceState& m_state;
  const int m_threads;

  std::mutex m_mutex;
  std::condition_variable m_wake;     // kinematic waits for a snapshot or stop
  std::condition_variable m_listOut;  // dynamic waits for a list

  // Snapshot buffers: the dynamic stream's (between fills, an empty placeholder: the fill
  // takes the slot's buffer), the slot's, the kinematic stream's.
  PositionSnapshotPtr m_dynamicSnapshot, m_slotSnapshot, m_kinematicSnapshot;
  bool m_snapshotPending = false;
  bool m_dynamicSnapshotAcquired = false;
  ListFacts m_pendingFacts;

  // List buffers: the slot's (ready or spare) and the kinematic stream's; the dynamic
  // stream's spare is the CandidateListPtr it passes to take().
  CandidateListPtr m_slotList, m_buildingList;
  bool m_listReady = false;
  ListFacts m_readyFacts;

  bool m_building = false;
  ListFacts m_buildingFacts;
  bool m_stop = false;
  std::exception_ptr m_error;  // a failed build's, until take() rethrows it
  std::uint64_t m_builds = 0;
  ContactBuilderPtr m_builder;
  std::size_t m_builderBytes = 0;   // m_builder's device memory after the last build (under m_mutex)
  std::size_t m_listBytes = 0;      // the last list built, when it was handed over (under m_mutex)
  std::size_t m_snapshotBytes = 0;  // the last snapshot published (under m_mutex)
  std::thread m_thread;             // last: starts after every member above is initialised
};

}  // namespace regolith
