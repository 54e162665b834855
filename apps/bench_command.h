// `regolith bench settle|dense|wheel|rft|shared|robot`: the throughput benchmarks on the
// command line. The sphere scenes take the options of bench/bench_command_line.h (shared
// with the device kit's regolith_device_bench); rft times models/bench/rft_bench.h, shared
// the dense bench beside busy processes (apps/shared_machine_bench.h), robot (MuJoCo
// builds) the walking hexapod (robots/robot_bench.h).
#pragma once

#include "apps/command_action.h"

namespace regolith {

// Adds "bench" and its subcommands to `app`; chosen, one sets `action` to its bench,
// which prints its result (text or one JSON object) and exits 0.
void registerBenchCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
