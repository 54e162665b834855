// `regolith collect`: its options and what it prints (collect_command.h); batch/collect.h
// builds and writes the table.
#include "apps/collect_command.h"

#include <iostream>
#include <memory>

#include "apps/batch_command.h"
#include "batch/collect.h"

namespace regolith {

int collectCommand(const std::string& dir, const std::vector<std::string>& outputs, std::ostream& out,
                   std::ostream& err) {
  return withBatchErrors("collect", err, [&] {
    const batch::Dataset d = batch::collectDataset(dir);
    for (const std::string& u : d.unfinished) err << dir << ": not collected: " << u << "\n";
    for (const std::string& path : outputs) {
      if (!batch::writeDataset(d, path)) {
        err << path << ": unknown extension (give .h5, .hdf5 or .csv)" << std::endl;
        return 1;
      }
      out << path << ": " << d.rows.size() << " runs, " << d.columns.size() << " columns"
          << (d.unfinished.empty() ? "" : ", " + std::to_string(d.unfinished.size()) + " runs not finished")
          << std::endl;
    }
    return 0;
  });
}

void registerCollectCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string dir;
    std::vector<std::string> outputs;
  };
  const auto o = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("collect",
                                         "Gather a batch's finished runs' metrics into one table (.h5 and/or .csv)");
  command->add_option("dir", o->dir, "a batch folder")->required();
  command->add_option("--out,-o", o->outputs, "dataset.h5 and/or dataset.csv (repeatable)")->required();
  whenChosen(command, action, [o] { return collectCommand(o->dir, o->outputs, std::cout, std::cerr); });
}

}  // namespace regolith
