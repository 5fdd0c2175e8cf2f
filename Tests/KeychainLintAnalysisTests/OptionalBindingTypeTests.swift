import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: the type of a name bound by `if let` / `guard let`")
struct OptionalBindingTypeTests {
    /// Two types with members of the same names: a member read on a value whose instance is not
    /// known is found only through the type the code declares for it.
    private static let types = """
        struct BiometricSettings {
            var flags: SecAccessControlCreateFlags { .biometryAny }
            func protection() -> CFString { kSecAttrAccessibleAfterFirstUnlock }
        }
        struct PasscodeSettings {
            var flags: SecAccessControlCreateFlags { .devicePasscode }
            func protection() -> CFString { kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly }
        }
        """

    @Test func boundFromATypedOptionalProperty() {
        let source = Self.types + """

            final class Vault {
                var settings: BiometricSettings?
                func save() {
                    if let current = settings {
                        probe(current.flags)
                        probe(current.protection())
                    }
                    guard let settings else { return }
                    probe(settings.flags)
                }
            }
            """
        let probed = ProbedFile(source)
        #expect(probed.resolve(0).descriptions == [".biometryAny"])
        #expect(probed.resolve(1).descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
        #expect(probed.resolve(2).descriptions == [".biometryAny"])
    }

    @Test func boundFromATypedParameterOrLocal() {
        let source = Self.types + """

            func save(_ given: PasscodeSettings?) {
                let fallback: BiometricSettings? = nil
                if let given, let other = fallback {
                    probe(given.flags)
                    probe(other.flags)
                }
            }
            """
        let probed = ProbedFile(source)
        #expect(probed.resolve(0).descriptions == [".devicePasscode"])
        #expect(probed.resolve(1).descriptions == [".biometryAny"])
    }

    @Test func anUntypedSourceStaysUnknown() {
        let resolution = resolveProbe(
            Self.types + """

                func save(store: [String: Any]) {
                    if let settings = store["settings"] {
                        probe(settings.flags)
                    }
                }
                """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.reasons.contains("`flags` is a member of 2 types; the receiver's type is unknown"), "\(resolution.reasons)")
    }
}
