/// Code that runs only on older systems: the `else` of `if #available(iOS 11.3, *)`, the body of
/// `guard #available(…) else { … }`, the body of `if #unavailable(…)`, and what follows
/// `guard #unavailable(…) else { … }`. There an API introduced at or after the checked version
/// does not exist, so a rule must not propose it.
public enum Availability {
    /// A system version as written in an availability condition (`11.3` → `[11, 3]`).
    public struct Version: Comparable, Hashable, Sendable, CustomStringConvertible {
        public let components: [Int]

        public init(_ components: [Int]) {
            // `11.3.0` is `11.3`: trailing zeros do not change the version.
            var trimmed = components
            while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
            self.components = trimmed
        }

        public init?(_ text: String) {
            let parts = text.split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            self.init(parts.compactMap { $0 })
        }

        public static func < (lhs: Version, rhs: Version) -> Bool {
            for index in 0..<max(lhs.components.count, rhs.components.count) {
                let left = index < lhs.components.count ? lhs.components[index] : 0
                let right = index < rhs.components.count ? rhs.components[index] : 0
                if left != right { return left < right }
            }
            return false
        }

        public var description: String { components.map(String.init).joined(separator: ".") }
    }

    /// One availability check that a use is on the older-systems side of: for each platform it
    /// names, the version below which the code runs (`iOS 11.3` in `if #available(iOS 11.3, *) {} else { node }`),
    /// and the condition's text for messages.
    public struct OlderSystemsBranch: Sendable {
        public let below: [String: Version]
        public let condition: String

        /// Each front end makes these from its language's checks (`#available`, `@available`).
        public init(below: [String: Version], condition: String) {
            self.below = below
            self.condition = condition
        }
    }

    /// The platform a name in an availability list means (`iOSApplicationExtension` is iOS, `OSX` is macOS).
    public static func platform(_ name: String) -> String {
        var name = name
        if name.hasSuffix("ApplicationExtension") { name.removeLast("ApplicationExtension".count) }
        return name == "OSX" ? "macOS" : name
    }
}
