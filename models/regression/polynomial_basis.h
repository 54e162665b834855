// Polynomial bases in named variables for linear least squares: the design matrix of
// y = sum_k beta_k prod_i x_i^{p_ki}.
//
//   PolynomialBasis b({"v", "slope"}, 2, true);   // 1, v, slope, v^2, v*slope, slope^2
//   PolynomialBasis c({"v", "slope"}, 2, false);  // 1, v, slope, v^2, slope^2
//
// Terms are ordered by total degree, then by the powers of the earlier variables first.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <vector>

namespace regolith::regression {

class PolynomialBasis {
 public:
  // Every monomial of total degree <= degree; without interactions only the pure powers
  // x_i^k, k = 1..degree. The constant term comes first when intercept is true.
  // degree in [0, 12], at least one variable, names unique and non-empty.
  PolynomialBasis(std::vector<std::string> variables, int degree, bool interactions, bool intercept = true);
  // Explicit terms: terms[k][i] is the power of variable i in term k (>= 0).
  PolynomialBasis(std::vector<std::string> variables, std::vector<std::vector<int>> terms);

  std::size_t variableCount() const { return m_vars.size(); }
  std::size_t termCount() const { return m_terms.size(); }
  const std::vector<std::string>& variables() const { return m_vars; }
  const std::vector<std::vector<int>>& terms() const { return m_terms; }
  std::string termName(std::size_t k) const;  // "1", "v", "v^2", "v*slope"
  std::vector<std::string> termNames() const;

  // Term values at one point (x has variableCount() entries).
  Eigen::VectorXd evaluate(const Eigen::VectorXd& x) const;
  // Design matrix: one row per sample (rows of X), one column per term.
  Eigen::MatrixXd design(const Eigen::MatrixXd& X) const;

 private:
  void check() const;
  std::vector<std::string> m_vars;
  std::vector<std::vector<int>> m_terms;
};

}  // namespace regolith::regression
