// The regular-file check of every reader (regular_file.h).
#include "io/json/regular_file.h"

#include <filesystem>
#include <system_error>

namespace regolith {

std::optional<std::string> notARegularFile(const std::string& path) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) return std::string("no such file or not readable");
  if (!std::filesystem::is_regular_file(status))
    return std::string("not a regular file (a folder, a FIFO or a device)");
  return std::nullopt;
}

}  // namespace regolith
