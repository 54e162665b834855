// How a command joins `regolith`: each command's registration (registerXCommand, next to
// its driver in apps/<command>_command.cpp) adds its subcommand, options and help to the
// app, and, when the command line names that subcommand, sets the action main runs: the
// driver with the parsed options, returning the exit status (apps/exit_status.h). main
// (apps/regolith_main.cpp) calls the registrations in the order `regolith --help` lists
// them, parses and runs the action.
#pragma once

#include <functional>
#include <utility>

#include <CLI/CLI.hpp>

namespace regolith {

// The chosen command's driver: its exit status. Empty until a command is chosen.
using CommandAction = std::function<int()>;

// When the command line names `command` (after a successful parse), `action` becomes
// `run`. The options `run` reads must outlive the parse: a registration keeps them in a
// shared_ptr that `run` holds.
inline void whenChosen(CLI::App* command, CommandAction& action, CommandAction run) {
  command->callback([&action, run = std::move(run)] { action = run; });
}

}  // namespace regolith
