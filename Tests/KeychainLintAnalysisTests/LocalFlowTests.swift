import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: locals through control flow")
struct LocalFlowTests {
    @Test func letWithInitializer() {
        let resolution = resolveProbe(
            """
            func f() {
                let flags: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == ["[.biometryAny, .or, .devicePasscode]"])
        #expect(resolution.trace(of: "[.biometryAny, .or, .devicePasscode]") == ["`flags`"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func chainOfLocals() {
        let resolution = resolveProbe(
            """
            func f() {
                let first: SecAccessControlCreateFlags = .biometryAny
                let second = first
                let third = (second)
                probe(third)
            }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["`third`", "`second`", "`first`"])
    }

    @Test func ifWithoutElseKeepsTheEarlierValue() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if legacy {
                    flags = .biometryAny
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "if `legacy`", "assigned"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func ifElseAssigningADeferredLet() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                let flags: SecAccessControlCreateFlags
                if legacy {
                    flags = .biometryAny
                } else {
                    flags = .biometryCurrentSet
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "if `legacy`", "assigned"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`", "else of `legacy`", "assigned"])
    }

    @Test func elseIfChain() {
        let resolution = resolveProbe(
            """
            func f(level: Int) {
                var flags: SecAccessControlCreateFlags = []
                if level > 2 {
                    flags = .biometryCurrentSet
                } else if level > 1 {
                    flags = .biometryAny
                } else {
                    flags = .userPresence
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny", ".userPresence"])
        #expect(!resolution.descriptionSet.contains("[]"), "every path assigns, so the initial value is gone")
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "else of `level > 1`", "assigned"])
    }

    @Test func ifExpressionInitializer() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                let flags: SecAccessControlCreateFlags = if legacy { .biometryAny } else { .userPresence }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".userPresence"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "if `legacy`"])
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "else of `legacy`"])
    }

    @Test func ternaryInitializer() {
        let resolution = resolveProbe(
            """
            func f(strict: Bool) {
                let flags: SecAccessControlCreateFlags = strict ? .biometryCurrentSet : .userPresence
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`", "if `strict`"])
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "else of `strict`"])
    }

    @Test func switchStatementAssignments() {
        let resolution = resolveProbe(
            """
            enum Mode { case strict, lenient }
            func f(mode: Mode) {
                var flags: SecAccessControlCreateFlags = []
                switch mode {
                case .strict:
                    flags = .biometryCurrentSet
                case .lenient:
                    flags = .userPresence
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence"])
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "case .lenient", "assigned"])
    }

    @Test func switchCaseWithoutAssignmentKeepsTheEarlierValue() {
        let resolution = resolveProbe(
            """
            func f(mode: Int) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                switch mode {
                case 0:
                    flags = .biometryAny
                default:
                    break
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "case 0", "assigned"])
    }

    @Test func switchExpressionInitializer() {
        let resolution = resolveProbe(
            """
            func f(mode: Int) {
                let flags: SecAccessControlCreateFlags = switch mode {
                case 0: .biometryAny
                case 1, 2: .devicePasscode
                default: .biometryCurrentSet
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".devicePasscode", ".biometryCurrentSet"])
        #expect(resolution.trace(of: ".devicePasscode") == ["`flags`", "case 1, 2"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`", "default"])
    }

    @Test func useInsideABranchSeesTheBranchState() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if legacy {
                    flags = .biometryAny
                    probe(flags)
                }
            }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
        // The value was assigned right before the use, inside the branch: no branch step.
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "assigned"])
    }

    @Test func valueFlowingIntoABranchNamesIt() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                let flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if legacy {
                    probe(flags)
                }
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`", "if `legacy`"])
    }

    @Test func useInsideAnElseBranchDoesNotSeeTheThenBranch() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if legacy {
                    flags = .biometryAny
                } else {
                    probe(flags)
                }
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`", "else of `legacy`"])
    }

    @Test func useInsideASwitchCase() {
        let resolution = resolveProbe(
            """
            func f(mode: Int) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                switch mode {
                case 0:
                    flags = .biometryAny
                default:
                    flags.insert(.privateKeyUsage)
                    probe(flags)
                }
            }
            """)
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"])
    }

    @Test func guardLetBindsTheNonNilValue() {
        let resolution = resolveProbe(
            """
            func f() {
                let configured: SecAccessControlCreateFlags? = .biometryCurrentSet
                guard let flags = configured else { return }
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func ifLetBindsTheNonNilValue() {
        let resolution = resolveProbe(
            """
            func f(useDefault: Bool) {
                let configured: SecAccessControlCreateFlags? = useDefault ? nil : .userPresence
                if let configured {
                    probe(configured)
                }
            }
            """)
        #expect(resolution.descriptions == [".userPresence"])
    }

    @Test func useInsideTheElseOfAGuard() {
        let resolution = resolveProbe(
            """
            func f(token: String?) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                guard let token else {
                    flags = .userPresence
                    probe(flags)
                    return
                }
            }
            """)
        #expect(resolution.descriptions == [".userPresence"])
    }

    @Test func assignmentInTheElseOfAGuardIsAGapNotAValue() {
        // The else branch leaves the scope, so its value never reaches the use directly; but
        // inside a loop (`continue`) it could reach a later iteration, so the resolver reports a
        // gap rather than dropping the change silently. Precision first: the value is not guessed.
        let resolution = resolveProbe(
            """
            func f(token: String?) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                guard let token else {
                    flags = .userPresence
                    return
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"), "\(resolution.reasons)")
    }

    @Test func guardWithoutChangesKeepsTheValue() {
        let resolution = resolveProbe(
            """
            func f(token: String?) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                guard let token, !token.isEmpty else { return }
                flags.insert(.privateKeyUsage)
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test func forLoopMayOrMayNotRun() {
        let resolution = resolveProbe(
            """
            func f(items: [Int]) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                for _ in items {
                    flags = .biometryAny
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "assigned"])
    }

    @Test func whileLoopMayOrMayNotRun() {
        let resolution = resolveProbe(
            """
            func f(count: Int) {
                var flags: SecAccessControlCreateFlags = []
                var index = 0
                while index < count {
                    flags.insert(.biometryAny)
                    index += 1
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == ["[]", "[.biometryAny]"])
    }

    @Test func repeatLoopRunsAtLeastOnce() {
        let resolution = resolveProbe(
            """
            func f(retry: Bool) {
                var flags: SecAccessControlCreateFlags = []
                repeat {
                    flags = .biometryCurrentSet
                } while retry
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func useInsideALoopSeesEarlierIterations() {
        let resolution = resolveProbe(
            """
            func f(items: [Int]) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                for _ in items {
                    probe(flags)
                    flags = .biometryAny
                }
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny"])
    }

    @Test func doCatch() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                do {
                    try check()
                    flags = .biometryAny
                } catch {
                    flags = .devicePasscode
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".devicePasscode"])
    }

    @Test func assignmentAfterTheUseDoesNotCount() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                probe(flags)
                flags = .biometryAny
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func laterAssignmentReplacesTheValue() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                flags = .biometryAny
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "assigned"])
    }

    @Test func shadowingLocalInAnInnerBlockIsNotTheOuterOne() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if legacy {
                    var flags: SecAccessControlCreateFlags = .devicePasscode
                    flags = .biometryAny
                    print(flags)
                }
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func useInsideTheInnerBlockSeesTheShadowingLocal() {
        let resolution = resolveProbe(
            """
            func f(legacy: Bool) {
                let flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if legacy {
                    let flags: SecAccessControlCreateFlags = .biometryAny
                    probe(flags)
                }
            }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
    }

    @Test func localShadowsAGlobalOfTheSameName() {
        let resolution = resolveProbe(
            [
                "Globals.swift": "let flags: SecAccessControlCreateFlags = .userPresence",
                "Use.swift": """
                func f() {
                    let flags: SecAccessControlCreateFlags = .biometryCurrentSet
                    probe(flags)
                }
                """,
            ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func assignmentInsideAClosureMakesAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                let relax = { flags = .biometryAny }
                relax()
                probe(flags)
            }
            """)
        #expect(!resolution.gaps.isEmpty)
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"), "\(resolution.reasons)")
        #expect(!resolution.descriptionSet.contains(".biometryAny"), "the closure's value is not guessed")
    }

    @Test func passingInoutMakesAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                adjust(&flags)
                probe(flags)
            }
            """)
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"), "\(resolution.reasons)")
    }

    @Test(arguments: [
        "if adjust(&flags) { }",
        "if ready { } else if adjust(&flags) { }",
        "while adjust(&flags) { }",
        "switch adjust(&flags) { default: break }",
        "for _ in batches(&flags) { }",
        "repeat { } while adjust(&flags)",
    ])
    func inoutInAConditionMakesAGap(_ statement: String) {
        let resolution = resolveProbe(
            """
            func f(ready: Bool) {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                \(statement)
                probe(flags)
            }
            """)
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"), "\(resolution.reasons)")
    }

    @Test func inoutInTheConditionOfTheBranchHoldingTheUse() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if adjust(&flags) {
                    probe(flags)
                }
            }
            """)
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"), "\(resolution.reasons)")
    }

    @Test func deferredAssignmentMakesAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                defer { flags = .biometryAny }
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"))
    }

    @Test func assignmentInANestedFunctionMakesAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                func relax() { flags = .biometryAny }
                relax()
                probe(flags)
            }
            """)
        #expect(!resolution.descriptionSet.contains(".biometryAny"))
        #expect(resolution.hasGap(mentioning: "`flags`", "changed"))
    }

    @Test func topLevelCodeIsFollowedLikeAFunctionBody() {
        let resolution = resolveProbe(
            [
                "main.swift": """
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if CommandLine.arguments.count > 1 {
                    flags = .biometryAny
                }
                probe(flags)
                """,
            ])
        #expect(resolution.descriptionSet == [".biometryAny", ".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryAny") == ["`flags`", "if `CommandLine.arguments.count > 1`", "assigned"])
    }

    @Test func tupleBindingTakesItsElement() {
        let resolution = resolveProbe(
            """
            func f() {
                let (flags, count) = (SecAccessControlCreateFlags.biometryAny, 1)
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == ["SecAccessControlCreateFlags.biometryAny"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func loopVariableIsAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                for flags in [SecAccessControlCreateFlags.biometryAny] {
                    probe(flags)
                }
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "loop variable"))
    }

    @Test func closureParameterIsAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                let all: [SecAccessControlCreateFlags] = [.biometryAny]
                _ = all.map { flags in probe(flags) }
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "closure parameter"))
    }

    @Test func localWithoutAnyValueIsAGap() {
        let resolution = resolveProbe(
            """
            func f() {
                var flags: SecAccessControlCreateFlags
                probe(flags)
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`flags`", "no value"))
    }

    @Test func selfReferentialLocalsTerminateWithAGap() {
        // `let a = b` refers to the global `b` (the local `b` comes later), whose value is `a`.
        let resolution = resolveProbe(
            """
            let a = b
            let b = a
            func f() { probe(a) }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "depends on itself"), "\(resolution.reasons)")
    }

    @Test func branchesAreBoundedByTheValueLimit() {
        var body = "var flags: SecAccessControlCreateFlags = .init(rawValue: 0)\n"
        for bit in 1...40 {
            body += "if c\(bit) { flags = .init(rawValue: \(bit)) }\n"
        }
        let resolution = resolveProbe("func f() {\n\(body)probe(flags)\n}")
        #expect(resolution.values.count == Resolution.maximumValues)
    }

    @Test func aNestedDictionaryCopiedOutChangedAndStoredBackIsFollowed() {
        // `keyAttributes` is read out of `all` before `all` stores it back: the read comes from
        // the code before it, not from the store that follows.
        let resolution = resolveProbe(
            """
            func f(access: SecAccessControl) {
                var all: [String: Any] = [kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true]]
                guard var keyAttributes = all[kSecPrivateKeyAttrs as String] as? [String: Any] else { return }
                keyAttributes[kSecAttrAccessible as String] = kSecAttrAccessibleAlways
                all[kSecPrivateKeyAttrs as String] = keyAttributes
                probe(all)
            }
            """)
        #expect(!resolution.hasGap(mentioning: "depends on itself"), "\(resolution.reasons)")
        #expect(resolution.descriptions.count == 1)
        #expect(resolution.gaps.isEmpty)
    }

    @Test func aReadInALoopThatTheLoopsOwnStoreFeedsStillEnds() {
        let resolution = resolveProbe(
            """
            func f(keys: [String]) {
                var all: [String: Any] = [:]
                for key in keys {
                    let previous = all[key]
                    all[key] = previous
                }
                probe(all)
            }
            """)
        #expect(resolution.values.count + resolution.gaps.count > 0)
    }
}
