import Testing

@testable import Resampling

@Suite struct PointRoundingTests {
  @Test(arguments: [
    (83.5, 2.0, 167), (43.5, 2.0, 87), (29.0, 3.0, 87), (60.0, 3.0, 180), (1024.0, 1.0, 1024),
    (20.0, 1.5, 30), (0.1, 3.0, 0), (0.5, 1.0, 1), (27.5, 2.0, 55), (1.25, 2.0, 3), (83.5, 3.0, 251),
  ])
  func pixels(points: Double, scale: Double, expected: Int) {
    #expect(Resampler.pixels(points: points, scale: scale) == expected)
  }
}
