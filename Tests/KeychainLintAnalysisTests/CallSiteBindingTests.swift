import KeychainLintAnalysis
import Testing

/// A function's callers are the calls of its name bound to its type: grouped once per name
/// (`CallSiteBindings.swift`), so that a name declared in many types is not matched call by call.
@Suite struct CallSiteBindingTests {
    /// Each type calls its own `save`; the probe's type is given only its own caller's flags.
    @Test func callsWithoutAReceiverReachTheirOwnTypesMethod() {
        let resolution = resolveProbe([
            "Alpha.swift": """
            final class Alpha {
                func save(flags: SecAccessControlCreateFlags) { probe(flags) }
                func run() { save(flags: .biometryCurrentSet) }
            }
            """,
            "Beta.swift": """
            final class Beta {
                func save(flags: SecAccessControlCreateFlags) { _ = flags }
                func run() { self.save(flags: .biometryAny) }
            }
            """,
        ])
        #expect(resolution.descriptionSet == [".biometryCurrentSet"])
    }

    /// A type that declares no method of the name may reach any of them (a subclass, an
    /// extension the index does not tie to it): its call counts for every type.
    @Test func aCallFromATypeWithoutTheMethodReachesEveryType() {
        let resolution = resolveProbe([
            "Alpha.swift": """
            class Alpha {
                func save(flags: SecAccessControlCreateFlags) { probe(flags) }
            }
            """,
            "Beta.swift": """
            class Beta {
                func save(flags: SecAccessControlCreateFlags) { _ = flags }
            }
            final class Gamma: Alpha {
                func run() { save(flags: .biometryAny) }
            }
            """,
        ])
        #expect(resolution.descriptionSet == [".biometryAny"])
    }

    /// A receiver of a known type (written, declared or constructed) reaches that type's method;
    /// one of an unknown type may reach any.
    @Test func callsOnAReceiverReachTheReceiversType() {
        let resolution = resolveProbe([
            "Stores.swift": """
            final class Alpha {
                func store(flags: SecAccessControlCreateFlags) { probe(flags) }
            }
            final class Beta {
                func store(flags: SecAccessControlCreateFlags) { _ = flags }
            }
            """,
            "Use.swift": """
            func use(beta: Beta, unknown: AnyObject) {
                let alpha = Alpha()
                alpha.store(flags: .biometryCurrentSet)
                Beta().store(flags: .biometryAny)
                beta.store(flags: .touchIDAny)
                unknown.store(flags: .userPresence)
            }
            """,
        ])
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence"])
    }

    /// Many types declaring one method name, each calling its own: every type's parameter is
    /// given its own caller's value, and no other.
    @Test func aNameDeclaredInManyTypes() {
        var files: [String: String] = [:]
        let flags = [".biometryAny", ".biometryCurrentSet", ".userPresence", ".devicePasscode"]
        for number in 0..<40 {
            let probe = number == 17 ? "probe(flags)" : "_ = flags"
            files["Store\(number).swift"] = """
                final class Store\(number) {
                    func makeAccess(flags: SecAccessControlCreateFlags) { \(probe) }
                    func save() { makeAccess(flags: \(flags[number % flags.count])) }
                }
                """
        }
        let resolution = resolveProbe(files)
        #expect(resolution.descriptionSet == [flags[17 % flags.count]])
    }
}
