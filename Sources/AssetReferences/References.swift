/// What the sources under a root name: asset names, generated symbols and run-time patterns,
/// each with the file and line, and what could not be read.
///
/// ```swift
/// let references = SourceReferences.scan(root: "MyApp")
/// for use in references.uses where use.isStrict { print(use.path, use.line, use.name) }
/// ```
public struct SourceReferences: Sendable {
  /// One name a source uses.
  public struct Use: Sendable, Hashable {
    /// How a use names its asset.
    public enum Kind: String, Sendable, Hashable {
      /// A string: `UIImage(named: "x")`, `[UIImage imageNamed:@"x"]`, `image="x"` in a storyboard.
      case literal
      /// A generated symbol: Xcode's (`Image(.x)`, `ImageResource.x`), SwiftGen's or R.swift's
      /// member; ``SourceReferences/Use/name`` is the identifier as written.
      case symbol
    }

    /// The name as written (a literal's text without extension or scale suffix, or an identifier).
    public var name: String
    /// How it names the asset.
    public var kind: Kind
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// Whether it sits where only an asset can be meant (an image initialiser's argument,
    /// a storyboard's image resource): such a name that no asset provides is a mistake.
    /// Other strings only mark what they name as used.
    public var isStrict: Bool
    /// For a literal that reaches an image initialiser through a property or constant
    /// (`var icon: String { "Wikipedia" }` and `Image(category.icon)`): that member and
    /// where the initialiser takes it. Such a use is strict.
    public var carrier: Carrier? = nil
  }

  /// The member or local a literal reaches an image initialiser through, and where it is
  /// taken.
  public struct Carrier: Sendable, Hashable {
    /// The property's or constant's name (`icon` in `Image(category.icon)`).
    public var member: String
    /// The file of the first image initialiser that takes it, relative to the root.
    public var path: String
    /// That initialiser's 1-based line.
    public var line: Int
    /// Whether the carrier is a local of the function the initialiser is in (its block's
    /// own variable), not a member matched by name.
    public var isLocal: Bool = false
    /// Whether the carrier is a stored property given by label to its type's initialiser
    /// and read through a receiver declared as that type (``member`` is `Type.property`),
    /// not a member matched by name.
    public var isTyped: Bool = false
    /// Whether the carrier is a function's parameter given by label at its call sites and
    /// taken whole in its body (``member`` is `name(label:)`).
    public var isParameter: Bool = false
    /// Whether the carrier is a type's constant, or a protocol's requirement that every
    /// conforming type gives as a constant, read bare (`self`) in the type's or protocol's
    /// code (``member`` is `Type.property`).
    public var isRequirement: Bool = false
    /// Whether the literal is the name given to an implicit `.init(…)` that the types its
    /// place declares make an `Image` (``member`` lists those steps, outermost first).
    public var isImplicit: Bool = false
    /// Whether the carrier is a computed `String` property or `String` function of a type,
    /// read through a receiver whose type is known (``member`` is `Type.member`), not a
    /// member matched by name.
    public var isComputed: Bool = false
  }

  /// A name built at run time (`"icon_\(n)"`, `"icon_%d"`): it uses every asset it can match.
  public struct Pattern: Sendable, Hashable {
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The string as written, between its quotes.
    public var pattern: String
    /// Its literal pieces around the run-time parts.
    public var pieces: [String]
    /// Whether it is an image initialiser's argument.
    public var isStrict: Bool
    /// How many characters every name it builds has, when that is all that is known
    /// (`String(c)` of a `Character`: 1); `nil` when the pieces say it.
    public var characterCount: Int? = nil

