/// A gitignore-style glob matched against `/`-separated relative paths.
///
/// - `*` matches any run of characters except `/`; `?` one character except `/`.
/// - `**` as a whole segment matches any number of whole segments, including none:
///   `**/X` matches `X` and `a/b/X`; `Vendor/**` matches everything under `Vendor`.
/// - `[abc]`, `[a-z]`, `[!abc]` (or `[^abc]`) match one character of (or not of) a class;
///   `\` escapes the next character.
/// - A pattern without `/` matches any component of the path (`Generated` excludes every file
///   or folder named `Generated`, at any depth); a pattern with `/` is anchored at the start.
///   A leading `/` only anchors; a trailing `/` is ignored.
/// - A pattern that matches a folder matches everything below it.
/// - A leading `./` in patterns and paths is ignored.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// Segments of the pattern; `nil` for `**`.
    private let segments: [Segment?]
    /// No `/` in the pattern: it matches any component of the path.
    private let matchesAnyComponent: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        var anchored = false
        if text.hasPrefix("/") {
            anchored = true
            while text.hasPrefix("/") { text = text.dropFirst() }
        }
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        matchesAnyComponent = !anchored && parts.count == 1
        var segments: [Segment?] = []
        for part in parts {
            if part == "**" {
                // `**/**` means the same as `**`: one is enough (and the set of positions stays smaller).
                if let last = segments.last, last == nil { continue }
                segments.append(nil)
            } else {
                segments.append(Segment(Array(part)))
            }
        }
        self.segments = segments
    }

    public var description: String { pattern }

    /// Whether `relativePath`, or one of the folders it is inside, matches the pattern.
    public func matches(_ relativePath: String) -> Bool {
        matches(components: GlobPattern.components(of: relativePath))
    }

    /// `matches(_:)` for a path already split by `components(of:)`: a path checked against many
    /// patterns is split once.
    public func matches(components: [[Character]]) -> Bool {
        guard !components.isEmpty, !segments.isEmpty else { return false }
        if matchesAnyComponent {
            guard let only = segments[0] else { return true }  // "**"
            return components.contains { only.matches($0[...]) }
        }
        // The path itself, or any folder above it: some prefix of the components matches.
        //
        // The components are read once, left to right, keeping the set of pattern positions that
        // the components read so far can reach (an NFA simulation). Trying every split of the
        // path for every `**` instead backtracks exponentially: 15 `**` against a 40-deep path
        // never finished. This takes (segments + 1) × components steps.
        var reachable = [Bool](repeating: false, count: segments.count + 1)
        reachable[0] = true
        closeOverDoubleStars(&reachable)
        for component in components {
            var next = [Bool](repeating: false, count: segments.count + 1)
            for position in segments.indices where reachable[position] {
                if let segment = segments[position] {
                    if segment.matches(component[...]) { next[position + 1] = true }
                } else {
                    next[position] = true  // `**` takes one more component and may take more
                }
            }
            closeOverDoubleStars(&next)
            if next[segments.count] { return true }
            guard next.contains(true) else { return false }
            reachable = next
        }
        return false
    }

    public static func components(of path: String) -> [[Character]] {
        path.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .map { Array($0) }
    }

    /// A `**` also matches no component: a position before one reaches the position after it.
    private func closeOverDoubleStars(_ reachable: inout [Bool]) {
        for position in segments.indices where reachable[position] && segments[position] == nil {
            reachable[position + 1] = true
        }
    }

    public static func == (lhs: GlobPattern, rhs: GlobPattern) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// One path segment of a pattern: literal characters, `*`, `?` and classes.
private struct Segment: Sendable {
    enum Token: Sendable {
        case literal(Character)
        case anyRun
        case anyOne
        case characterClass(items: [ClassItem], negated: Bool)
    }

    enum ClassItem: Sendable {
        case single(Character)
        case range(Character, Character)
    }

    let tokens: [Token]
    /// Characters a name needs at least (every token but `*` takes one).
    let minimumLength: Int
    let hasStar: Bool

    // The tokens as an NFA over positions 0...tokens.count (position i: the first i tokens are
    // matched), kept as bit sets: bit i of a mask stands for token i, the step from i to i + 1.
    private let wordCount: Int
    private let starMask: [UInt64]
    private let anyOneMask: [UInt64]
    private let literalMasks: [Character: [UInt64]]
    private let classTokens: [(position: Int, items: [ClassItem], negated: Bool)]

