import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: properties and globals")
struct DeclarationResolutionTests {
    @Test func globalInTheSameFile() {
        let resolution = resolveProbe(
            """
            func f() { probe(sharedFlags) }
            let sharedFlags: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]
            """)
        #expect(resolution.descriptions == ["[.biometryAny, .or, .devicePasscode]"])
        #expect(resolution.trace(of: "[.biometryAny, .or, .devicePasscode]") == ["`sharedFlags`"])
    }

    @Test func globalInAnotherFile() {
        let resolution = resolveProbe(
            [
                "Security/Constants.swift": "let sharedFlags: SecAccessControlCreateFlags = .biometryCurrentSet",
                "Store.swift": "func f() { probe(sharedFlags) }",
            ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        let step = resolution.values.first?.trace.first
        #expect(step?.kind == .property)
        #expect(step?.file == "Security/Constants.swift")
        #expect(step?.line == 1)
    }

    @Test func staticPropertyInAnotherFile() {
        let resolution = resolveProbe(
            [
                "Config.swift": """
                enum KeychainConfig {
                    static let accessFlags: SecAccessControlCreateFlags = [.biometryAny, .privateKeyUsage]
                }
                """,
                "Store.swift": "func f() { probe(KeychainConfig.accessFlags) }",
            ])
        #expect(resolution.descriptions == ["[.biometryAny, .privateKeyUsage]"])
        #expect(resolution.trace(of: "[.biometryAny, .privateKeyUsage]") == ["`KeychainConfig.accessFlags`"])
        #expect(resolution.values.first?.trace.first?.file == "Config.swift")
    }

    @Test func staticPropertyInAnExtension() {
        let resolution = resolveProbe(
            [
                "Config.swift": "struct KeychainConfig {}",
                "Config+Flags.swift": """
                extension KeychainConfig {
                    static var accessFlags: SecAccessControlCreateFlags { .biometryCurrentSet }
                }
                """,
                "Store.swift": "func f() { probe(KeychainConfig.accessFlags) }",
            ])
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func staticPropertyChainsThroughAnotherStatic() {
        let resolution = resolveProbe(
            [
                "A.swift": """
                enum Defaults {
                    static let base: SecAccessControlCreateFlags = .biometryAny
                    static let signing = base.union(.privateKeyUsage)
                }
                """,
                "B.swift": "func f() { probe(Defaults.signing) }",
            ])
        #expect(resolution.descriptions == ["[.biometryAny, .privateKeyUsage]"])
        #expect(resolution.trace(of: "[.biometryAny, .privateKeyUsage]") == ["`Defaults.signing`", "`Defaults.base`"])
    }

    @Test func storedPropertyReadInAMethod() {
        let resolution = resolveProbe(
            """
            struct Store {
                let flags: SecAccessControlCreateFlags = .biometryCurrentSet
                func save() { probe(flags) }
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`Store.flags`"])
    }

    @Test func storedPropertyReadThroughSelf() {
        let resolution = resolveProbe(
            """
            final class Store {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                func save() { probe(self.flags) }
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func storedPropertyAssignedInInitializerAndMethods() {
        let resolution = resolveProbe(
            """
            final class Store {
                var flags: SecAccessControlCreateFlags
                init(strict: Bool) {
                    self.flags = strict ? .biometryCurrentSet : .biometryAny
                }
                func relax() { flags = .userPresence }
                func save() { probe(flags) }
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".biometryAny", ".userPresence"])
        #expect(resolution.trace(of: ".userPresence") == ["`Store.flags`", "assigned"])
        #expect(resolution.trace(of: ".biometryAny") == ["`Store.flags`", "assigned", "else of `strict`"])
    }

    @Test func assignmentsToAShadowingLocalAreNotPropertyAssignments() {
        let resolution = resolveProbe(
            """
            final class Store {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                func other() {
                    var flags: SecAccessControlCreateFlags = []
                    flags = .biometryAny
                    print(flags)
                }
                func save() { probe(flags) }
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func propertyOfATypedLocalReceiver() {
        let resolution = resolveProbe(
            """
            struct Primary { var flags: SecAccessControlCreateFlags = .biometryCurrentSet }
            struct Backup { var flags: SecAccessControlCreateFlags = .userPresence }
            func f() {
                let store = Primary()
                probe(store.flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func propertyOfATypedParameterReceiver() {
        let resolution = resolveProbe(
            """
            struct Primary { var flags: SecAccessControlCreateFlags = .biometryCurrentSet }
            struct Backup { var flags: SecAccessControlCreateFlags = .userPresence }
            func f(store: Backup) { probe(store.flags) }
            """)
        #expect(resolution.descriptions == [".userPresence"])
    }

    @Test func propertyInTwoTypesWithAnUnknownReceiverIsAGap() {
        let resolution = resolveProbe(
            """
            struct Primary { var flags: SecAccessControlCreateFlags = .biometryCurrentSet }
            struct Backup { var flags: SecAccessControlCreateFlags = .userPresence }
            func f(store: SomeStore) { probe(store.flags) }
            """)
        #expect(resolution.values.isEmpty, "no value of either type is guessed: \(resolution.descriptions)")
        #expect(resolution.hasGap(mentioning: "`flags`", "2 types"), "\(resolution.reasons)")
    }

    @Test func propertyInOneTypeWithAnUnknownReceiverIsThatProperty() {
        let resolution = resolveProbe(
            """
            struct Primary { var accessFlags: SecAccessControlCreateFlags = .biometryCurrentSet }
            func f(store: SomeStore) { probe(store.accessFlags) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func twoGlobalDeclarationsOfTheSameNameAreAGap() {
        let resolution = resolveProbe(
            [
                "A.swift": "let accessFlags: SecAccessControlCreateFlags = .biometryCurrentSet",
                "B.swift": "let accessFlags: SecAccessControlCreateFlags = .biometryAny",
                "C.swift": "func f() { probe(accessFlags) }",
            ])
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`accessFlags`", "2 times"), "\(resolution.reasons)")
    }

    @Test func globalCycleAcrossFilesTerminatesWithAGap() {
        let resolution = resolveProbe(
            [
                "A.swift": "let a = b",
                "B.swift": "let b = a",
                "C.swift": "func f() { probe(a) }",
            ])
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "depends on itself"), "\(resolution.reasons)")
    }

    @Test func staticCycleTerminatesWithAGap() {
        let resolution = resolveProbe(
            """
            enum Loop {
                static let first: SecAccessControlCreateFlags = second.union(.or)
                static let second: SecAccessControlCreateFlags = first
            }
            func f() { probe(Loop.first) }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "depends on itself"), "\(resolution.reasons)")
    }

    @Test func functionNameIsNotAValue() {
        let resolution = resolveProbe(
            """
            func makeFlags() -> SecAccessControlCreateFlags { .biometryAny }
            func f() { probe(makeFlags) }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "function or type"))
    }

    @Test func undeclaredIdentifierIsAnSDKSymbol() {
        let resolution = resolveProbe("func f() { probe(kSecAccessControlBiometryAny) }")
        #expect(resolution.descriptions == ["kSecAccessControlBiometryAny"])
        #expect(AccessControlFlagSet.interpret(resolution.values[0].value)?.contains(.biometryAny) == true)
    }

    /// A property a protocol requires, read through a value of the protocol's type: what it holds
    /// in the scan's conforming types. `ACCESS` is the protocol's access.
    private static let requirement = """
        ACCESS protocol KeyTemplate {
            var flags: SecAccessControlCreateFlags { get }
        }
        struct SigningTemplate: KeyTemplate {
            var flags: SecAccessControlCreateFlags = .biometryAny
        }
        struct LoginTemplate {
            var flags: SecAccessControlCreateFlags = .devicePasscode
        }
        extension LoginTemplate: KeyTemplate {}
        func make(_ template: KeyTemplate) { probe(template.flags) }
        """

    @Test func aProtocolRequirementHoldsWhatTheConformingTypesHold() {
        let resolution = resolveProbe(Self.requirement.replacingOccurrences(of: "ACCESS ", with: ""))
        #expect(resolution.descriptionSet == [".biometryAny", ".devicePasscode"])
        #expect(resolution.gaps.isEmpty)
        #expect(resolution.trace(of: ".biometryAny") == ["`KeyTemplate.flags`", "`SigningTemplate.flags`"])
    }

    @Test func aPublicProtocolMayHaveConformancesOutsideTheScan() {
        let resolution = resolveProbe(Self.requirement.replacingOccurrences(of: "ACCESS ", with: "public "))
        #expect(resolution.descriptionSet == [".biometryAny", ".devicePasscode"])
        #expect(resolution.hasGap(mentioning: "outside the scan may conform", "KeyTemplate"))
    }

    @Test func aProtocolRequirementNoTypeConformsToStaysAGap() {
        let resolution = resolveProbe("""
            protocol KeyTemplate { var flags: SecAccessControlCreateFlags { get } }
            func make(_ template: KeyTemplate) { probe(template.flags) }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "has no value the resolver can see"))
    }
}
