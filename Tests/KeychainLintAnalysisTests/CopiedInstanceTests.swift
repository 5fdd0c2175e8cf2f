import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// A store into a local copy of a struct is a value of the property on the instances the copy is
/// handed on to (a builder method: copy the options, change one, build a new instance from the
/// copy, or return the copy); a copy that stays local gives nothing, and one handed on where the
/// resolver cannot follow it is a gap.
@Suite("Resolver: stores into a local copy of a struct")
struct CopiedInstanceTests {
    private static let options = """
        struct SealOptions {
            var label: String = "seal"
            var flags: SecAccessControlCreateFlags = .biometryCurrentSet
        }
        """
    /// The property read in a method of the struct, on any instance.
    private static let checkedOptions = """
        struct SealOptions {
            var label: String = "seal"
            var flags: SecAccessControlCreateFlags = .biometryCurrentSet
            func check() { probe(flags) }
        }
        """

    @Test("a copy given to a construction or returned carries its store, with the builder's caller in the trace")
    func handedOnCopies() {
        let resolution = resolveProbe([
            "SealOptions.swift": Self.options,
            "Sealer.swift": """
                final class Sealer {
                    private let options: SealOptions
                    init(_ options: SealOptions = SealOptions()) { self.options = options }
                    func sealing(with flags: SecAccessControlCreateFlags) -> Sealer {
                        var copy = options
                        copy.flags = flags
                        return Sealer(copy)
                    }
                    func labelled(_ label: String) -> Sealer {
                        var copy = self.options
                        copy.label = label
                        return Sealer(copy)
                    }
                    func fallbackOptions() -> SealOptions {
                        var fallback = self.options
                        fallback.flags = .devicePasscode
                        return fallback
                    }
                    func seal() { probe(options.flags) }
                }
                func sealDrafts() { Sealer().sealing(with: .userPresence).seal() }
                """,
        ])
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence", ".devicePasscode"])
        #expect(
            resolution.trace(of: ".userPresence")
                == ["`SealOptions.flags`", "copy given to `Sealer(…)`", "assigned", "argument `flags` of the call"])
        #expect(resolution.trace(of: ".devicePasscode") == ["`SealOptions.flags`", "copy returned", "assigned"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test("a copy read only through its members gives nothing; one passed to a function is a gap")
    func localAndUnknownCopies() {
        let resolution = resolveProbe([
            "SealOptions.swift": Self.checkedOptions,
            "Sealer.swift": """
                final class Sealer {
                    private let options: SealOptions
                    init(_ options: SealOptions = SealOptions()) { self.options = options }
                    func describeWeakest() -> String {
                        var preview = options
                        preview.flags = .userPresence
                        return preview.label
                    }
                    func audit() {
                        var draft = options
                        draft.flags = .devicePasscode
                        record(draft)
                    }
                }
                func record(_ options: SealOptions) {}
                """,
        ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.hasGap(mentioning: "copy of `SealOptions`", "cannot follow"))
    }

    @Test("a copy of another struct with a property of the same name is not such a store")
    func otherReceivers() {
        let resolution = resolveProbe([
            "SealOptions.swift": Self.checkedOptions,
            "Sealer.swift": """
                struct OtherOptions {
                    var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                }
                final class Sealer {
                    private let options: SealOptions
                    private let other = OtherOptions()
                    init(_ options: SealOptions = SealOptions()) { self.options = options }
                    func loosened() -> OtherOptions {
                        var copy = other
                        copy.flags = .userPresence
                        return copy
                    }
                }
                """,
        ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    /// A library whose public builder takes its own public enum.
    private static func library(builderParameter: String) -> [String: String] {
        [
            "Seal.swift": """
                public enum SealLevel {
                    case strict
                    case relaxed
                    case payload(Int)
                }
                struct SealOptions {
                    var level: SealLevel = .strict
                    func check() { probe(level) }
                }
                public final class Sealer {
                    private let options: SealOptions
                    public convenience init() { self.init(SealOptions()) }
                    fileprivate init(_ options: SealOptions) { self.options = options }
                    public func level(_ level: \(builderParameter)) -> Sealer {
                        var options = self.options
                        options.level = level
                        return Sealer(options)
                    }
                }
                """
        ]
    }

    @Test("a public builder taking the library's public enum may be given any case without a payload")
    func publicBuilderOfferedCases() {
        let resolution = resolveProbe(Self.library(builderParameter: "SealLevel"))
        #expect(resolution.descriptionSet == [".strict", ".relaxed"])
        #expect(
            resolution.trace(of: ".relaxed")
                == ["`SealOptions.level`", "copy given to `Sealer(…)`", "assigned", "`.relaxed`, which callers of public `level(_:)` may pass"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test("a case a public builder may be given is a library option, and a dictionary entry keeps it")
    func offeredCaseIsALibraryOption() {
        var files = Self.library(builderParameter: "SealLevel")
        files["Seal.swift"] = files["Seal.swift"]!.replacingOccurrences(
            of: "func check() { probe(level) }", with: "func check() { probe([\"level\": level, \"fixed\": SealLevel.strict]) }")
        let resolution = resolveProbe(files)
        let entries = resolution.values.compactMap { traced -> [DictionaryEntry]? in
            if case .dictionary(let entries) = traced.value { return entries }
            return nil
        }
        // The default `.strict` is the code's own; the offered cases are the users' choice.
        #expect(entries.count == 2)
        #expect(entries.filter { $0[0].libraryOption != nil }.map { $0[0].value } == [.member("relaxed", type: nil)])
        #expect(entries.allSatisfy { $0[1].libraryOption == nil })
        #expect(resolution.values.allSatisfy { traced in
            traced.trace.filter { $0.kind == .libraryOption }.count <= 1
        })
    }

    @Test("a public builder taking a type the library does not declare as an enum leaves the value unknown")
    func publicBuilderOtherType() {
        let resolution = resolveProbe(Self.library(builderParameter: "String"))
        #expect(resolution.descriptions == [".strict"])
        #expect(resolution.hasGap(mentioning: "parameter `level`", "no caller"))
    }

    @Test("switch cases written in the clauses of an #if may each run, with the condition in the trace")
    func switchCasesUnderConditionalCompilation() {
        let resolution = resolveProbe("""
            enum Level {
                case strict, legacy
                var flags: SecAccessControlCreateFlags {
                    switch self {
                    case .strict:
                        return .biometryCurrentSet
                    #if os(macOS)
                    case .legacy:
                        return .userPresence
                    #else
                    case .legacy:
                        return .devicePasscode
                    #endif
                    }
                }
            }
            func seal(_ level: Level) { probe(level.flags) }
            func sealAll() { seal(.strict); seal(.legacy) }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence", ".devicePasscode"])
        #expect(resolution.trace(of: ".userPresence")?.contains("#if os(macOS)") == true)
        #expect(resolution.trace(of: ".devicePasscode")?.contains("#else") == true)
    }
}