    init(_ characters: [Character]) {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "*":
                if case .anyRun = tokens.last {} else { tokens.append(.anyRun) }
                index += 1
            case "?":
                tokens.append(.anyOne)
                index += 1
            case "\\" where index + 1 < characters.count:
                tokens.append(.literal(characters[index + 1]))
                index += 2
            case "[":
                if let (token, next) = Segment.parseClass(characters, from: index) {
                    tokens.append(token)
                    index = next
                } else {
                    tokens.append(.literal("["))
                    index += 1
                }
            default:
                tokens.append(.literal(character))
                index += 1
            }
        }
        self.tokens = tokens
        let stars = tokens.filter { if case .anyRun = $0 { true } else { false } }.count
        minimumLength = tokens.count - stars
        hasStar = stars > 0

        let words = tokens.count / 64 + 1
        wordCount = words
        var starMask = [UInt64](repeating: 0, count: words)
        var anyOneMask = starMask
        var literalMasks: [Character: [UInt64]] = [:]
        var classTokens: [(position: Int, items: [ClassItem], negated: Bool)] = []
        for (position, token) in tokens.enumerated() {
            let (word, bit) = (position / 64, UInt64(1) << UInt64(position % 64))
            switch token {
            case .literal(let character): literalMasks[character, default: [UInt64](repeating: 0, count: words)][word] |= bit
            case .anyRun: starMask[word] |= bit
            case .anyOne: anyOneMask[word] |= bit
            case .characterClass(let items, let negated): classTokens.append((position, items, negated))
            }
        }
        self.starMask = starMask
        self.anyOneMask = anyOneMask
        self.literalMasks = literalMasks
        self.classTokens = classTokens
    }

    /// Parses `[...]` starting at `start`; nil when there is no closing `]` (then `[` is literal).
    private static func parseClass(_ characters: [Character], from start: Int) -> (Token, Int)? {
        var index = start + 1
        var negated = false
        if index < characters.count, characters[index] == "!" || characters[index] == "^" {
            negated = true
            index += 1
        }
        var items: [ClassItem] = []
        var first = true
        while index < characters.count {
            var character = characters[index]
            if character == "]", !first {
                return (.characterClass(items: items, negated: negated), index + 1)
            }
            first = false
            if character == "\\", index + 1 < characters.count {
                index += 1
                character = characters[index]
            }
            if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]" {
                items.append(.range(character, characters[index + 2]))
                index += 3
            } else {
                items.append(.single(character))
                index += 1
            }
        }
        return nil
    }

    func matches(_ name: ArraySlice<Character>) -> Bool {
        // A name too short (or, without `*`, of another length) cannot match: answered before the
        // matching below, which can take (name length)² steps for a long literal after a `*`.
        if name.count < minimumLength || (!hasStar && name.count != minimumLength) { return false }
        // One pass over the name keeping the set of positions reached: (name length) × (tokens / 64)
        // steps. Backtracking to the last `*` took (name length)² for a long literal after a `*`.
        var current = [UInt64](repeating: 0, count: wordCount)
        current[0] = 1
        closeOverStars(&current)
        var next = current
        var takes = current
        let none = [UInt64](repeating: 0, count: wordCount)
        for character in name {
            // The tokens that take this character.
            let literals = literalMasks[character] ?? none
            let anyOne = character != "/"
            for word in 0..<wordCount { takes[word] = literals[word] | (anyOne ? anyOneMask[word] : 0) }
            for token in classTokens where Segment.classContains(token.items, token.negated, character) {
                takes[token.position / 64] |= UInt64(1) << UInt64(token.position % 64)
            }
            // A matching token moves one position on; a `*` stays where it is.
            var carry: UInt64 = 0
            var any: UInt64 = 0
            for word in 0..<wordCount {
                let moving = current[word] & takes[word]
                next[word] = (moving << 1) | carry | (current[word] & starMask[word])
                carry = moving >> 63
                any |= next[word]
            }
            if any == 0 { return false }
            closeOverStars(&next)
            swap(&current, &next)
        }
        let end = tokens.count
        return current[end / 64] & (UInt64(1) << UInt64(end % 64)) != 0
    }

    /// A `*` also matches nothing: a position before one reaches the position after it. (Runs of
    /// `*` are one token, so one step is enough.)
    private func closeOverStars(_ positions: inout [UInt64]) {
        var carry: UInt64 = 0
        for word in 0..<wordCount {
            let skipping = positions[word] & starMask[word]
            positions[word] |= (skipping << 1) | carry
            carry = skipping >> 63
        }
    }

    private static func classContains(_ items: [ClassItem], _ negated: Bool, _ character: Character) -> Bool {
        let found = items.contains { item in
            switch item {
            case .single(let single): return single == character
            case .range(let low, let high): return low <= character && character <= high
            }
        }
        return found != negated
    }
}
