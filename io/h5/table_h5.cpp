// writeTableH5: columns as 1-D datasets, grouped, with string attributes.
#include "io/h5/table_h5.h"

#include "io/h5/h5_file.h"

namespace regolith {
namespace {

// Writes into the root (name "") or into one group below it, created when missing.
template <class F>
void inGroup(const h5::File& file, const std::string& name, F&& write) {
  if (name.empty()) return write(static_cast<const h5::Group&>(file));
  const h5::Group g = file.has(name) ? file.open(name) : file.create(name);
  write(g);
}

}  // namespace

void writeTableH5(const std::string& path, const std::vector<TableColumn>& columns,
                  const std::map<std::string, std::string>& attributes,
                  const std::map<std::string, std::vector<std::string>>& lists) {
  const h5::File file = h5::File::createReplacing(path);
  for (const auto& [name, value] : attributes) file.setAttribute(name, value);
  for (const TableColumn& c : columns) {
    inGroup(file, c.group, [&](const h5::Group& g) {
      if (c.isString) g.writeStrings(c.name, c.strings);
      else g.write<double>(c.name, c.numbers, {hsize_t(c.numbers.size())});
      if (c.attributes.empty()) return;
      const h5::Group dataset = g.object(c.name);
      for (const auto& [name, value] : c.attributes) dataset.setAttribute(name, value);
    });
  }
  for (const auto& [key, values] : lists) {
    const std::size_t slash = key.rfind('/');
    inGroup(file, slash == std::string::npos ? "" : key.substr(0, slash), [&](const h5::Group& g) {
      g.writeStrings(slash == std::string::npos ? key : key.substr(slash + 1), values);
    });
  }
}

}  // namespace regolith
