import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: option-set algebra")
struct SetAlgebraTests {
    @Test(arguments: [
        ("base.union(.devicePasscode)", "[.biometryAny, .privateKeyUsage, .devicePasscode]"),
        ("base.union([.or, .devicePasscode])", "[.biometryAny, .privateKeyUsage, .or, .devicePasscode]"),
        ("base.union(.biometryAny)", "[.biometryAny, .privateKeyUsage]"),
        ("base.intersection([.privateKeyUsage, .devicePasscode])", "[.privateKeyUsage]"),
        ("base.intersection(.devicePasscode)", "[]"),
        ("base.subtracting(.privateKeyUsage)", "[.biometryAny]"),
        ("base.symmetricDifference([.privateKeyUsage, .or])", "[.biometryAny, .or]"),
        ("base + [.or, .devicePasscode]", "[.biometryAny, .privateKeyUsage, .or, .devicePasscode]"),
        ("[.biometryAny] + [.or] + [.devicePasscode]", "[.biometryAny, .or, .devicePasscode]"),
        ("SecAccessControlCreateFlags.biometryAny.union(.devicePasscode)", "[SecAccessControlCreateFlags.biometryAny, .devicePasscode]"),
        ("[.biometryAny, .or, .devicePasscode].subtracting(.or)", "[.biometryAny, .devicePasscode]"),
    ])
    func algebraOnExpressions(_ expression: String, _ expected: String) {
        let resolution = resolveProbe(
            """
            func f() {
                let base: SecAccessControlCreateFlags = [.biometryAny, .privateKeyUsage]
                probe(\(expression))
            }
            """)
        #expect(resolution.descriptions == [expected])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test(arguments: [
        ("flags.insert(.biometryAny)", "[.privateKeyUsage, .biometryAny]", "`flags.insert`"),
        ("flags.formUnion([.or, .devicePasscode])", "[.privateKeyUsage, .or, .devicePasscode]", "`flags.formUnion`"),
        ("flags.remove(.privateKeyUsage)", "[]", "`flags.remove`"),
        ("flags.subtract(.privateKeyUsage)", "[]", "`flags.subtract`"),
    ])
    func mutationsOfALocal(_ statement: String, _ expected: String, _ step: String) {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                \(statement)
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [expected])
        #expect(resolution.trace(of: expected) == ["`flags`", step])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test(arguments: [
        ("SecAccessControlCreateFlags()", "[]"),
        ("SecAccessControlCreateFlags.init()", "[]"),
        ("SecAccessControlCreateFlags([.biometryAny, .or])", "[.biometryAny, .or]"),
        ("SecAccessControlCreateFlags(.biometryAny)", "[.biometryAny]"),
        ("SecAccessControlCreateFlags(arrayLiteral: .biometryAny, .devicePasscode)", "[.biometryAny, .devicePasscode]"),
    ])
    func sdkOptionSetInitializers(_ expression: String, _ expected: String) {
        let resolution = resolveProbe("probe(\(expression))")
        #expect(resolution.descriptions == [expected])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    /// okta-storage-swift: an empty initializer, then fully qualified members inserted, in branches.
    @Test func qualifiedMembersInsertedIntoAnEmptySet() {
        let resolution = resolveProbe(
            """
            func f(strong: Bool) {
                var flags = SecAccessControlCreateFlags()
                if strong {
                    flags.insert(SecAccessControlCreateFlags.biometryCurrentSet)
                } else {
                    flags.insert(SecAccessControlCreateFlags.touchIDAny)
                }
                flags.insert(SecAccessControlCreateFlags.or)
                flags.insert(SecAccessControlCreateFlags.devicePasscode)
                probe([flags, SecAccessControlCreateFlags.applicationPassword])
            }
            """)
        #expect(
            resolution.descriptionSet == [
                "[[SecAccessControlCreateFlags.biometryCurrentSet, SecAccessControlCreateFlags.or, SecAccessControlCreateFlags.devicePasscode], SecAccessControlCreateFlags.applicationPassword]",
                "[[SecAccessControlCreateFlags.touchIDAny, SecAccessControlCreateFlags.or, SecAccessControlCreateFlags.devicePasscode], SecAccessControlCreateFlags.applicationPassword]",
            ])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    /// An option is the same however it is spelled: qualified or implicit, or an alias of its bit.
    @Test(arguments: [
        ("flags.remove(SecAccessControlCreateFlags.or)", "[.biometryCurrentSet, .devicePasscode]"),
        ("flags.insert(SecAccessControlCreateFlags.or)", "[.biometryCurrentSet, .or, .devicePasscode]"),
        ("flags.remove(.touchIDCurrentSet)", "[.or, .devicePasscode]"),
        ("flags.subtract([kSecAccessControlOr, kSecAccessControlDevicePasscode])", "[.biometryCurrentSet]"),
    ])
    func optionsCompareByMeaning(_ statement: String, _ expected: String) {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = [.biometryCurrentSet, .or, .devicePasscode]
                \(statement)
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [expected])
    }

    /// A type of the scan named like the SDK's may give its initializer any meaning.
    @Test func aDeclaredTypeIsNotReadAsTheSDKOptionSet() {
        let resolution = resolveProbe(
            """
            struct SecAccessControlCreateFlags { init() {} }
            func f() { probe(SecAccessControlCreateFlags()) }
            """)
        #expect(!resolution.descriptions.contains("[]"))
    }

    @Test func mutationsAccumulateInOrder() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = []
                flags.insert(.biometryAny)
                flags.insert(.or)
                flags.formUnion(.devicePasscode)
                flags.remove(.or)
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == ["[.biometryAny, .devicePasscode]"])
    }

    @Test func plusEqualsOnALocalArray() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = [.biometryAny]
                flags += [.or, .devicePasscode]
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == ["[.biometryAny, .or, .devicePasscode]"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func mutationInOneBranchKeepsBothValues() {
        let resolution = resolveProbe(
            """
            func f(signing: Bool) {
                var flags: SecAccessControlCreateFlags = [.biometryCurrentSet]
                if signing {
                    flags.insert(.privateKeyUsage)
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == ["[.biometryCurrentSet, .privateKeyUsage]", "[.biometryCurrentSet]"])
        #expect(resolution.trace(of: "[.biometryCurrentSet, .privateKeyUsage]") == ["`flags`", "if `signing`", "`flags.insert`"])
        #expect(resolution.trace(of: "[.biometryCurrentSet]") == ["`flags`"])
    }

    @Test func algebraOverSeveralPossibleValuesCombinesEach() {
        let resolution = resolveProbe(
            """
            func f(strict: Bool) {
                let base: SecAccessControlCreateFlags = strict ? .biometryCurrentSet : .biometryAny
                probe(base.union(.privateKeyUsage))
            }
            """)
        #expect(resolution.descriptionSet == ["[.biometryCurrentSet, .privateKeyUsage]", "[.biometryAny, .privateKeyUsage]"])
        #expect(resolution.trace(of: "[.biometryAny, .privateKeyUsage]") == ["`base`", "else of `strict`"])
    }

    @Test func algebraWithAnUnknownOperandIsNotAValue() {
        // Precision first: no flags are guessed when one side is unknown, and the gap says why.
        let resolution = resolveProbe(
            """
            func f() {
                let base: SecAccessControlCreateFlags = [.biometryAny]
                probe(base.union(loadExtraFlags()))
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`union`", "option sets"), "\(resolution.reasons)")
    }

    @Test func algebraKeepsTheKnownCombinationsAndReportsTheOthers() {
        let resolution = resolveProbe(
            """
            func f(remote: Bool) {
                let base: SecAccessControlCreateFlags = remote ? loadRemoteFlags() : .biometryCurrentSet
                probe(base.union(.privateKeyUsage))
            }
            """)
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"])
        #expect(resolution.hasGap(mentioning: "`union`"), "\(resolution.reasons)")
    }

    @Test func plusOfAnArrayAndAnUnknownCallIsNotAValue() {
        let resolution = resolveProbe("func f() { probe([.biometryAny] + loadExtraFlags()) }")
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`+`"), "\(resolution.reasons)")
    }

    @Test func mutationWithAnUnknownOperandIsAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                flags.insert(loadExtraFlags())
                probe(flags)
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`flags.insert`"), "\(resolution.reasons)")
    }

    @Test func unknownMutatingMethodIsAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                flags.customMutation(&flags)
                probe(flags)
            }
            """)
        #expect(!resolution.gaps.isEmpty)
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"))
    }
}
