import Testing

@testable import ContactSheet

/// `DistinctLabels.NameIndex` answers what a scan of every label would: whether another
/// label starts with a prefix and, after it, ends with or holds a part.
@Suite("Distinct labels: the name index")
struct DistinctLabelIndexTests {
  /// Labels like a sheet's: long shared starts, repeats ending "-2", alike ends, other
  /// scripts, a combining mark, emoji and names shorter than three characters.
  static let names = [
    "gnome-actions-document-new", "gnome-actions-document-new-2", "gnome-actions-document-open",
    "gnome-apps-preferences-desktop-theme", "gnome-apps-preferences-desktop-theme-2", "moka-apps-java",
    "OnboardingBackground", "OnboardingWidgetImage", "Icon-w-Locations-dark", "Icon-wo-Locations-dark",
    "مرحبا-بالعالم", "שלום-עולם", "図標-設定-新規", "café-dark", "cafe\u{301}-light", "👩‍👩‍👧-family", "a", "ab",
    "abc",
  ]

  /// The question answered by reading every label, as the sheet did before the index.
  static func scan(prefix: String, infix: String, atEnd: Bool, except text: String) -> Bool {
    names.contains { name in
      guard name != text, name.hasPrefix(prefix) else { return false }
      let rest = Array(name.dropFirst(prefix.count))
      let part = Array(infix)
      if atEnd { return rest.count >= part.count && rest.suffix(part.count).elementsEqual(part) }
      guard !part.isEmpty else { return true }
      return rest.count >= part.count
        && (0...(rest.count - part.count)).contains { rest[$0..<($0 + part.count)].elementsEqual(part) }
    }
  }

  @Test("every prefix, end and inner part of every label gets the scan's answer")
  func agreesWithScan() {
    let index = DistinctLabels.NameIndex(Self.names)
    var questions = 0
    for text in Self.names {
      let characters = Array(text)
      for head in 0...min(3, characters.count) {
        let prefix = String(characters[..<head])
        for start in head...characters.count {
          for end in start...characters.count {
            let infix = String(characters[start..<end])
            for atEnd in [false, true] where !atEnd || end == characters.count {
              for except in [text, "none of them"] {
                let expected = Self.scan(prefix: prefix, infix: infix, atEnd: atEnd, except: except)
                let answer = index.fitsAnother(
                  prefix: Array(prefix), infix: Array(infix), atEnd: atEnd, except: Array(except))
                #expect(answer == expected, "\(prefix) … \(infix) atEnd \(atEnd) except \(except)")
                questions += 1
              }
            }
          }
        }
      }
    }
    #expect(questions > 5_000)
  }

  @Test("a part held only by the label itself, or by none, fits no other label")
  func ownPart() {
    let index = DistinctLabels.NameIndex(Self.names)
    let own = Array("gnome-actions-document-new-2")
    #expect(!index.fitsAnother(prefix: Array("g"), infix: Array("new-2"), atEnd: true, except: own))
    #expect(index.fitsAnother(prefix: Array("g"), infix: Array("document-ne"), atEnd: false, except: own))
    #expect(!index.fitsAnother(prefix: Array("g"), infix: Array("zzz"), atEnd: false, except: own))
    // "é" written two ways is one character, and so one label part.
    #expect(
      index.fitsAnother(prefix: Array("c"), infix: Array("é-l"), atEnd: false, except: Array("café-dark")))
  }

  @Test("a one-byte character and a character Swift holds equal to it are one character")
  func asciiAndItsEquivalent() {
    // U+212A KELVIN SIGN is canonically equivalent to "K": met first or second, either way.
    for names in [["\u{212A}elvin-dark", "Kelp-light"], ["Kelp-light", "\u{212A}elvin-dark"]] {
      let index = DistinctLabels.NameIndex(names)
      #expect(index.code(Array("K")) == index.code(Array("\u{212A}")))
      #expect(
        index.fitsAnother(prefix: Array("K"), infix: Array("-dark"), atEnd: true, except: Array("Kelp-light"))
      )
      #expect(
        index.fitsAnother(
          prefix: Array("\u{212A}"), infix: Array("-light"), atEnd: true, except: Array("\u{212A}elvin-dark"))
      )
    }
    // A one-byte character no label holds is in no code.
    #expect(DistinctLabels.NameIndex(["abc"]).code(Array("abz")) == nil)
  }

  @Test("two names' shared start counted byte by byte is the count in characters")
  func sharedStartOfTwo() {
    let texts = [
      "", "a", "ab", "abc", "abd", "cafe", "cafe\u{301}", "café", "cafe-x", "a\r\nb", "a\r\nc", "a\rb", "a\r",
      "K-1", "\u{212A}-1", "K", "👩‍👩‍👧-family", "👩‍👩‍👦-family", "e\u{301}", "ex",
    ]
    for first in texts {
      for second in texts {
        #expect(
          DistinctLabels.commonPrefix(first, second) == DistinctLabels.commonPrefix([first, second]),
          "\(first.debugDescription) \(second.debugDescription)")
      }
    }
  }
}