    /// Whether the pattern can produce `name`, compared without regard to case.
    ///
    /// - Parameter name: an asset name.
    /// - Returns: `true` when the pieces occur in `name` in order, the first at its start and
    ///   the last at its end.
    public func matches(_ name: String) -> Bool {
      if let characterCount, name.count != characterCount { return false }
      let lowered = name.lowercased()
      let parts = pieces.map { $0.lowercased() }
      guard let first = parts.first, let last = parts.last, parts.count >= 2 else {
        return lowered == parts.first
      }
      guard lowered.hasPrefix(first), lowered.count >= first.count + last.count else { return false }
      var rest = Array(lowered.unicodeScalars.dropFirst(first.unicodeScalars.count))
      let tail = Array(last.unicodeScalars)
      guard rest.count >= tail.count, Array(rest.suffix(tail.count)) == tail else { return false }
      rest.removeLast(tail.count)
      for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
        let needle = Array(middle.unicodeScalars)
        guard let start = Self.firstIndex(of: needle, in: rest) else { return false }
        rest.removeFirst(start + needle.count)
      }
      return true
    }

    private static func firstIndex(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Int? {
      guard needle.count <= haystack.count else { return nil }
      for start in 0...(haystack.count - needle.count)
      where haystack[start..<start + needle.count].elementsEqual(needle) {
        return start
      }
      return nil
    }

    /// How many letters and digits of the pattern are fixed (not built at run time).
    public var fixedAlphanumerics: Int {
      pieces.reduce(0) { count, piece in
        count + piece.unicodeScalars.count { $0.properties.isAlphabetic || $0.properties.numericType != nil }
      }
    }
  }

  /// An image initialiser given a name that is no literal (`UIImage(named: entityName)`).
  public struct Lookup: Sendable, Hashable {
    /// The file, relative to the root.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The argument as written, without spaces (`entityName`, `row.icon`).
    public var argument: String
    /// The member or local the argument reads (`icon` of `row.icon`, `f()` for a call), if
    /// it reads one.
    public var name: String?
    /// Whether the scan knows what names it may be given (a carrier's literals).
    public var isTraced = false
    /// When it takes the raw value of a value that is no `String` enum of the tree (an enum
    /// of a package or framework, or a value the scan cannot type): that value, where it is
    /// read and why its names are not known. Such names need not be spelled by any file
    /// under the root.
    public var unknownRawValue: String? = nil
  }

  /// A file that was not read as a source, and why.
  public struct Skipped: Sendable, Hashable {
    /// The file, relative to the root.
    public var path: String
    /// Why: `unreadable` (I/O error or too large), `bad-binary-plist` (a binary property list
    /// Foundation refuses), `not-text` (a `.strings` file neither UTF-8 nor UTF-16),
    /// `bad-json` (a string catalog that is not JSON).
    public var reason: String
  }

  /// The root as given.
  public var root: String
  /// Every name used, in file then line order.
  public var uses: [Use] = []
  /// Every name built at run time, in file then line order.
  public var patterns: [Pattern] = []
  /// The image initialisers given a name that is no literal, in file then line order;
  /// ``Lookup/isTraced`` says which ones the scan follows.
  public var lookups: [Lookup] = []
  /// Member identifiers of Swift code (`fooBar` in `.fooBar`, `Asset.Editing.fooBar`):
  /// what generated symbols are matched against.
  public var members: Set<String> = []
  /// Static members Swift code declares in an `extension ImageResource`, which a symbol
  /// context may name without an asset behind it.
  public var declared: Set<String> = []
  /// How many Swift and Objective-C files were read.
  public var codeFiles = 0
  /// How many storyboards, xibs, property lists and localized strings files were read.
  public var otherFiles = 0
  /// Files that could not be read: while any is here, no asset may be called unused.
  public var unreadable: [Skipped] = []
  /// Generated accessor files (SwiftGen's, R.swift's), read as declarations, not uses.
  public var generated: [String] = []
  /// The base names (no scale suffix, no extension) of the image files met on the way:
  /// a literal naming one of them is not a missing asset.
  public var imageFiles: Set<String> = []

  /// Creates an empty result for `root`.
  ///
  /// - Parameter root: the root as given.
  public init(root: String) {
    self.root = root
  }
}
