// OpenMP's wait policy for the regolith program: passive, unless the user chose one
// (OMP_WAIT_POLICY or GOMP_SPINCOUNT in the environment). Issue 41 item 3.
//
// Why. libgomp's default makes a thread that reaches a barrier spin for about 300,000
// iterations before it sleeps. On a machine another program is also using, one thread of
// the team shares its core with that program; every barrier then waits for it while the
// spinning threads keep their cores to themselves, and a step costs a time slice of the
// scheduler instead of microseconds: the quick-start demo took 4 min 46 s beside one busy
// process where --threads 1 took 17 s. A passive thread sleeps at once, so the scheduler
// can move the delayed thread to the freed core. docs/performance.md ("A shared machine")
// has the measurements of `regolith bench shared` behind this choice.
//
// How. libgomp reads OMP_WAIT_POLICY once, in its constructor, before main runs. The
// functions of an executable's .preinit_array run before any shared library's constructor
// (ELF gABI, "Initialization and Termination Functions"), so the default is set there.
// glibc then starts main with the environment the program was given, so the processes it
// starts (pvpython, a batch's runs) see the user's environment unchanged; each regolith
// child sets its own default the same way.
#include <cstdlib>

namespace {

void passiveOpenMpWaitUnlessChosen(int, char**, char**) {
  if (std::getenv("OMP_WAIT_POLICY") == nullptr && std::getenv("GOMP_SPINCOUNT") == nullptr)
    setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
}

// Kept by `used` although nothing refers to it.
__attribute__((section(".preinit_array"),
               used)) void (*const kSetOpenMpWaitDefault)(int, char**, char**) = &passiveOpenMpWaitUnlessChosen;

}  // namespace
