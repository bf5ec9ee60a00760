extension DistinctLabels {
  /// A sheet's distinct labels, sorted from the front and, reversed, from the back, so that
  /// the labels a shortened candidate could stand for are found by binary search rather than
  /// by a scan of every label with the same first character (on 5,000 theme icons whose
  /// names share their start, that scan was three quarters of the sheet's time).
  ///
  /// Labels that start with the same characters are neighbours in the sorted order, and so
  /// are labels that end alike in the order of their reversals. A part to be found anywhere
  /// after the prefix is looked up by its rarest run of three characters: only the labels
  /// that hold that run are compared.
  ///
  /// Each distinct character (grapheme cluster) of the labels is held as a number, its first
  /// appearance's rank, so that a label takes 4 bytes a character rather than a `Character`'s
  /// 16, and characters compare as integers. Characters equal as Swift compares them
  /// (canonically equivalent: "é" and "e" + U+0301) share a number, so the answers are a
  /// comparison of characters, and no cluster is ever split. The order of the numbers is not
  /// the order of the characters, and need not be: the index asks only which labels start
  /// with a part, and any order of characters keeps those together.
  struct NameIndex: Sendable {
    /// A label as the numbers of its characters.
    typealias Code = [UInt32]

    /// Each distinct character → its number.
    private let numbers: [Character: UInt32]
    /// The numbers of the characters that are one ASCII byte, by byte, `UInt32.max` for
    /// those in no label: `numbers` read without hashing, for the common character.
    private let asciiNumbers: [UInt32]
    private let names: [Code]
    private let reversedNames: [Code]
    /// Each run of three characters (their numbers, 21 bits each) → the labels (positions in
    /// `names`) that hold it.
    private let runs: [UInt64: [Int32]]

    init(_ texts: [String]) {
      var numbers: [Character: UInt32] = [:]
      // A cache of `numbers` for one-byte characters, filled as they are numbered.
      var ascii = [UInt32](repeating: .max, count: 128)
      var names: [Code] = []
      names.reserveCapacity(texts.count)
      for text in texts {
        var code: Code = []
        code.reserveCapacity(text.utf8.count)
        for character in text {
          let byte = Self.asciiByte(character)
          if let byte, ascii[Int(byte)] != .max {
            code.append(ascii[Int(byte)])
            continue
          }
          let number: UInt32
          if let known = numbers[character] {
            number = known
          } else {
            number = UInt32(numbers.count)
            numbers[character] = number
          }
          if let byte { ascii[Int(byte)] = number }
          code.append(number)
        }
        names.append(code)
      }
      // Every one-byte character a label holds, however it was first met (as "K" or as the
      // Kelvin sign, which Swift compares equal to it), so a miss means no label holds it.
      for byte in 0..<UInt8(128) where ascii[Int(byte)] == .max {
        ascii[Int(byte)] = numbers[Character(Unicode.Scalar(byte))] ?? .max
      }
      asciiNumbers = ascii
      names.sort { $0.lexicographicallyPrecedes($1) }
      reversedNames = names.map { Code($0.reversed()) }.sorted { $0.lexicographicallyPrecedes($1) }
      var runs: [UInt64: [Int32]] = [:]
      for (position, name) in names.enumerated() where name.count >= 3 {
        let position = Int32(position)
        for start in 0...(name.count - 3) {
          let run = Self.run(name[start..<(start + 3)])
          // Labels are added in order, so a run this label holds twice ends with it already.
          runs[run, default: []].appendIfLast(isNot: position)
        }
      }
      self.numbers = numbers
      self.names = names
      self.runs = runs
    }

    /// Three characters' numbers packed in one key (a sheet has fewer than 2^21 distinct
    /// characters: Unicode has fewer scalars).
    private static func run(_ numbers: ArraySlice<UInt32>) -> UInt64 {
      numbers.reduce(0) { ($0 << 21) | UInt64($1) }
    }

    /// `characters` as numbers; `nil` when one of them is in no label.
    func code(_ characters: some Sequence<Character>) -> Code? {
      var code: Code = []
      for character in characters {
        if let byte = Self.asciiByte(character) {
          let number = asciiNumbers[Int(byte)]
          guard number != .max else { return nil }
          code.append(number)
          continue
        }
        guard let number = numbers[character] else { return nil }
        code.append(number)
      }
      return code
    }

    /// The byte of a character that is one ASCII byte ("\r\n", two bytes, is not).
    @inline(__always)
    private static func asciiByte(_ character: Character) -> UInt8? {
      let utf8 = character.utf8
      guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
      return byte
    }

    /// Whether a label other than `text` starts with `prefix` and, after it, ends with
    /// `infix` (`atEnd`) or holds it.
    func fitsAnother(
      prefix: some Sequence<Character>, infix: some Sequence<Character>, atEnd: Bool,
      except text: some Sequence<Character>
    ) -> Bool {
      fitsAnother(prefix: prefix, infix: infix, atEnd: atEnd, exceptCode: code(text))
    }

    /// ``fitsAnother(prefix:infix:atEnd:except:)`` with the label excepted as numbers
    /// (``code(_:)``, `nil` when it is no label), so that a label's candidates look it up once.
    func fitsAnother(
      prefix: some Sequence<Character>, infix: some Sequence<Character>, atEnd: Bool, exceptCode text: Code?
    ) -> Bool {
      // A part with a character no label has fits no label.
      guard let prefix = code(prefix), let infix = code(infix) else { return false }
      if atEnd && !infix.isEmpty {
        let tail = Code(infix.reversed())
        let reversedText = text.map { Code($0.reversed()) }
        return Self.anyStarting(with: tail, in: reversedNames) { reversed in
          reversed.count >= prefix.count + infix.count && reversed.reversed().starts(with: prefix)
            && reversed != reversedText
        }
      }
      if infix.count >= 3 {
        let rarest =
          (0...(infix.count - 3)).lazy.map { self.runs[Self.run(infix[$0..<($0 + 3)])] ?? [] }
          .min { $0.count < $1.count } ?? []
        return rarest.contains { position in
          let name = names[Int(position)]
          return name.starts(with: prefix) && name != text && Self.holds(name[prefix.count...], infix)
        }
      }
      return Self.anyStarting(with: prefix, in: names) { name in
        name != text && (infix.isEmpty || Self.holds(name[prefix.count...], infix))
      }
    }

    /// Whether one of the sorted `list`'s entries that start with `prefix` satisfies
    /// `condition`: from the first entry not before `prefix`, for as long as they start with
    /// it, stopping at the first that does.
    private static func anyStarting(with prefix: Code, in list: [Code], where condition: (Code) -> Bool)
      -> Bool
    {
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if list[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
      }
      while low < list.count, list[low].starts(with: prefix) {
        if condition(list[low]) { return true }
        low += 1
      }
      return false
    }

    /// Whether `characters` holds `part`, character for character.
    private static func holds(_ characters: ArraySlice<UInt32>, _ part: Code) -> Bool {
      guard part.count <= characters.count else { return false }
      var start = characters.startIndex
      while start + part.count <= characters.endIndex {
        if characters[start..<(start + part.count)].elementsEqual(part) { return true }
        start += 1
      }
      return false
    }
  }
}

extension Array where Element == Int32 {
  /// Appends `value` unless it is the last element already.
  fileprivate mutating func appendIfLast(isNot value: Int32) {
    if last != value { append(value) }
  }
}
