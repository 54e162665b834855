// JSON text -> document, locating syntax errors and overflowing numbers.
#include "io/json_document.h"

#include <algorithm>

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
    m_frames.back().key = k;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) override {
    m_error = Error{pointer(), position, token, e.id, e.what()};
    return false;
  }

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
  };

  std::string pointer() const {
    std::string p;
    for (const Frame& f : m_frames) f.array ? pointerAppend(p, f.index) : pointerAppend(p, f.key);
    return p;
  }
  // A value ends: the next one of its array gets the next index.
  bool value() {
    if (!m_frames.empty() && m_frames.back().array) ++m_frames.back().index;
    return true;
  }
  bool open(bool array) {
    m_frames.push_back({array, 0, {}});
    return true;
  }
  bool close() {
    m_frames.pop_back();
    return value();
  }

  std::vector<Frame> m_frames;
  std::optional<Error> m_error;
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
  std::string patched = text;
  constexpr int kMaxOverflows = 1000;  // then the rest is reported as one syntax error
  for (int n = 0;; ++n) {
    Locator locator;
    if (Json::sax_parse(patched, &locator)) break;
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
