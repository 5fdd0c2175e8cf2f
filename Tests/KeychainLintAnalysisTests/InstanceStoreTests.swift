import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// A stored property's values include what code of other types stores into an instance of its
/// type (`vault.flags = …`), when the receiver is known to be one: a parameter or local of the
/// type, or a construction. A same-named property of another type is not it.
@Suite("Resolver: stores into a property through an instance")
struct InstanceStoreTests {
    private static let vault = """
        final class Vault {
            var flags: SecAccessControlCreateFlags = .biometryCurrentSet
            func make() { probe(flags) }
        }
        final class Other {
            var flags: SecAccessControlCreateFlags = .biometryCurrentSet
        }
        """

    @Test("a parameter, a local and a construction of the type store into it")
    func storesThroughKnownInstances() {
        let resolution = resolveProbe([
            "Vault.swift": Self.vault,
            "Setup.swift": """
                final class Setup {
                    func configure(_ vault: Vault) { vault.flags = .biometryAny }
                    func reset() {
                        let vault = Vault()
                        vault.flags = .userPresence
                    }
                }
                func legacy() { Vault().flags = .devicePasscode }
                """,
        ])
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny", ".userPresence", ".devicePasscode"])
        #expect(resolution.trace(of: ".biometryAny") == ["`Vault.flags`", "assigned"])
    }

    @Test("a store into another type's property of the same name, or into an unknown receiver, is not one")
    func otherTypesAndUnknownReceivers() {
        let resolution = resolveProbe([
            "Vault.swift": Self.vault,
            "Setup.swift": """
                func configure(_ other: Other, _ anything: AnyObject) {
                    other.flags = .biometryAny
                    (anything as? Other)?.flags = .userPresence
                }
                """,
        ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }
}
