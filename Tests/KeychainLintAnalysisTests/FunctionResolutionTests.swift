import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: functions, enum mappings, defaults and callers")
struct FunctionResolutionTests {
    // MARK: Functions and computed properties

    @Test func functionReturningALiteral() {
        let resolution = resolveProbe(
            """
            func makeFlags() -> SecAccessControlCreateFlags {
                return [.biometryAny, .or, .devicePasscode]
            }
            func f() { probe(makeFlags()) }
            """)
        #expect(resolution.descriptions == ["[.biometryAny, .or, .devicePasscode]"])
        #expect(resolution.trace(of: "[.biometryAny, .or, .devicePasscode]") == ["`makeFlags()`"])
    }

    @Test func functionInAnotherFileWithBranches() {
        let resolution = resolveProbe(
            [
                "Policy.swift": """
                func accessFlags(strict: Bool) -> SecAccessControlCreateFlags {
                    if strict {
                        return .biometryCurrentSet
                    }
                    let relaxed: SecAccessControlCreateFlags = .userPresence
                    return relaxed
                }
                """,
                // A caller the scan does not show: either branch may run.
                "Store.swift": "func f(_ strict: Bool) { probe(accessFlags(strict: strict)) }",
            ])
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`accessFlags()`", "if `strict`"])
        #expect(resolution.trace(of: ".userPresence") == ["`accessFlags()`", "`relaxed`"])
        #expect(resolution.values.first?.trace.first?.file == "Policy.swift")
    }

    @Test func functionReturningItsArgument() {
        let resolution = resolveProbe(
            """
            func withSigning(_ flags: SecAccessControlCreateFlags) -> SecAccessControlCreateFlags {
                flags.union(.privateKeyUsage)
            }
            func f() { probe(withSigning(.biometryCurrentSet)) }
            """)
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"])
    }

    @Test func staticMethodOfAType() {
        let resolution = resolveProbe(
            """
            enum Policies {
                static func signing() -> SecAccessControlCreateFlags { [.biometryCurrentSet, .privateKeyUsage] }
            }
            struct Other {
                static func signing() -> SecAccessControlCreateFlags { .userPresence }
            }
            func f() { probe(Policies.signing()) }
            """)
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"])
        #expect(resolution.trace(of: "[.biometryCurrentSet, .privateKeyUsage]") == ["`Policies.signing()`"])
    }

