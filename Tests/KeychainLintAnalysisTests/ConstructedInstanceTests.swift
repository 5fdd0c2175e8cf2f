import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: stored properties per construction site")
struct ConstructedInstanceTests {
    private static let store = """
        final class Store {
            var flags: SecAccessControlCreateFlags
            let protection: CFString
            init(flags: SecAccessControlCreateFlags, protection: CFString = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly) {
                self.flags = flags
                self.protection = protection
            }
        }
        """

    @Test func twoInstancesKeepTheirOwnArguments() {
        let resolution = resolveProbe(
            Self.store + """

                func f() {
                    let strong = Store(flags: .biometryCurrentSet)
                    let weak = Store(flags: .biometryAny, protection: kSecAttrAccessibleAlways)
                    probe(strong.flags)
                }
                """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`Store.flags`", "assigned", "argument `flags` of the call"])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test func aDefaultArgumentOfTheInitializer() {
        let resolution = resolveProbe(
            Self.store + """

                func f() {
                    let weak = Store(flags: .biometryAny, protection: kSecAttrAccessibleAlways)
                    probe(Store(flags: .biometryCurrentSet).protection)
                }
                """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
    }

    @Test func assignmentsOutsideTheInitializerStayPossible() {
        let resolution = resolveProbe(
            Self.store + """

                extension Store {
                    func relax() { flags = .userPresence }
                }
                func f() {
                    let strong = Store(flags: .biometryCurrentSet)
                    let weak = Store(flags: .biometryAny)
                    probe(strong.flags)
                }
                """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence"])
    }

    /// Without a visible construction every caller of the initializer is a possible source.
    @Test func anInstanceFromElsewhereGetsEveryConstruction() {
        let resolution = resolveProbe(
            Self.store + """

                func f(store: Store) { probe(store.flags) }
                func g() {
                    f(store: Store(flags: .biometryCurrentSet))
                    f(store: Store(flags: .biometryAny))
                }
                """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny"])
    }
}
