/// The languages keychain-lint reads, each through its own front end (parser, walk, resolver).
/// Rules declare which one they judge; rule ids carry it as a prefix (`swift.`, `objc.`).
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    case swift
    case objectiveC

    /// The language of a source file by its name: `.swift`; `.m`, `.mm` and `.h` (a header may be
    /// C, C++ or Objective-C; the Objective-C front end reads all three); nil for other files.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
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
