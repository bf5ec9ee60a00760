import TestSupport
import Testing

/// Says once, for the whole run, whether `../shared/testdata` is there. Without it the suites
/// that read it are skipped (`.needsSharedData`) and everything else runs; this is the one
/// place the run says what it lacks, as a warning that fails nothing.
@Suite("The shared test data")
struct SharedTestDataTests {
  @Test("is beside the package, or its absence is reported once")
  func presentOrReportedOnce() {
    guard !TestPaths.hasTestData else { return }
    Issue.record(
      """
      no shared test data at \(TestPaths.testData): the suites tagged sharedData \
      (PngSuite, CgBI files, the real app trees and their golden files) were skipped; \
      put the test data folder there (its README says what it holds) and run again
      """, severity: .warning)
  }
}
