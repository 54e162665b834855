// `regolith export run.h5 --frame K --vtp out.vtp`: one frame of a run file as VTK
// PolyData (io/run_file/vtp_export.h).
#pragma once

#include "apps/command_action.h"

namespace regolith {

// Adds "export" to `app`; chosen, it sets `action` to exportFrameVtp (exit 0).
void registerExportCommand(CLI::App& app, CommandAction& action);

}  // namespace regolith
