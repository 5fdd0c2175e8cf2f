import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: a library's option set converted to SecAccessControlCreateFlags by its raw value")
struct OptionSetRawValueTests {
    private static let policy = """
        struct LockPolicy: OptionSet {
            let rawValue: UInt
            init(rawValue: UInt) { self.rawValue = rawValue }
            static let anyFace = LockPolicy(rawValue: 1 << 1)
            static let currentFaces = LockPolicy(rawValue: 1 << 3)
            static let passcodeOrFace = LockPolicy(rawValue: (1 << 1) | (1 << 4) | (1 << 14))
            static let undocumented = LockPolicy(rawValue: 1 << 7)
        }
        """

    @Test func rawValueOfAStaticLetBuiltWithInitRawValue() {
        let probed = ProbedFile(Self.policy + """

            func f() {
                probe(LockPolicy.currentFaces.rawValue)
                probe(LockPolicy(rawValue: 3 << 2).rawValue)
            }
            """)
        #expect(probed.resolve(0).descriptions == ["8"])
        #expect(probed.resolve(1).descriptions == ["12"])
    }

    @Test func convertedToSecurityFlagsByName() {
        let probed = ProbedFile(Self.policy + """

            func f() {
                probe(SecAccessControlCreateFlags(rawValue: CFOptionFlags(LockPolicy.anyFace.rawValue)))
                probe(SecAccessControlCreateFlags(rawValue: LockPolicy.passcodeOrFace.rawValue))
                probe(SecAccessControlCreateFlags(rawValue: UInt(LockPolicy.undocumented.rawValue)))
                probe(SecAccessControlCreateFlags(rawValue: 2))
            }
            """)
        #expect(probed.resolve(0).descriptions == [".biometryAny"])
        #expect(probed.resolve(0).trace(of: ".biometryAny") == ["`LockPolicy.rawValue`", "assigned", "argument `rawValue` of the call"])
        #expect(probed.resolve(1).descriptions == ["[.biometryAny, .devicePasscode, .or]"])
        // A bit Apple does not document for SecAccessControlCreateFlags: not read as flags.
        #expect(probed.resolve(2).values.isEmpty)
        #expect(probed.resolve(2).reasons == ["the raw value is not a known integer made only of SecAccessControlCreateFlags bits"])
        // A raw value written as a literal stays as written.
        #expect(probed.resolve(3).descriptions == ["SecAccessControlCreateFlags.init(rawValue: 2)"])
    }

    @Test func aPolicyFromATypedOptionalProperty() {
        let resolution = resolveProbe(Self.policy + """

            struct Settings {
                var policy: LockPolicy?
                func flags() -> SecAccessControlCreateFlags? {
                    guard let policy = policy else { return nil }
                    return SecAccessControlCreateFlags(rawValue: CFOptionFlags(policy.rawValue))
                }
            }
            func f(settings: Settings) { probe(settings.flags()) }
            """)
        // The instance is not known: every raw value the type's initializer is given in the scan,
        // and the one with a bit Security does not define stays a gap.
        #expect(resolution.descriptionSet.isSuperset(of: [".biometryAny", ".biometryCurrentSet", "[.biometryAny, .devicePasscode, .or]"]))
        #expect(resolution.reasons.contains("the raw value is not a known integer made only of SecAccessControlCreateFlags bits"))
    }
}