    @Test func computedPropertyWithGetter() {
        let resolution = resolveProbe(
            """
            struct Store {
                var flags: SecAccessControlCreateFlags {
                    get { return .biometryCurrentSet }
                    set { }
                }
            }
            func f() { probe(Store().flags) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func returnsInsideNestedClosuresAreNotTheFunctionsReturns() {
        let resolution = resolveProbe(
            """
            func makeFlags() -> SecAccessControlCreateFlags {
                let unused: () -> SecAccessControlCreateFlags = { return .biometryAny }
                _ = unused
                return .biometryCurrentSet
            }
            func f() { probe(makeFlags()) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func recursiveFunctionTerminatesWithAGap() {
        let resolution = resolveProbe(
            """
            func makeFlags(_ depth: Int) -> SecAccessControlCreateFlags {
                if depth > 0 { return makeFlags(depth - 1) }
                return .biometryAny
            }
            func f() { probe(makeFlags(3)) }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(!resolution.gaps.isEmpty, "the recursive call is not followed")
    }

    @Test func protocolRequirementWithoutBodyIsAGap() {
        let resolution = resolveProbe(
            """
            protocol FlagSource { func makeFlags() -> SecAccessControlCreateFlags }
            extension FlagSource {
                func f() { probe(makeFlags()) }
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`makeFlags`"), "\(resolution.reasons)")
    }

    // MARK: `switch self` mappings

    static let levels = """
        enum Level {
            case legacy, modern
            var flags: SecAccessControlCreateFlags {
                switch self {
                case .legacy: return .biometryAny
                case .modern: return .biometryCurrentSet
                }
            }
            func accessFlags() -> SecAccessControlCreateFlags {
                switch self {
                case .legacy: .touchIDAny
                case .modern: [.biometryCurrentSet, .privateKeyUsage]
                }
            }
            static func flags(for level: Level) -> SecAccessControlCreateFlags {
                switch level {
                case .legacy: return .userPresence
                default: return .devicePasscode
                }
            }
        }
        """

    @Test func enumMappingNarrowedByAKnownCase() {
        let resolution = resolveProbe(["Level.swift": Self.levels, "Use.swift": "func f() { probe(Level.legacy.flags) }"])
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(!resolution.descriptionSet.contains(".biometryCurrentSet"), "the other case is excluded")
        #expect(resolution.trace(of: ".biometryAny") == ["`Level.flags`", "case .legacy"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func enumMappingNarrowedToTheOtherCase() {
        let resolution = resolveProbe(["Level.swift": Self.levels, "Use.swift": "func f() { probe(Level.modern.flags) }"])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func enumMethodNarrowedByAKnownCase() {
        let resolution = resolveProbe(
            ["Level.swift": Self.levels, "Use.swift": "func f() { probe(Level.modern.accessFlags()) }"])
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"])
    }

    @Test func enumMappingOnAnImplicitMemberLocal() {
        let resolution = resolveProbe(
            [
                "Level.swift": Self.levels,
                "Use.swift": """
                func f() {
                    let level: Level = .legacy
                    probe(level.flags)
                }
                """,
            ])
        #expect(resolution.descriptions == [".biometryAny"])
    }

    @Test func enumMappingWithAnUnknownReceiverGivesEveryCase() {
        let resolution = resolveProbe(
            ["Level.swift": Self.levels, "Use.swift": "func f(level: Level) { probe(level.flags) }"])
        #expect(resolution.descriptionSet == [".biometryAny", ".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`Level.flags`", "case .modern"])
    }

    @Test("an unknown self: a case the scan never makes (only matches) is not a possible value")
    func enumMappingSkipsCasesNeverMade() {
        let use = """
            struct Settings { var level: Level }
            func save(_ settings: Settings) { probe(settings.level.flags) }
            func configure() -> Settings { Settings(level: .modern) }
            func isLegacy(_ level: Level) -> Bool { if case .legacy = level { return true }; return false }
            """
        let resolution = resolveProbe(["Level.swift": Self.levels, "Use.swift": use])
        #expect(resolution.descriptionSet == [".biometryCurrentSet"])
        // Compared with `==`: it may be made where the scan cannot see (counted as made).
        let compared = resolveProbe(["Level.swift": Self.levels, "Use.swift": use + "\nlet old = Level.modern == .legacy\n"])
        #expect(compared.descriptionSet == [".biometryAny", ".biometryCurrentSet"])
        // Cases made by raw values, `CaseIterable` or decoding are all possible.
        for conformance in [": String", ": CaseIterable", ": Codable"] {
            let declared = Self.levels.replacingOccurrences(of: "enum Level {", with: "enum Level\(conformance) {")
            let resolution = resolveProbe(["Level.swift": declared, "Use.swift": use])
            #expect(resolution.descriptionSet == [".biometryAny", ".biometryCurrentSet"], "\(conformance)")
        }
        // Another type's `.legacy` does not make Level's.
        let other = resolveProbe(["Level.swift": Self.levels, "Use.swift": use + "\nlet mode = Mode.legacy\n"])
        #expect(other.descriptionSet == [".biometryCurrentSet"])
    }

    @Test func enumMappingWithTheReceiverFromCallers() {
        let resolution = resolveProbe(
            [
                "Level.swift": Self.levels,
                "Use.swift": """
                func store(level: Level) { probe(level.flags) }
                func a() { store(level: .modern) }
                """,
            ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func parameterSwitchNarrowedByTheArgument() {
        let resolution = resolveProbe(
            ["Level.swift": Self.levels, "Use.swift": "func f() { probe(Level.flags(for: .legacy)) }"])
        #expect(resolution.descriptions == [".userPresence"])
    }

    @Test func parameterSwitchFallsToDefaultForAnotherCase() {
        let resolution = resolveProbe(
            ["Level.swift": Self.levels, "Use.swift": "func f() { probe(Level.flags(for: .modern)) }"])
        #expect(resolution.descriptions == [".devicePasscode"])
    }

    static let protection = """
        enum Protection {
            case high, medium, low
            var flags: SecAccessControlCreateFlags {
                switch self {
                case .high: return .biometryCurrentSet
                case .medium where isLegacyDevice: return .devicePasscode
                default: return .biometryAny
                }
            }
        }
        """

    @Test func defaultIsExcludedWhenAnExplicitCaseMatchesTheKnownCase() {
        let resolution = resolveProbe(["P.swift": Self.protection, "Use.swift": "func f() { probe(Protection.high.flags) }"])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func defaultRunsForACaseWithoutItsOwnBranch() {
        let resolution = resolveProbe(["P.swift": Self.protection, "Use.swift": "func f() { probe(Protection.low.flags) }"])
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["`Protection.flags`", "default"])
    }

    @Test func defaultStillRunsWhenTheMatchingCaseHasAWhereClause() {
        let resolution = resolveProbe(["P.swift": Self.protection, "Use.swift": "func f() { probe(Protection.medium.flags) }"])
        #expect(resolution.descriptionSet == [".devicePasscode", ".biometryAny"])
    }

    @Test func enumCaseFromAnImplicitMemberDoesNotParseUnrelatedFiles() {
        var files = ["Level.swift": Self.levels, "Use.swift": "func f() { let level: Level = .legacy; probe(level.flags) }"]
        for number in 0..<30 { files["Filler\(number).swift"] = "struct Filler\(number) { let value = \(number) }" }
        let result = probeResult(files)
        #expect(result.descriptions == [".biometryAny"])
        #expect(result.index.parsedFileCount <= 2, "parsed \(result.index.parsedFileCount) of \(result.index.fileCount) files")
    }

    // MARK: Default arguments

    @Test func defaultArgumentWhenTheCallerOmitsIt() {
        let resolution = resolveProbe(
            """
            func makeFlags(extra: SecAccessControlCreateFlags = .biometryAny) -> SecAccessControlCreateFlags {
                extra.union(.privateKeyUsage)
            }
            func f() { probe(makeFlags()) }
            """)
        #expect(resolution.descriptions == ["[.biometryAny, .privateKeyUsage]"])
        #expect(resolution.trace(of: "[.biometryAny, .privateKeyUsage]") == ["`makeFlags()`", "default of `extra`"])
    }

    @Test func passedArgumentReplacesTheDefault() {
        let resolution = resolveProbe(
            """
            func makeFlags(extra: SecAccessControlCreateFlags = .biometryAny) -> SecAccessControlCreateFlags { extra }
            func f() { probe(makeFlags(extra: .biometryCurrentSet)) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func defaultOfAParameterWithNoCaller() {
        let resolution = resolveProbe(
            """
            func save(flags: SecAccessControlCreateFlags = .biometryAny) {
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["default of `flags`"])
        #expect(resolution.values.first?.trace.first?.kind == .parameterDefault)
    }

    @Test func defaultOfAParameterWhenACallerOmitsIt() {
        let resolution = resolveProbe(
            [
                "Store.swift": """
                func save(_ data: Int, flags: SecAccessControlCreateFlags = .biometryAny) {
                    probe(flags)
                }
                """,
                "Caller.swift": """
                func a() { save(1, flags: .biometryCurrentSet) }
                func b() { save(2) }
                """,
            ])
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["default of `flags`"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["argument `flags` of the call"])
    }

    @Test func defaultIsNotUsedWhenEveryCallerPassesTheArgument() {
        let resolution = resolveProbe(
            """
            func save(flags: SecAccessControlCreateFlags = .biometryAny) {
                probe(flags)
            }
            func a() { save(flags: .biometryCurrentSet) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    // MARK: Values callers pass

    @Test func valuesCallersPassToAParameter() {
        let resolution = resolveProbe(
            [
                "Store.swift": """
                func store(flags: SecAccessControlCreateFlags) {
                    probe(flags)
                }
                """,
                "A.swift": "func a() { store(flags: .biometryAny) }",
                "B.swift": """
                func b(signing: Bool) {
                    let flags: SecAccessControlCreateFlags = signing ? [.biometryCurrentSet, .privateKeyUsage] : .userPresence
                    store(flags: flags)
                }
                """,
            ])
        #expect(resolution.descriptionSet == [".biometryAny", "[.biometryCurrentSet, .privateKeyUsage]", ".userPresence"])
        #expect(resolution.trace(of: ".biometryAny") == ["argument `flags` of the call"])
        #expect(resolution.trace(of: ".userPresence") == ["argument `flags` of the call", "`flags`", "else of `signing`"])
        let argumentStep = resolution.values.first { $0.value.description == ".biometryAny" }?.trace.first
        #expect(argumentStep?.kind == .argument)
        #expect(argumentStep?.file == "A.swift")
    }

    @Test func callersOfAnInitializer() {
        let resolution = resolveProbe(
            """
            struct Vault {
                init(flags: SecAccessControlCreateFlags) {
                    probe(flags)
                }
            }
            func a() { _ = Vault(flags: .biometryCurrentSet) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func callersOfAMethodOfAnotherTypeAreNotFollowed() {
        let resolution = resolveProbe(
            """
            enum Primary {
                static func save(flags: SecAccessControlCreateFlags) { probe(flags) }
            }
            enum Backup {
                static func save(flags: SecAccessControlCreateFlags) {}
            }
            func a() {
                Primary.save(flags: .biometryCurrentSet)
                Backup.save(flags: .userPresence)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func callersOnInstancesOfAnotherTypeAreNotFollowed() {
        let resolution = resolveProbe(
            """
            struct Primary {
                func save(flags: SecAccessControlCreateFlags) { probe(flags) }
            }
            struct Backup {
                func save(flags: SecAccessControlCreateFlags) {}
            }
            func a() {
                Primary().save(flags: .biometryCurrentSet)
                Backup().save(flags: .userPresence)
                let backup = Backup()
                backup.save(flags: .devicePasscode)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func bareCallsInsideAnotherTypeWithItsOwnMethodAreNotCallers() {
        // `Backup`'s `save(flags:)` calls are its own method's: they must not make the weak
        // default of `Primary.save` look used (every real caller of `Primary.save` overrides it).
        let resolution = resolveProbe(
            [
                "Primary.swift": """
                final class Primary {
                    func save(flags: SecAccessControlCreateFlags = .biometryAny) { probe(flags) }
                    func store() { save(flags: .biometryCurrentSet) }
                }
                """,
                "Backup.swift": """
                final class Backup {
                    func save(flags: SecAccessControlCreateFlags = .userPresence) {}
                    func store() {
                        save()
                        self.save(flags: .devicePasscode)
                    }
                }
                """,
            ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func bareCallsInsideATypeWithoutItsOwnMethodAreStillCallers() {
        // A type that declares no `save` of its own may reach this one (a global function, or a
        // method it inherits): its calls are followed.
        let resolution = resolveProbe(
            """
            func save(flags: SecAccessControlCreateFlags = .biometryAny) { probe(flags) }
            final class Store {
                func store() { save() }
            }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
    }

    @Test func callersThroughAProtocolTypedReceiverAreFollowed() {
        let resolution = resolveProbe(
            """
            protocol Saving { func save(flags: SecAccessControlCreateFlags) }
            struct Primary: Saving {
                func save(flags: SecAccessControlCreateFlags) { probe(flags) }
            }
            func a(store: any Saving) { store.save(flags: .biometryAny) }
            func b(store: Saving) { store.save(flags: .userPresence) }
            """)
        #expect(resolution.descriptionSet == [".biometryAny", ".userPresence"])
    }

    @Test func callersWithNonMatchingLabelsAreNotFollowed() {
        let resolution = resolveProbe(
            """
            func save(flags: SecAccessControlCreateFlags) { probe(flags) }
            func save(options: SecAccessControlCreateFlags) {}
            func a() {
                save(flags: .biometryCurrentSet)
                save(options: .userPresence)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func parameterWithoutCallerOrDefaultIsAGap() {
        let resolution = resolveProbe(
            """
            func store(flags: SecAccessControlCreateFlags) {
                probe(flags)
            }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`flags`", "no default and no caller"))
    }

    @Test func recursiveCallerTerminates() {
        let resolution = resolveProbe(
            """
            func store(flags: SecAccessControlCreateFlags, depth: Int) {
                probe(flags)
                if depth > 0 { store(flags: flags, depth: depth - 1) }
            }
            func a() { store(flags: .biometryAny, depth: 2) }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(resolution.hasGap(mentioning: "depends on itself"), "\(resolution.reasons)")
    }
}
