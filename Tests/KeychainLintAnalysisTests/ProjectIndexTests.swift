import KeychainLintAnalysis
import Testing

@Suite("ProjectIndex and TextSearch")
struct ProjectIndexTests {
    static func index(_ texts: [String]) -> ProjectIndex {
        ProjectIndex(inputs: texts.enumerated().map { ProjectIndex.Input(path: "F\($0.offset).swift", text: $0.element) })
    }

    static func fillers(_ count: Int) -> [String] {
        (0..<count).map { "struct Filler\($0) { let value = \($0) }" }
    }

    @Test func filesMentioningFindsSubstringsWithoutParsing() {
        let index = Self.index(["let a = 1", "let sharedFlags = 2", "// xsharedFlagsx", "let shared = 3"])
        #expect(index.files(mentioning: "sharedFlags") == [1, 2])
        #expect(index.files(mentioning: "shared") == [1, 2, 3])
        #expect(index.files(mentioning: "absent") == [])
        #expect(index.parsedFileCount == 0, "a text search parses nothing")
        #expect(index.fileCount == 4)
    }

    @Test func filesMentioningIsStableWhenCached() {
        let index = Self.index(["alpha", "beta", "alphabet"])
        let first = index.files(mentioning: "alpha")
        #expect(first == [0, 2])
        #expect(index.files(mentioning: "alpha") == first)
    }

    @Test func lookupParsesOnlyFilesMentioningTheName() {
        let index = Self.index(Self.fillers(40) + ["let sharedFlags: SecAccessControlCreateFlags = .biometryAny"])
        let found = index.variables(named: "sharedFlags")
        #expect(found.count == 1)
        #expect(found.first?.file.path == "F40.swift")
        #expect(found.first?.typeName == "SecAccessControlCreateFlags")
        #expect(found.first?.enclosingType == nil)
        #expect(index.parsedFileCount == 1)
        #expect(index.functions(named: "nothingLikeThis").isEmpty)
        #expect(index.parsedFileCount == 1)
    }

    @Test func resolvingParsesOnlyTheFilesItNeeds() {
        var files: [String: String] = [
            "Constants.swift": "let sharedFlags: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]",
            "Store.swift": "func f() { probe(sharedFlags) }",
        ]
        for (number, text) in Self.fillers(50).enumerated() { files["Filler\(number).swift"] = text }
        let result = probeResult(files)
        #expect(result.descriptions == ["[.biometryAny, .or, .devicePasscode]"])
        #expect(result.index.parsedFileCount == 2, "parsed \(result.index.parsedFileCount) of \(result.index.fileCount)")
    }

    @Test func declarationsAreCollectedWithTheirContext() {
        let index = Self.index([
            """
            enum Level {
                case legacy, modern
                static let shared: Level = .modern
                var flags: SecAccessControlCreateFlags? { nil }
                func make(_ value: Int, label: String = "") {}
            }
            extension Level { static var extra = 1 }
            let a, b: Int
            """,
        ])
        #expect(index.types(named: "Level").count == 2)
        #expect(index.types(named: "Level").first?.enumCases == ["legacy", "modern"])
        #expect(index.isDeclaredType("Level"))
        #expect(!index.isDeclaredType("Missing"))
        #expect(index.properties(named: "shared", inType: "Level").first?.isStatic == true)
        #expect(index.properties(named: "flags", inType: "Level").first?.typeName == "SecAccessControlCreateFlags")
        #expect(index.properties(named: "extra", inType: "Level").count == 1)
        #expect(index.methods(named: "make", inType: "Level").first?.labels == [nil, "label"])
        #expect(index.variables(named: "a").first?.typeName == "Int", "`let a, b: Int` shares the annotation")
        #expect(index.variables(named: "b").first?.isConstant == true)
    }

    @Test func callSitesAcrossFiles() {
        let index = Self.index([
            "func save(flags: Int) {}",
            "func a() { save(flags: 1); store.save(flags: 2) }",
            "func b() { load() }",
            "func c() { saveAll(); _ = save }",
        ])
        let sites = index.callSites(named: "save")
        #expect(sites.count == 2)
        #expect(Set(sites.map(\.file.path)) == ["F1.swift"])
        #expect(index.parsedFileCount == 3, "F2 does not mention `save` and is not parsed")
    }

    // MARK: TextSearch

    @Test(arguments: [
        ("", "", true),
        ("abc", "", true),
        ("", "a", false),
        ("ab", "abc", false),
        ("abc", "abc", true),
        ("xxabc", "abc", true),
        ("xxab", "abc", false),
        ("abcxx", "abc", true),
        ("aaab", "aab", true),
        ("abababac", "ababac", true),
        ("Abc", "abc", false),
        ("naïve café 🔑 token", "café", true),
        ("naïve café 🔑 token", "🔑", true),
        ("naïve café 🔑", "🔑", true),
        ("naïve café", "cafe", false),
        ("é", "e", false),
        ("日本語のテキスト", "テキスト", true),
        ("日本語のテキスト", "テキストだ", false),
        ("line one\nline two", "one\nline", true),
    ])
    func textSearch(_ text: String, _ needle: String, _ expected: Bool) {
        #expect(TextSearch.contains(text, needle) == expected)
        #expect(TextSearch.contains(text, Array(needle.utf8)) == expected)
    }

    @Test func textSearchOnABridgedOrSubstringDerivedString() {
        let long = String(repeating: "a", count: 10_000) + "kSecAccessControlBiometryAny"
        #expect(TextSearch.contains(long, "kSecAccessControlBiometryAny"))
        #expect(!TextSearch.contains(String(long.dropLast()), "kSecAccessControlBiometryAny"))
        let slice = String(long.suffix(30).prefix(10))
        #expect(TextSearch.contains(slice, "kSec"))
    }
}
