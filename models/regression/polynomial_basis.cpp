// Polynomial bases in named variables (see polynomial_basis.h).
#include "models/regression/polynomial_basis.h"

#include <functional>
#include <set>
#include <stdexcept>
#include <utility>

namespace regolith::regression {

namespace {

// All power vectors of total degree exactly d over n variables, earlier variables'
// powers highest first (x^2, x y, y^2 for d = 2).
void powersOfDegree(std::size_t n, int d, std::vector<std::vector<int>>& out) {
  std::vector<int> p(n, 0);
  std::function<void(std::size_t, int)> rec = [&](std::size_t i, int left) {
    if (i + 1 == n) {
      p[i] = left;
      out.push_back(p);
      return;
    }
    for (int k = left; k >= 0; --k) {
      p[i] = k;
      rec(i + 1, left - k);
    }
  };
  rec(0, d);
}

}  // namespace

PolynomialBasis::PolynomialBasis(std::vector<std::string> variables, int degree, bool interactions, bool intercept)
    : m_vars(std::move(variables)) {
  if (degree < 0 || degree > 12)
    throw std::invalid_argument("polynomial basis: degree = " + std::to_string(degree) +
                                ": expected 0 <= degree <= 12");
  if (m_vars.empty()) throw std::invalid_argument("polynomial basis: expected at least one variable");
  const std::size_t n = m_vars.size();
  if (intercept) m_terms.push_back(std::vector<int>(n, 0));
  for (int d = 1; d <= degree; ++d) {
    if (interactions) {
      powersOfDegree(n, d, m_terms);
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        std::vector<int> p(n, 0);
        p[i] = d;
        m_terms.push_back(p);
      }
    }
  }
  check();
}

PolynomialBasis::PolynomialBasis(std::vector<std::string> variables, std::vector<std::vector<int>> terms)
    : m_vars(std::move(variables)), m_terms(std::move(terms)) {
  check();
}

void PolynomialBasis::check() const {
  if (m_vars.empty()) throw std::invalid_argument("polynomial basis: expected at least one variable");
  std::set<std::string> seen;
  for (const std::string& v : m_vars) {
    if (v.empty()) throw std::invalid_argument("polynomial basis: variable names must be non-empty");
    if (!seen.insert(v).second) throw std::invalid_argument("polynomial basis: variable '" + v + "' appears twice");
  }
  if (m_terms.empty()) throw std::invalid_argument("polynomial basis: expected at least one term");
  std::set<std::vector<int>> unique;
  for (std::size_t k = 0; k < m_terms.size(); ++k) {
    if (m_terms[k].size() != m_vars.size())
      throw std::invalid_argument("polynomial basis: term " + std::to_string(k) + " has " +
                                  std::to_string(m_terms[k].size()) + " powers: expected " +
                                  std::to_string(m_vars.size()));
    for (int p : m_terms[k])
      if (p < 0 || p > 12)
        throw std::invalid_argument("polynomial basis: term " + std::to_string(k) + " power " + std::to_string(p) +
                                    ": expected 0 <= power <= 12");
    if (!unique.insert(m_terms[k]).second)
      throw std::invalid_argument("polynomial basis: term " + termName(k) + " appears twice");
  }
}

std::string PolynomialBasis::termName(std::size_t k) const {
  std::string s;
  for (std::size_t i = 0; i < m_vars.size(); ++i) {
    const int p = m_terms.at(k)[i];
    if (p == 0) continue;
    if (!s.empty()) s += "*";
    s += m_vars[i];
    if (p > 1) s += "^" + std::to_string(p);
  }
  return s.empty() ? "1" : s;
}

std::vector<std::string> PolynomialBasis::termNames() const {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < m_terms.size(); ++k) out.push_back(termName(k));
  return out;
}

Eigen::VectorXd PolynomialBasis::evaluate(const Eigen::VectorXd& x) const {
  if (static_cast<std::size_t>(x.size()) != m_vars.size())
    throw std::invalid_argument("polynomial basis: point has " + std::to_string(x.size()) + " values: expected " +
                                std::to_string(m_vars.size()));
  Eigen::VectorXd out(m_terms.size());
  for (std::size_t k = 0; k < m_terms.size(); ++k) {
    double v = 1;
    for (std::size_t i = 0; i < m_vars.size(); ++i)
      for (int p = 0; p < m_terms[k][i]; ++p) v *= x[i];
    out[k] = v;
  }
  return out;
}

Eigen::MatrixXd PolynomialBasis::design(const Eigen::MatrixXd& X) const {
  if (static_cast<std::size_t>(X.cols()) != m_vars.size())
    throw std::invalid_argument("polynomial basis: data has " + std::to_string(X.cols()) +
                                " columns: expected one per variable (" + std::to_string(m_vars.size()) + ")");
  Eigen::MatrixXd A(X.rows(), m_terms.size());
  for (Eigen::Index r = 0; r < X.rows(); ++r) A.row(r) = evaluate(X.row(r).transpose()).transpose();
  return A;
}

}  // namespace regolith::regression
