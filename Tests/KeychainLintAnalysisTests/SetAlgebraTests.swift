import KeychainLintAnalysis
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
