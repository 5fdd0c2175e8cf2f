/// The languages keychain-lint reads, each through its own front end (parser, walk, resolver).
/// Rules declare which one they judge; rule ids carry it as a prefix (`swift.`, `objc.`).
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    case swift
    case objectiveC

    /// The language of a source file by its name: `.swift`; `.m`, `.mm` and `.h` (a header may be
    /// C, C++ or Objective-C; the Objective-C front end reads all three); nil for other files.
    public init?(path: String) {
        // The last non-empty component, found over bytes: asked for every file of a checkout
        // while it is walked, and again for each source file read.
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == slash { end = utf8.index(before: end) }
        let start = utf8[..<end].lastIndex(of: slash).map { utf8.index(after: $0) } ?? utf8.startIndex
        let name = path[start..<end]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...] {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }

    /// The prefix of the language's rule ids.
    public var ruleIdPrefix: String {
        switch self {
        case .swift: "swift."
        case .objectiveC: "objc."
        }
    }
}

/// Rule ids and the checks they belong to. A check (`weak_biometric_acl`) is judged in every
/// language keychain-lint reads; its rule in each language has the language's prefix
/// (`swift.weak_biometric_acl`, `objc.weak_biometric_acl`), which findings carry. Configuration,
/// suppressions and rule filters name a check by any of these spellings, and the setting applies
/// to it in every language.
public enum RuleIds {
    /// The check an id names: the id without a language's prefix (`keychain_lint.…` ids, which
    /// belong to no language, are their own check).
    public static func check(of id: String) -> String {
        for language in SourceLanguage.allCases where id.hasPrefix(language.ruleIdPrefix) {
            return String(id.dropFirst(language.ruleIdPrefix.count))
        }
        return id
    }

    /// Whether two ids name the same check.
    public static func sameCheck(_ first: String, _ second: String) -> Bool {
        first == second || check(of: first) == check(of: second)
    }
}
