// Ordering of device work across the two streams of the dual-stream engine.
//
// Each host thread issues its device work on its own stream (CUDA: the per-thread default
// stream, the build compiles with --default-stream per-thread; CPU: Thrust's OpenMP calls,
// which return when their work is done). A buffer that passes from one stream to the other
// carries a StreamEvent: the giver records it after its last use, the taker waits on it
// before its first use. On the CPU both are no-ops, because the work is already complete
// when the host thread hands the buffer over (under the hand-over mutex).
#pragma once

namespace regolith {

class StreamEvent {
 public:
  StreamEvent() = default;
  StreamEvent(const StreamEvent&) = delete;
  StreamEvent& operator=(const StreamEvent&) = delete;
  ~StreamEvent();

  // Marks the point in the calling thread's stream after all work issued so far.
  void record();
  // Makes the calling thread's stream wait until the recorded point has been reached.
  void waitOn() const;

 private:
  void* m_event = nullptr;  // cudaEvent_t on CUDA, created at the first record()
};

}  // namespace regolith
