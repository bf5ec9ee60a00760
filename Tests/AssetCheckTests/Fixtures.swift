import AssetCheck
import TestSupport

extension Tree {
  /// Runs the check over the tree.
  func check(require scales: [Int] = [2], deep: Bool = false) -> CheckReport {
    AssetChecker.check(roots: [root], configuration: CheckConfiguration(requiredScales: scales, deep: deep))
  }
}

extension CheckReport {
  /// The findings of one rule.
  func findings(_ rule: Rule) -> [Finding] { findings.filter { $0.rule == rule } }
}
