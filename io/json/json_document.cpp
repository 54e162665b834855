// JSON text -> document, locating syntax errors and overflowing numbers.
#include "io/json/json_document.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_set>

namespace regolith::json {
namespace {

// A SAX pass that only keeps track of where it is, so a number overflow can be given the
// pointer of its value (and a syntax error a hint of where it stopped).
class Locator : public nlohmann::json_sax<Json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool key(string_t& k) override {
    Frame& f = m_frames.back();
    // A key given twice: nlohmann keeps the last silently, so a scene that sets a value
    // and, further down, sets it again would run with the one the reader did not look at.
    if (!f.keys.insert(k).second) {
      f.key = k;
      return stop("the key \"" + k + "\" a second time in one object", "each key once per object");
    }
    f.key = k;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) override {
    m_error = Error{pointer(), position, token, e.id, e.what()};
    return false;
  }
  // Where it stands in the text: nlohmann's SAX interface does not say, so the caller
  // gives the position of a problem found here (a duplicate key, the depth) as "unknown".
  const std::optional<JsonProblem>& refusal() const { return m_refusal; }

  struct Error {
    std::string pointer;
    std::size_t position = 0;  // bytes read when it happened
    std::string token;
    int id = 0;  // nlohmann's exception id: 101.. syntax, 406 number overflow
    std::string what;
  };
  const std::optional<Error>& error() const { return m_error; }

 private:
  struct Frame {
    bool array = false;
    std::size_t index = 0;
    std::string key;
    std::unordered_set<std::string> keys;  // an object's keys so far
  };

  bool stop(const std::string& found, const std::string& expected, std::size_t levels = SIZE_MAX) {
    m_refusal = JsonProblem{pointer(levels), found, expected};
    return false;
  }

  // The pointer of the value being read, or of its ancestor `levels` deep.
  std::string pointer(std::size_t levels = SIZE_MAX) const {
    std::string p;
    for (std::size_t i = 0; i < m_frames.size() && i < levels; ++i)
      m_frames[i].array ? pointerAppend(p, m_frames[i].index) : pointerAppend(p, m_frames[i].key);
    return p;
  }
  // A value ends: the next one of its array gets the next index.
  bool value() {
    if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().index;
    return true;
  }
  bool open(bool array) {
    // Bounded before anything is built: code that walks a document recursively (a copy,
    // a dump, the schema validator, Python's conversion) would overflow the stack on a
    // file of 200,000 open brackets; no scene, terrain or sweep file needs a tenth of it.
    // The problem is placed at the top-level value that holds the nesting (its full
    // pointer would be hundreds of levels long).
    if (m_frames.size() >= kMaxJsonDepth)
      return stop("values nested more than " + std::to_string(kMaxJsonDepth) + " levels deep",
                  "at most " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects", 1);
    m_frames.push_back({array, 0, {}, {}});
    return true;
  }
  bool close() {
    m_frames.pop_back();
    return value();
  }

  std::vector<Frame> m_frames;
  std::optional<Error> m_error;
  std::optional<JsonProblem> m_refusal;
};

// nlohmann's message after "[json.exception.parse_error.101] parse error at line 1,
// column 5: ", whose line and column the problem states itself.
std::string reason(const std::string& what) {
  const std::size_t column = what.find("column ");
  const std::size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

JsonProblem syntaxProblem(const std::string& text, const Locator::Error& e) {
  std::size_t line = 1, column = 1;
  const std::size_t end = std::min(e.position > 0 ? e.position - 1 : 0, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  // The pointer of the problem is the document's (""): the text is not a document, and
  // where the reading stopped is only a hint.
  // A hint, so a pointer thousands of levels deep (a file of unclosed brackets) is cut
  // to its start and end.
  constexpr std::size_t kMaxHint = 120;
  std::string hint = e.pointer;
  if (hint.size() > kMaxHint)
    hint = hint.substr(0, kMaxHint / 2) + " ... " + hint.substr(hint.size() - kMaxHint / 2) + " (" +
           std::to_string(std::count(hint.begin(), hint.end(), '/')) + " levels deep)";
  const std::string near = hint.empty() ? "" : ", near " + hint;
  return {"",
          "invalid JSON at line " + std::to_string(line) + ", column " + std::to_string(column) + near + " (" +
              reason(e.what) + ")",
          "a JSON document"};
}

}  // namespace

std::optional<Json> readDocument(const std::string& text, std::vector<JsonProblem>& problems) {
  // nlohmann reads a NUL byte as the end of the text, so anything after one (a truncated
  // copy padded with zeros, a second document) would pass unseen.
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
    problems.push_back(syntaxProblem(text, Locator::Error{"", nul + 1, "", 0, "a NUL byte"}));
    return std::nullopt;
  }
  std::string patched = text;
  constexpr int kMaxOverflows = 1000;  // then the rest is reported as one syntax error
  for (int n = 0;; ++n) {
    Locator locator;
    if (Json::sax_parse(patched, &locator)) break;
    if (locator.refusal()) {
      problems.push_back(*locator.refusal());
      return std::nullopt;
    }
    const Locator::Error& e = *locator.error();
    const std::size_t at = patched.rfind(e.token, e.position);
    if (e.id != 406 || at == std::string::npos || n == kMaxOverflows) {
      problems.push_back(syntaxProblem(patched, e));
      return std::nullopt;
    }
    problems.push_back({e.pointer, e.token + " (beyond the range of a double)", "a finite number"});
    // Same length, so later positions (and line:column of a later syntax error) hold.
    patched.replace(at, e.token.size(), "0" + std::string(e.token.size() - 1, ' '));
  }
  return Json::parse(patched);
}

}  // namespace regolith::json
