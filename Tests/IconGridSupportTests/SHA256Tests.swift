import Testing

@testable import IconGridSupport

@Suite("SHA-256")
struct SHA256Tests {
  static func digest(_ text: String) -> String {
    Array(text.utf8).withUnsafeBytes { SHA256.hex($0) }
  }

  @Test(
    "FIPS 180-4 test vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func vector(message: String, expected: String) {
    #expect(Self.digest(message) == expected)
  }

  @Test("one million times 'a'")
  func million() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    let hex = bytes.withUnsafeBytes { SHA256.hex($0) }
    #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("updates split at every offset give the one-shot digest")
  func splitUpdates() {
    // 200 bytes cross three 64-byte blocks, so splits land before, on and after block edges.
    let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let whole = message.withUnsafeBytes { SHA256.hex($0) }
    for split in 0...message.count {
      var hasher = SHA256()
      message.withUnsafeBytes { raw in
        hasher.update(UnsafeRawBufferPointer(rebasing: raw[0..<split]))
        hasher.update(UnsafeRawBufferPointer(rebasing: raw[split...]))
      }
      let hex = hasher.finalize().map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
      #expect(hex == whole, "split at \(split)")
    }
  }

  @Test("three-way split matches a known vector")
  func threeWay() {
    var hasher = SHA256()
    for part in ["abcdbcdecdefdefgefghfghighij", "hijkijkljklmklmnlm", "nomnopnopq"] {
      Array(part.utf8).withUnsafeBytes { hasher.update($0) }
    }
    let hex = hasher.finalize().map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    #expect(hex == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
