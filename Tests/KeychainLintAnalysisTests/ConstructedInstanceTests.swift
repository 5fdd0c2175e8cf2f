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

    @Test func aNestedTypeConstructedByItsQualifiedNameKeepsItsArguments() {
        let nested = """
            enum KeyKit {
                final class Access {
                    let flags: SecAccessControlCreateFlags
                    init(flags: SecAccessControlCreateFlags) { self.flags = flags }
                    func make() -> SecAccessControl? { SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, nil) }
                }
            }
            """
        for spelling in ["KeyKit.Access", "KeyKit.Access.init"] {
            let resolution = resolveProbe(
                nested + """

                    func f() {
                        let open = \(spelling)(flags: [])
                        let strict = \(spelling)(flags: .biometryCurrentSet)
                        probe(strict.flags)
                    }
                    """)
            #expect(resolution.descriptions == [".biometryCurrentSet"], "\(spelling)")
            #expect(resolution.gaps.isEmpty, "\(spelling): \(resolution.reasons)")
        }
    }

    @Test func aStoreInABranchTheArgumentsRuleOutIsNotTheInstances() {
        let resolution = resolveProbe(
            """
            enum Fallback { case passcode, none }
            final class Gate {
                let policy: LAPolicy
                init(fallback: Fallback) {
                    switch fallback {
                    case .passcode: policy = .deviceOwnerAuthentication
                    case .none: policy = .deviceOwnerAuthenticationWithBiometrics
                    }
                }
            }
            func f() {
                let gate = Gate(fallback: .passcode)
                probe(gate.policy)
            }
            """)
        #expect(resolution.descriptions == [".deviceOwnerAuthentication"], "\(resolution.descriptions)")
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    private static let options = """
        struct StoreOptions {
            var accessibility: CFString
            var synchronizable: Bool
        }
        enum Presets {
            static let strict = StoreOptions(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, synchronizable: false)
            static let legacy = StoreOptions(accessibility: kSecAttrAccessibleAlways, synchronizable: false)
        }
        """

    @Test func aLocalHoldingAPresetKeepsItsConstruction() {
        let resolution = resolveProbe(
            Self.options + """

                func f() {
                    let options = Presets.legacy
                    probe(options.accessibility)
                }
                """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleAlways"])
        #expect(resolution.trace(of: "kSecAttrAccessibleAlways")?.first == "`options`")
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test func aParameterHasTheConstructionsEachCallerPasses() {
        let resolution = resolveProbe([
            "Options.swift": Self.options,
            "Store.swift": "func save(options: StoreOptions) { probe(options.accessibility) }",
            "App.swift": """
                func a() { save(options: Presets.strict) }
                func b() { save(options: StoreOptions(accessibility: kSecAttrAccessibleAfterFirstUnlock, synchronizable: true)) }
                """,
        ])
        #expect(resolution.descriptionSet == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly", "kSecAttrAccessibleAfterFirstUnlock"])
        #expect(resolution.trace(of: "kSecAttrAccessibleAfterFirstUnlock")?.first == "argument `options` of the call")
    }

    @Test func aParameterDefaultIsAConstructionToo() {
        let resolution = resolveProbe(
            Self.options + """

                func save(options: StoreOptions = Presets.legacy) { probe(options.accessibility) }
                func a() { save() }
                func b() { save(options: Presets.strict) }
                """)
        #expect(resolution.descriptionSet == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        #expect(resolution.trace(of: "kSecAttrAccessibleAlways")?.first == "default of `options`")
    }

    @Test func anImplicitMemberPresetIsTheConstructionItsTypeHolds() {
        // `.legacy` as a parameter's default, `.strict` where a typed binding writes the type, and
        // a static factory called as `.make()`: each is the one construction of its preset, not
        // every construction of `StoreOptions`.
        let presets = """
            struct StoreOptions {
                var accessibility: CFString
                var synchronizable: Bool
                static let strict = StoreOptions(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, synchronizable: false)
                static let legacy = StoreOptions(accessibility: kSecAttrAccessibleAlways, synchronizable: false)
                static func make() -> StoreOptions { StoreOptions(accessibility: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, synchronizable: false) }
            }
            """
        let byDefault = resolveProbe(presets + "\nfunc save(options: StoreOptions = .legacy) { probe(options.accessibility) }\nfunc a() { save() }")
        #expect(byDefault.descriptions == ["kSecAttrAccessibleAlways"])
        #expect(byDefault.trace(of: "kSecAttrAccessibleAlways")?.first == "default of `options`")
        #expect(byDefault.gaps.isEmpty, "\(byDefault.reasons)")
        let typed = resolveProbe(presets + "\nfunc f() {\n    let options: StoreOptions = .strict\n    probe(options.accessibility)\n}")
        #expect(typed.descriptions == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        let factory = resolveProbe(presets + "\nfunc save(options: StoreOptions = .make()) { probe(options.accessibility) }\nfunc a() { save() }")
        #expect(factory.descriptions == ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"])
    }

    @Test func aPropertysOwnInitialConstructionOnAKnownInstance() {
        // `KeyPairSettings()` gives `privateKey` no argument: the property's own initial value,
        // a construction of its own, is what it holds; the public key's construction is not.
        let source = """
            final class KeySettings {
                let protection: CFString
                init(protection: CFString) { self.protection = protection }
            }
            final class KeyPairSettings {
                let publicKey = KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly)
                let privateKey = KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly)
            }
            final class KeyMaker {
                private let settings: KeyPairSettings
                init(settings: KeyPairSettings = KeyPairSettings()) { self.settings = settings }
                func make() { probe(settings.privateKey.protection) }
            }
            """
        let resolution = resolveProbe(source)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(resolution.reasons)")
        // A `var` that no code assigns holds its initial value, as a `let` does.
        let variable = source.replacingOccurrences(of: "    let privateKey", with: "    var privateKey")
        #expect(resolveProbe(variable).descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
        // One that code assigns may hold another instance: the property is not followed per
        // instance, and every construction of `KeySettings` is a possible one, as before.
        let reassigned = resolveProbe(variable + """

            func weaken(_ settings: KeyPairSettings) { settings.privateKey = settings.publicKey }
            """)
        #expect(reassigned.descriptions.contains("kSecAttrAccessibleAlwaysThisDeviceOnly"), "\(reassigned.descriptions)")
    }

    @Test func anElementOfATupleOfConstructions() {
        // A stored tuple of two constructions: `pair.privateKey` is the second, by label or by
        // position; the public key's `kSecAttrAccessibleAlwaysThisDeviceOnly` is not its value.
        let source = """
            struct KeySettings {
                let protection: CFString
            }
            final class KeyMaker {
                let pair = (publicKey: KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly),
                            privateKey: KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly))
                func make() { probe(pair.privateKey.protection) }
            }
            """
        let resolution = resolveProbe(source)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(resolution.reasons)")
        #expect(resolveProbe(source.replacingOccurrences(of: "pair.privateKey.protection", with: "self.pair.1.protection")).descriptions
            == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
        // A local `let` holding the tuple, and the other element.
        let local = """
            struct KeySettings {
                let protection: CFString
            }
            func make() {
                let pair = (KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly), KeySettings(protection: kSecAttrAccessibleWhenUnlocked))
                probe(pair.0.protection)
            }
            """
        #expect(resolveProbe(local).descriptions == ["kSecAttrAccessibleAlwaysThisDeviceOnly"])
        // A `var` that code assigns may hold another tuple: not followed per element.
        let assigned = resolveProbe(source.replacingOccurrences(of: "    let pair", with: "    var pair") + """

            func swap(_ maker: KeyMaker) { maker.pair = (maker.pair.1, maker.pair.0) }
            """)
        #expect(assigned.descriptions != ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(assigned.descriptions)")
    }

    @Test func theConstructionAnEnumCasesComputedPropertyReturns() {
        // `KeyRole.privateKey.settings`: the getter's `switch self` returns a construction per
        // case; the private key's is read, not the public key's.
        let source = """
            struct KeySettings {
                let protection: CFString
            }
            enum KeyRole {
                case publicKey, privateKey, backupKey
                var settings: KeySettings {
                    switch self {
                    case .publicKey: return KeySettings(protection: kSecAttrAccessibleAlwaysThisDeviceOnly)
                    case .privateKey: return KeySettings(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly)
                    default: KeySettings(protection: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)
                    }
                }
            }
            func make() { probe(KeyRole.privateKey.settings.protection) }
            """
        let resolution = resolveProbe(source)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(resolution.reasons)")
        // A local holding the case, and a case the `default` branch answers.
        let local = source.replacingOccurrences(
            of: "func make() { probe(KeyRole.privateKey.settings.protection) }",
            with: "func make() {\n    let role = KeyRole.backupKey\n    probe(role.settings.protection)\n}")
        #expect(resolveProbe(local).descriptions == ["kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"])
        // A getter that does more than switch over self is read as before (every construction
        // of the type is a possible one).
        let other = resolveProbe(source.replacingOccurrences(of: "switch self {", with: "let chosen = self\n        switch chosen {"))
        #expect(other.descriptions != ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"], "\(other.descriptions)")
    }

    @Test func aMemberwiseStructFromOutsideHoldsEachConstructionsArgument() {
        // `settings` comes from callers outside the scan; `KeyPairSettings` has no initializer of
        // its own, so `privateKey` on any instance is what a construction passes for that label.
        // The public key's `kSecAttrAccessibleAlways` is not among the private key's values.
        let pair = """
            public struct KeyAccess {
                public let protection: CFString
                public let flags: SecAccessControlCreateFlags
            }
            public struct KeyPairSettings {
                public let publicKey: KeyAccess
                public let privateKey: KeyAccess
                public static let standard = KeyPairSettings(
                    publicKey: KeyAccess(protection: kSecAttrAccessibleAlways, flags: []),
                    privateKey: KeyAccess(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: [.userPresence, .privateKeyUsage]))
            }
            public func make(settings: KeyPairSettings) { probe(settings.privateKey.protection) }
            """
        let resolution = resolveProbe(pair)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        #expect(resolution.trace(of: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly") == [
            "`KeyPairSettings.privateKey`", "argument `privateKey` of the call", "`KeyAccess.protection`", "argument `protection` of the call",
        ])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
        // A construction whose argument is not itself one (a parameter no caller binds): the
        // instances are not all known, so no value is chosen, and the gap says so.
        let unknown = resolveProbe(pair + "\nfunc other(access: KeyAccess) -> KeyPairSettings { KeyPairSettings(publicKey: access, privateKey: access) }")
        #expect(unknown.descriptions.isEmpty)
        #expect(!unknown.gaps.isEmpty)
    }

    @Test func aCallerPassingAnUnknownValueKeepsTheOtherInstancesApart() {
        // One caller passes a value the resolver cannot trace to a construction: the property is
        // followed as it was before, not from the other callers' constructions alone.
        let resolution = resolveProbe(
            Self.options + """

                func save(options: StoreOptions) { probe(options.accessibility) }
                func a() { save(options: Presets.strict) }
                func b(loaded: StoreOptions) { save(options: loaded) }
                """)
        #expect(resolution.descriptions.isEmpty)
        #expect(resolution.reasons == ["`accessibility` has no value the resolver can see"])
    }

    private static let nestedKeyPair = """
        struct KeyAttributes {
            let protection: CFString
            let flags: SecAccessControlCreateFlags
        }
        final class KeyPairConfig {
            let publicKey: KeyAttributes
            let privateKey: KeyAttributes
            init(publicKey: KeyAttributes, privateKey: KeyAttributes) {
                self.publicKey = publicKey
                self.privateKey = privateKey
            }
        }
        enum Defaults {
            static let signing = KeyPairConfig(
                publicKey: KeyAttributes(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                privateKey: KeyAttributes(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: .biometryCurrentSet))
        }
        """

    @Test func aPropertyChainReadsEachLevelsConstruction() {
        let resolution = resolveProbe(
            Self.nestedKeyPair + """

                func makePrivate(config: KeyPairConfig) { probe(config.privateKey.flags) }
                func run() { makePrivate(config: Defaults.signing) }
                """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == [
            "argument `config` of the call", "argument `privateKey` of the call", "`KeyAttributes.flags`", "argument `flags` of the call",
        ])
        let publicSide = resolveProbe(Self.nestedKeyPair + "\nfunc f() { probe(Defaults.signing.publicKey.protection) }")
        #expect(publicSide.descriptions == ["kSecAttrAccessibleAlwaysThisDeviceOnly"])
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

    // MARK: Memberwise initializers and constants holding an instance

    private static let keyPair = """
        struct KeyConfig {
            let label: String
            let access: SecAccessControlCreateFlags
            var protection: CFString = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        }
        enum KeyPairConfig {
            static let publicKey = KeyConfig(label: "public", access: [], protection: kSecAttrAccessibleAlways)
            static let privateKey = KeyConfig(label: "private", access: [.privateKeyUsage, .biometryAny])
        }
        """

    @Test func aMemberwiseInitializerKeepsEachInstancesArgument() {
        let resolution = resolveProbe(
            Self.keyPair + """

                func f() {
                    let strong = KeyConfig(label: "a", access: .biometryCurrentSet)
                    let weak = KeyConfig(label: "b", access: .biometryAny)
                    probe(strong.access)
                }
                """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`KeyConfig.access`", "argument `access` of the call"])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test func twoStaticConfigurationsOfOneTypeAreNotConflated() {
        let resolution = resolveProbe(Self.keyPair + "\nfunc f() { probe(KeyPairConfig.privateKey.access) }")
        #expect(resolution.descriptions == ["[.privateKeyUsage, .biometryAny]"], "\(resolution.reasons)")
        let publicKey = resolveProbe(Self.keyPair + "\nfunc f() { probe(KeyPairConfig.publicKey.protection) }")
        #expect(publicKey.descriptions == ["kSecAttrAccessibleAlways"])
    }

    @Test func aMemberwiseDefaultLeftOutIsTheDefault() {
        let resolution = resolveProbe(Self.keyPair + "\nfunc f() { probe(KeyPairConfig.privateKey.protection) }")
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
        #expect(resolution.trace(of: "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly") == ["`KeyConfig.protection`", "default of `protection`"])
    }

    @Test func aConstantOfTheEnclosingTypeAndAGlobalConstant() {
        let inside = resolveProbe(Self.keyPair + """

            extension KeyPairConfig {
                static func make() { probe(privateKey.access) }
            }
            """)
        #expect(inside.descriptions == ["[.privateKeyUsage, .biometryAny]"], "\(inside.reasons)")
        let global = resolveProbe(Self.keyPair + """

            let sharedConfig = KeyConfig(label: "shared", access: .userPresence)
            func f() { probe(sharedConfig.access) }
            """)
        #expect(global.descriptions == [".userPresence"], "\(global.reasons)")
    }

    @Test func aConstructionInAnotherFile() {
        let resolution = resolveProbe([
            "Config.swift": Self.keyPair,
            "Use.swift": "func f() { probe(KeyPairConfig.privateKey.access) }",
        ])
        #expect(resolution.descriptions == ["[.privateKeyUsage, .biometryAny]"], "\(resolution.reasons)")
    }

    @Test func aStructWithItsOwnInitializerIsNotReadAsMemberwise() {
        let resolution = resolveProbe("""
            struct Settings {
                let access: SecAccessControlCreateFlags
                init(access: SecAccessControlCreateFlags) { self.access = .biometryCurrentSet }
            }
            func f() { probe(Settings(access: .biometryAny).access) }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"], "\(resolution.reasons)")
    }

}
