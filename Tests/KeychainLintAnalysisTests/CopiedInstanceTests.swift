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
}
