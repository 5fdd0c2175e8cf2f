import KeychainLintAnalysis
import Foundation
import KeychainLintModel
import Testing

@Suite("ProjectIndex and TextSearch")
struct ProjectIndexTests {
    static func index(_ texts: [String]) -> ProjectIndex {
        ProjectIndex(inputs: texts.enumerated().map { ProjectIndex.Input(path: "F\($0.offset).swift", text: $0.element) })
    }

    static func fillers(_ count: Int) -> [String] {
        (0..<count).map { "struct Filler\($0) { let value = \($0) }" }
    }

    /// Identifiers are matched as whole tokens (strings included, comments not): `shared` is not
    /// in `sharedFlags`, so a lookup of a short name does not pull in every file with a longer one.
    @Test func filesMentioningMatchesWholeIdentifiersWithoutParsing() {
        let index = Self.index(["let a = 1", "let sharedFlags = 2", "f(\"x sharedFlags x\") // shared", "let shared = 3", "// x sharedFlags"])
        #expect(index.files(mentioning: "sharedFlags") == [1, 2])
        #expect(index.files(mentioning: "shared") == [3])
        #expect(index.files(mentioning: "absent") == [])
        #expect(index.parsedFileCount == 0, "a text search parses nothing")
        #expect(index.fileCount == 5)
    }

    /// A type alias of a function type, declared in any file, is known as one (a handler can be
    /// written with it); an alias of another type, a type of the same shape or an undeclared name
    /// is not. Only the files that declare a type of the name are parsed.
    @Test func functionTypeAliasesAreKnownAcrossFiles() {
        let index = Self.index([
            "typealias Completion = (Bool, Error?) -> Void\ntypealias Token = String",
            "final class Gate { typealias Reply = @Sendable (Bool) -> Void }",
            "struct Handler { let run: (Bool) -> Void }",
            "typealias Optionally = ((Bool) -> Void)?",
        ] + Self.fillers(4))
        #expect(index.isFunctionTypeAlias("Completion"))
        #expect(index.isFunctionTypeAlias("Reply"))
        #expect(index.isFunctionTypeAlias("Optionally"))
        #expect(!index.isFunctionTypeAlias("Token"))
        #expect(!index.isFunctionTypeAlias("Handler"))
        #expect(!index.isFunctionTypeAlias("Missing"))
        #expect(index.parsedFileCount == 4, "the fillers, which declare none of the names, are not parsed")
    }

    /// Held trees are bounded by their source bytes as well as by their number: a file asked
    /// for again after larger ones pushed it out is parsed again; within the bound it is not.
    @Test func heldTreesAreBoundedBySourceBytes() {
        let text = String(repeating: "let x = 1\n", count: 1000)
        let index = Self.index([text, text, text])
        index.maximumParsedBytes = 15_000
        _ = index.file(at: 0)
        _ = index.file(at: 1)
        #expect(index.totalParses == 2)
        _ = index.file(at: 1)
        #expect(index.totalParses == 2, "the most recently used file stays held")
        _ = index.file(at: 0)
        #expect(index.totalParses == 3, "the least recently used file was let go")
        index.maximumParsedBytes = Int.max
        _ = index.file(at: 2)
        _ = index.file(at: 0)
        #expect(index.totalParses == 4, "without the bound, every file stays held")
    }

    /// A search for a name's call sites asked again while it is under way is made once: the
    /// second asker waits for the first. Made by each, a search over more files than the index
    /// holds parses again every file the first had already let go.
    @Test func aCallSiteSearchAskedAgainWhileUnderWayParsesEachFileOnce() {
        let files = (0..<400).map { "func caller\($0)() { store(\($0)) }" }
        let index = Self.index(files)
        index.maximumParsedFiles = 4
        let counts = ResultBox()
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            counts.append(index.callSites(named: "store").count)
            finished.leave()
        }.start()
        // The second question comes once the first search has let go of its first files.
        while index.parsedFileCount < 50 { usleep(100) }
        counts.append(index.callSites(named: "store").count)
        finished.wait()
        #expect(counts.values == [400, 400])
        #expect(index.totalParses == 400)
    }

    /// A file larger than the bound stays held until another file is parsed: its own analysis
    /// asks for it again and again.
    @Test func aFileOverTheByteBoundStaysHeldUntilTheNextParse() {
        let text = String(repeating: "let x = 1\n", count: 1000)
        let index = Self.index([text, text])
        index.maximumParsedBytes = 5_000
        _ = index.file(at: 0)
        _ = index.file(at: 0)
        #expect(index.totalParses == 1)
        _ = index.file(at: 1)
        _ = index.file(at: 0)
        #expect(index.totalParses == 3, "the next parse let it go")
    }

    /// A file whose text the scan does not keep is read from disk once: later questions get the
    /// same text (a search of every Objective-C file per question read them all each time), while
    /// the texts fit their bound; past it, each question reads the disk again.
    @Test func aTextReadAgainIsKeptWhileItFitsItsBound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["A.m", "B.m"].map { folder.appendingPathComponent($0).path }
        for path in paths { try "first".write(toFile: path, atomically: true, encoding: .utf8) }
        let index = ProjectIndex(prepared: paths.map { ProjectIndex.PreparedInput(path: $0, text: nil, identifiers: []) })
        index.maximumRereadTextBytes = 5
        #expect(index.text(at: 0) == "first")
        #expect(index.text(at: 1) == "first")
        for path in paths { try "second".write(toFile: path, atomically: true, encoding: .utf8) }
        #expect(index.text(at: 0) == "first", "kept: the scan reads one text per file")
        #expect(index.text(at: 1) == "second", "over the bound: read again")
    }

    @Test func filesMentioningIsStableWhenCached() {
        let index = Self.index(["alpha", "beta", "alphabet", "x.alpha()"])
        let first = index.files(mentioning: "alpha")
        #expect(first == [0, 3])
        #expect(index.files(mentioning: "alpha") == first)
    }

    @Test func declarationIndexSeparatesTypesFunctionsAndValues() {
        let index = Self.index([
            "struct Vault { let data: Data }", "func data() -> Data { Data() }", "let x = data()",
            "enum Level { case high, legacy }", "let a = 1, data = 2",
        ])
        #expect(index.files(declaring: "Vault", as: .type) == [0])
        #expect(index.files(declaring: "data", as: .value) == [0, 4])
        #expect(index.files(declaring: "data", as: .function) == [1])
        #expect(index.files(declaring: "legacy", as: .value) == [3])
        #expect(index.files(mentioning: "data") == [0, 1, 2, 4])
        #expect(index.parsedFileCount == 0)
    }

    @Test func declarationListsGoOnAfterALineEndingInAComma() {
        let index = Self.index([
            "enum Flags {\n    case strict,\n         touchIDAny\n}", "switch f {\ncase .touchIDAny,\n     .other: break\n}",
            "call(a,\n     touchIDAny)",
        ])
        #expect(index.files(declaring: "touchIDAny", as: .value) == [0])
        #expect(index.files(mentioning: "touchIDAny") == [0, 1, 2])
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
        // F2 does not mention `save`; F0 only declares it and F3 only names it (`_ = save`):
        // the byte check before parsing finds no call in them, so only F1 is parsed.
        #expect(index.parsedFileCount == 1)
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

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    var values: [Int] { lock.withLock { stored } }
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
}
