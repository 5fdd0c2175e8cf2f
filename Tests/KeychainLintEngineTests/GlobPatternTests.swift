import Foundation
import KeychainLintEngine
import Testing

@Suite struct GlobPatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var pattern: String
        var path: String
        var matches: Bool
        var testDescription: String { "\(pattern) \(matches ? "matches" : "does not match") \(path)" }
    }

    static let cases: [Case] = [
        // Literal paths, anchored at the base directory.
        Case(pattern: "App/Foo.swift", path: "App/Foo.swift", matches: true),
        Case(pattern: "App/Foo.swift", path: "Other/App/Foo.swift", matches: false),
        Case(pattern: "App/Foo.swift", path: "App/Foo.swiftx", matches: false),
        // `*` stays inside one segment.
        Case(pattern: "App/*.swift", path: "App/Foo.swift", matches: true),
        Case(pattern: "App/*.swift", path: "App/.swift", matches: true),
        Case(pattern: "App/*.swift", path: "App/Sub/Foo.swift", matches: false),
        Case(pattern: "App/F*o*.swift", path: "App/FooBar.swift", matches: true),
        Case(pattern: "App/F*o*.swift", path: "App/Fax.swift", matches: false),
        Case(pattern: "*/Foo.swift", path: "App/Foo.swift", matches: true),
        Case(pattern: "*/Foo.swift", path: "Foo.swift", matches: false),
        // `?` is one character, never `/`.
        Case(pattern: "App/Fo?.swift", path: "App/Foo.swift", matches: true),
        Case(pattern: "App/Fo?.swift", path: "App/Fo.swift", matches: false),
        Case(pattern: "App?Foo.swift", path: "App/Foo.swift", matches: false),
        // `**` spans whole segments, zero or more.
        Case(pattern: "**/Generated/*.swift", path: "Generated/A.swift", matches: true),
        Case(pattern: "**/Generated/*.swift", path: "a/b/Generated/A.swift", matches: true),
        Case(pattern: "**/Generated/*.swift", path: "a/b/Generated/Sub/A.swift", matches: false),
        Case(pattern: "**/Generated/*.swift", path: "a/NotGenerated/A.swift", matches: false),
        Case(pattern: "**/X", path: "X", matches: true),
        Case(pattern: "**/X", path: "a/b/X", matches: true),
        Case(pattern: "Vendor/**", path: "Vendor/Lib/A.swift", matches: true),
        Case(pattern: "Vendor/**", path: "Vendor/A.swift", matches: true),
        Case(pattern: "Vendor/**", path: "Vendor", matches: true),
        Case(pattern: "Vendor/**", path: "App/Vendor/A.swift", matches: false),
        Case(pattern: "Vendor/**", path: "VendorKit/A.swift", matches: false),
        Case(pattern: "a/**/z.swift", path: "a/z.swift", matches: true),
        Case(pattern: "a/**/z.swift", path: "a/b/c/z.swift", matches: true),
        Case(pattern: "a/**/z.swift", path: "b/a/z.swift", matches: false),
        Case(pattern: "**", path: "anything/at/all.swift", matches: true),
        Case(pattern: "**/*.swift", path: "deep/down/File.swift", matches: true),
        Case(pattern: "**/*.swift", path: "Info.plist", matches: false),
        // A pattern matching a folder excludes everything below it.
        Case(pattern: "Vendor", path: "Vendor/Lib/A.swift", matches: true),
        Case(pattern: "App/Generated", path: "App/Generated/Sub/A.swift", matches: true),
        Case(pattern: "App/Gen*", path: "App/Generated/A.swift", matches: true),
        Case(pattern: "App/Generated", path: "App/GeneratedCode/A.swift", matches: false),
        // No `/`: any component, at any depth (gitignore style).
        Case(pattern: "Generated", path: "Generated", matches: true),
        Case(pattern: "Generated", path: "App/Generated/A.swift", matches: true),
        Case(pattern: "Generated", path: "App/Module/Generated", matches: true),
        Case(pattern: "Generated", path: "App/NotGenerated/A.swift", matches: false),
        Case(pattern: "*.generated.swift", path: "App/Models.generated.swift", matches: true),
        Case(pattern: "*.generated.swift", path: "Models.generated.swift", matches: true),
        Case(pattern: "*.generated.swift", path: "App/Models.swift", matches: false),
        Case(pattern: "*Tests", path: "Tests/AppTests/A.swift", matches: true),
        // A trailing `/` is ignored; a leading `/` anchors.
        Case(pattern: "Generated/", path: "App/Generated/A.swift", matches: true),
        Case(pattern: "/Generated", path: "Generated/A.swift", matches: true),
        Case(pattern: "/Generated", path: "App/Generated/A.swift", matches: false),
        // Leading `./` in patterns and paths.
        Case(pattern: "./Vendor/**", path: "Vendor/A.swift", matches: true),
        Case(pattern: "Vendor/**", path: "./Vendor/A.swift", matches: true),
        Case(pattern: "./App/*.swift", path: "././App/A.swift", matches: true),
        // Character classes.
        Case(pattern: "App/[FB]oo.swift", path: "App/Foo.swift", matches: true),
        Case(pattern: "App/[FB]oo.swift", path: "App/Boo.swift", matches: true),
        Case(pattern: "App/[FB]oo.swift", path: "App/Zoo.swift", matches: false),
        Case(pattern: "App/[a-c]*.swift", path: "App/beta.swift", matches: true),
        Case(pattern: "App/[a-c]*.swift", path: "App/delta.swift", matches: false),
        Case(pattern: "App/[!a-c]*.swift", path: "App/delta.swift", matches: true),
        Case(pattern: "App/[^a-c]*.swift", path: "App/alpha.swift", matches: false),
        Case(pattern: "App/[.swift", path: "App/[.swift", matches: true),
        Case(pattern: "App/\\*.swift", path: "App/*.swift", matches: true),
        Case(pattern: "App/\\*.swift", path: "App/A.swift", matches: false),
        // Case-sensitive; empty inputs match nothing.
        Case(pattern: "vendor/**", path: "Vendor/A.swift", matches: false),
        Case(pattern: "", path: "A.swift", matches: false),
        Case(pattern: "*.swift", path: "", matches: false),
        // Non-ASCII names.
        Case(pattern: "Café/*.swift", path: "Café/Ü.swift", matches: true),
        Case(pattern: "Caf?/*.swift", path: "Café/Ü.swift", matches: true),
    ]

    @Test(arguments: cases)
    func matching(_ testCase: Case) {
        #expect(GlobPattern(testCase.pattern).matches(testCase.path) == testCase.matches)
    }

    @Test func manyStarsDoNotBlowUp() {
        let pattern = GlobPattern("a*a*a*a*a*a*a*a*a*b")
        #expect(!pattern.matches(String(repeating: "a", count: 200)))
        #expect(pattern.matches(String(repeating: "a", count: 200) + "b"))
        let deep = GlobPattern("**/**/**/**/**/x")
        #expect(!deep.matches(Array(repeating: "d", count: 30).joined(separator: "/")))
        #expect(deep.matches(Array(repeating: "d", count: 30).joined(separator: "/") + "/x"))
    }

    /// 15 `**` against a 40-deep path never finished when `**` tried every split: the
    /// matcher reads the path once, so this takes microseconds.
    @Test(.timeLimit(.minutes(1)))
    func doubleStarsMatchInLinearTime() {
        let path = Array(repeating: "a", count: 40).joined(separator: "/")
        let fifteen = Array(repeating: "**/a", count: 15).joined(separator: "/")
        #expect(!GlobPattern(fifteen + "/**/b").matches(path + "/x.swift"))
        #expect(GlobPattern(fifteen + "/**/b").matches(path + "/b/x.swift"))
        #expect(GlobPattern(fifteen + "/**/x.swift").matches(path + "/x.swift"))
        // More `a` segments than the path has components: no match.
        let tooMany = Array(repeating: "**/a", count: 41).joined(separator: "/")
        #expect(!GlobPattern(tooMany).matches(path))
        #expect(GlobPattern(Array(repeating: "**/a", count: 40).joined(separator: "/")).matches(path))
        let start = Date()
        for _ in 0..<100 { _ = GlobPattern(fifteen + "/**/b").matches(path + "/x.swift") }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// The set-of-positions matcher against a plain recursive definition of `*`, `?` and literals,
    /// on names and one-segment patterns drawn from a small alphabet (so that they often match).
    @Test func agreesWithTheDefinitionOnGeneratedCases() {
        func reference(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
            guard let first = pattern.first else { return name.isEmpty }
            switch first {
            case "*": return reference(pattern.dropFirst(), name) || (!name.isEmpty && reference(pattern, name.dropFirst()))
            case "?": return !name.isEmpty && reference(pattern.dropFirst(), name.dropFirst())
            default: return name.first == first && reference(pattern.dropFirst(), name.dropFirst())
            }
        }
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var disagreements: [String] = []
        var matches = 0
        for _ in 0..<3_000 {
            let pattern = String((0..<next(7)).map { _ in Array("ab*?")[next(4)] })
            let name = String((0..<(1 + next(8))).map { _ in Array("ab")[next(2)] })
            let expected = reference(Array(pattern)[...], Array(name)[...])
            if expected { matches += 1 }
            if !pattern.isEmpty, GlobPattern(pattern).matches(name) != expected {
                disagreements.append("\(pattern) ~ \(name): expected \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(matches > 300)  // the cases exercise matching, not only failing
    }

    /// A long literal after `*` against a shorter name took (name length)² steps per check: a
    /// configuration of 1,000 such globs took 108 s on a folder of 100 files.
    @Test(.timeLimit(.minutes(1)))
    func longPatternsAgainstShorterNames() {
        let long = GlobPattern("*" + String(repeating: "a", count: 900) + "b")
        let name = String(repeating: "a", count: 240) + "000.swift"
        let start = Date()
        var matched = 0
        for _ in 0..<10_000 where long.matches(name) { matched += 1 }
        #expect(matched == 0)
        #expect(Date().timeIntervalSince(start) < 5)
        // The length checks answer only what they can: the usual matching does the rest.
        #expect(GlobPattern("a?c").matches("abc"))
        #expect(!GlobPattern("a?c").matches("abcd"))
        #expect(!GlobPattern("a?c").matches("ac"))
        #expect(GlobPattern("a*c").matches("ac"))
        #expect(GlobPattern("[ab]*").matches("a"))
        #expect(!GlobPattern("[ab]?*").matches("a"))
    }
}
