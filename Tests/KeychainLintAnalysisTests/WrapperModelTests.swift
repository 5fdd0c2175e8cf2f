import Foundation
import KeychainLintAnalysis
import KeychainLintModel
import Testing
import Yams

@Suite("Wrapper models")
struct WrapperModelTests {
    @Test("Every built-in model loads and validates, with its versions and public references")
    func builtInModelsLoad() throws {
        #expect(WrapperModelCatalog.builtInErrors.map(\.description) == [])
        let models = WrapperModelCatalog.builtIn
        #expect(models.map(\.library) == [
            "KeychainAccess", "Valet", "keychain-swift", "SwiftKeychainWrapper", "SimpleKeychain", "EllipticCurveKeyPair",
            "OktaSecureStorage", "Locksmith", "A0SimpleKeychain", "SAMKeychain", "UICKeyChainStore",
        ])
        #expect(models.map(\.module) == [
            "KeychainAccess", "Valet", "KeychainSwift", "SwiftKeychainWrapper", "SimpleKeychain", "EllipticCurveKeyPair",
            "OktaSecureStorage", "Locksmith", "SimpleKeychain", "SAMKeychain", "UICKeyChainStore",
        ])
        for model in models {
            #expect(!model.versions.isEmpty, "\(model.library)")
            #expect(!model.references.isEmpty, "\(model.library)")
            #expect(model.references.allSatisfy { $0.repository.hasPrefix("https://github.com/") && $0.commit.count >= 7 }, "\(model.library)")
        }
    }

    @Test("The built-in models a scan uses are the generated values, equal to what the YAML reads as")
    func generatedModelsMatchYAML() throws {
        let loaded = WrapperModelCatalog.loadBuiltInSources()
        #expect(loaded.errors.map(\.description) == [])
        let text = WrapperModelSwiftSource.file(loaded.models)
        let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/KeychainLintModel/WrapperModels/GeneratedBuiltInModels.swift")
        if ProcessInfo.processInfo.environment["KEYCHAIN_LINT_REGENERATE_MODELS"] == "1" {
            try text.write(to: generated, atomically: true, encoding: .utf8)
            return
        }
        #expect(WrapperModelCatalog.builtIn == loaded.models, "regenerate: KEYCHAIN_LINT_REGENERATE_MODELS=1 swift test --filter WrapperModelTests")
        #expect(try String(contentsOf: generated, encoding: .utf8) == text, "regenerate: KEYCHAIN_LINT_REGENERATE_MODELS=1 swift test --filter WrapperModelTests")
    }

    @Test("The README lists every built-in model with its versions")
    func readmeListsModels() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        for model in WrapperModelCatalog.builtIn {
            #expect(readme.contains("[\(model.library)](\(model.references[0].repository)) \(model.versions)"), "\(model.library)")
        }
    }

    @Test("The built-in models state the facts the rules rely on")
    func builtInFacts() throws {
        let byLibrary = Dictionary(uniqueKeysWithValues: WrapperModelCatalog.builtIn.map { ($0.library, $0) })
        let keychainAccess = try #require(byLibrary["KeychainAccess"])
        #expect(keychainAccess.optionSet(named: "Accessibility")?.values["always"] == ["kSecAttrAccessibleAlways"])
        #expect(keychainAccess.optionSet(named: "AuthenticationPolicy")?.rawValuesAreSecurityBits == true)
        let builder = try #require(keychainAccess.calls(named: "accessibility", on: "Keychain").first)
        #expect(builder.effect == .configure && builder.returns == "Keychain")
        #expect(builder.argument(for: .accessibility)?.place == .position(0))
        #expect(builder.argument(for: .accessControlFlags)?.place == .label("authenticationPolicy"))
        #expect(keychainAccess.defaults == WrapperDefaults(accessibility: "kSecAttrAccessibleAfterFirstUnlock", synchronizable: false))

        let valet = try #require(byLibrary["Valet"])
        #expect(valet.optionSet(named: "SecureEnclaveAccessControl")?.values["biometricAny"] == ["biometryAny"])
        #expect(valet.calls(named: "valet", on: "SecureEnclaveValet").first?.isStatic == true)
        #expect(valet.defaults.accessibility == nil)

        // The same parameter is stored by `set` and only searched with by the reads.
        let wrapper = try #require(byLibrary["SwiftKeychainWrapper"])
        #expect(wrapper.calls(named: "set", on: "KeychainWrapper").first?.effect == .write)
        #expect(wrapper.calls(named: "string", on: "KeychainWrapper").first?.effect == .search)
        #expect(wrapper.calls(named: "removeObject", on: "KeychainWrapper").first?.argument(for: .accessibility) != nil)
        #expect(wrapper.type(named: "KeychainWrapper")?.sharedInstances.contains("standard") == true)

        // Security's own values (convention 6), and a Bool that means fixed flags.
        let curve = try #require(byLibrary["EllipticCurveKeyPair"])
        let accessControl = try #require(curve.calls(named: "init", on: "AccessControl").first)
        #expect(accessControl.argument(for: .accessibility)?.security == true)
        #expect(accessControl.argument(for: .accessControlFlags)?.place == .label("flags"))
        #expect(curve.calls(named: "init", on: "Config").first?.argument(for: .publicKey)?.place == .label("publicKeyAccessControl"))
        let okta = try #require(byLibrary["OktaSecureStorage"])
        let write = try #require(okta.calls(named: "set", on: "OktaSecureStorage").first)
        #expect(write.effect == .write && write.argument(for: .accessibility)?.security == true)
        #expect(write.argument(for: .accessControlFlags)?.whenTrue == ["biometryCurrentSet", "or", "devicePasscode"])
        #expect(okta.calls(named: "init", on: "OktaSecureStorage").first?.argument(for: .applicationPassword)?.place == .label("applicationPassword"))
        #expect(okta.defaults.accessibility == "kSecAttrAccessibleWhenUnlockedThisDeviceOnly")

        // A protocol the app's types adopt, and the property they implement for it.
        let locksmith = try #require(byLibrary["Locksmith"])
        let createable = try #require(locksmith.type(named: "CreateableSecureStorable"))
        #expect(createable.conformance && createable.property(for: .accessibility)?.name == "accessible")
        #expect(locksmith.optionSet(named: "LocksmithAccessibleOption")?.values["Always"] == ["kSecAttrAccessibleAlways"])
        #expect(locksmith.calls(named: "createInSecureStore", on: "CreateableSecureStorable").first?.effect == .write)

        // Properties the app assigns.
        let a0 = try #require(byLibrary["A0SimpleKeychain"])
        let useAccessControl = try #require(a0.calls(named: "useAccessControl", on: "A0SimpleKeychain").first)
        #expect(useAccessControl.isSetter && useAccessControl.argument(for: .accessControlFlags)?.whenTrue == ["userPresence"])
        #expect(a0.defaults.accessibility == "kSecAttrAccessibleAfterFirstUnlock")
    }

    static let minimal = """
        library: Store
        module: StoreKit2
        versions: "1.0"
        references: [{repository: https://github.com/example/store, commit: abc1234}]
        types: [{name: Store, initializers: true}]
        options:
          - name: Level
            meaning: accessibility
            values: {legacy: kSecAttrAccessibleAlways}
        calls:
          - {type: Store, name: init, effect: configure, returns: Store}
          - type: Store
            name: save
            effect: write
            arguments:
              accessibility: {label: level, options: Level}
        """

    @Test("A small model in the same format loads")
    func minimalModelLoads() throws {
        let model = try WrapperModelLoader.load(yaml: Self.minimal, source: "Store.yml")
        #expect(model.calls(named: "save", on: "Store").first?.argument(for: .accessibility)
            == WrapperArgument(role: .accessibility, place: .label("level"), options: "Level"))
    }

    @Test("A model inside a larger document: errors name the path from that document's root")
    func modelInsideADocument() throws {
        let indented = Self.minimal.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let document = "rules: {}\nmodels:\n  -\n" + indented.replacingOccurrences(of: "options: Level}", with: "options: Lvl}")
        let root = try #require(try Yams.compose(yaml: document))
        let models = try #require(root.mapping?["models"]?.sequence)
        #expect(throws: WrapperModelError.self) {
            try WrapperModelLoader.load(node: models[0], source: ".keychain-lint.yml", path: "models[0]")
        }
        do {
            _ = try WrapperModelLoader.load(node: models[0], source: ".keychain-lint.yml", path: "models[0]")
        } catch let error as WrapperModelError {
            #expect(error.description == ".keychain-lint.yml: models[0].calls[1].arguments.accessibility.options: unknown option set 'Lvl'")
        }
        let fixed = try Yams.compose(yaml: "models:\n  -\n" + indented)
        let model = try WrapperModelLoader.load(node: try #require(fixed?.mapping?["models"]?.sequence?[0]), source: ".keychain-lint.yml", path: "models[0]")
        #expect(model.library == "Store")
    }

    @Test(
        "Errors name the file and the key path",
        arguments: [
            ("accessibility: {label: level, options: Level}", "accessibility: {label: level, options: Foo}",
             "Store.yml: calls[1].arguments.accessibility.options: unknown option set 'Foo'"),
            ("accessibility: {label: level, options: Level}", "accessibility: {label: level, position: 1, options: Level}",
             "Store.yml: calls[1].arguments.accessibility: give exactly one of 'label' and 'position'"),
            ("accessibility: {label: level, options: Level}", "accesibility: {label: level, options: Level}",
             "Store.yml: calls[1].arguments.accesibility: unknown role 'accesibility' (expected one of: accessibility, accessControlFlags, synchronizable, applicationPassword, publicKey, privateKey)"),
            ("legacy: kSecAttrAccessibleAlways", "legacy: kSecAttrAccessibleSometimes",
             "Store.yml: options[0].values.legacy: 'kSecAttrAccessibleSometimes' is not a kSecAttrAccessible… constant"),
            ("meaning: accessibility", "meaning: accessControlFlags",
             "Store.yml: options[0].values.legacy: 'kSecAttrAccessibleAlways' is not a SecAccessControlCreateFlags name"),
            ("effect: write", "effect: store", "Store.yml: calls[1].effect: unknown effect 'store' (expected one of: configure, write, search)"),
            ("name: save", "name: save\n    returns: Vault", "Store.yml: calls[1].returns: unknown type 'Vault' (declare it under types)"),
            ("versions: \"1.0\"", "version: \"1.0\"",
             "Store.yml: version: unknown key 'version' (expected one of: library, module, versions, references, types, options, calls, defaults, headers)"),
            ("module: StoreKit2\n", "", "Store.yml: missing key 'module'"),
            ("name: save\n    effect: write", "name: save\n    setter: true\n    effect: write",
             "Store.yml: calls[1]: a setter has exactly one argument, at position 0: the assigned value"),
            ("types: [{name: Store, initializers: true}]", "types: [{name: Store, initializers: true, properties: {accessibility: {name: level, options: Level}}}]",
             "Store.yml: types[0].properties: only a type with 'conformance: true' (a protocol the app's types adopt) has properties"),
            ("types: [{name: Store, initializers: true}]", "types: [{name: Store, conformance: true, properties: {synchronizable: {name: sync, options: Level}}}]",
             "Store.yml: types[0].properties.synchronizable: unknown property role 'synchronizable' (expected one of: accessibility, accessControlFlags)"),
            ("types: [{name: Store, initializers: true}]", "types: [{name: Store, conformance: true, properties: {accessControlFlags: {name: level, options: Level}}}]",
             "Store.yml: types[0].properties.accessControlFlags.options: option set 'Level' means accessibility, not accessControlFlags"),
            ("accessibility: {label: level, options: Level}", "accessibility: {label: level}",
             "Store.yml: calls[1].arguments.accessibility: missing key 'options' (the option set this argument takes), 'security: true' (Security's own values) or 'whenTrue' (a Bool meaning fixed flags)"),
            ("accessibility: {label: level, options: Level}", "accessibility: {label: level, options: Level, security: true}",
             "Store.yml: calls[1].arguments.accessibility: give only one of 'options', 'security' and 'whenTrue'"),
            ("accessibility: {label: level, options: Level}", "accessibility: {label: level, security: false}",
             "Store.yml: calls[1].arguments.accessibility.security: 'security' can only be true (leave it out otherwise)"),
            ("accessibility: {label: level, options: Level}", "accessibility: {label: level, whenTrue: [userPresence]}",
             "Store.yml: calls[1].arguments.accessibility.whenTrue: only an accessControlFlags argument can be a Bool meaning fixed flags"),
            ("accessibility: {label: level, options: Level}", "accessControlFlags: {label: protect, whenTrue: [biometryCurrentSet, faceID]}",
             "Store.yml: calls[1].arguments.accessControlFlags.whenTrue: 'faceID' is not a SecAccessControlCreateFlags name"),
            ("accessibility: {label: level, options: Level}", "applicationPassword: {label: password, security: true}",
             "Store.yml: calls[1].arguments.applicationPassword.security: an applicationPassword argument is a String and takes no 'security'"),
            ("accessibility: {label: level, options: Level}", "synchronizable: {label: sync, whenTrue: [or]}",
             "Store.yml: calls[1].arguments.synchronizable.whenTrue: a synchronizable argument is a Bool and takes no 'whenTrue'"),
            // Objective-C: selectors and headers.
            ("name: save\n    effect: write", "name: save\n    selector: \"save:level:\"\n    effect: write",
             "Store.yml: calls: 'Store.save' names a selector: list the library's Objective-C headers under 'headers'"),
            ("module: StoreKit2\n", "module: StoreKit2\nheaders: [Store.h]\n", nil),
            ("module: StoreKit2\n", "module: StoreKit2\nheaders: [StoreKit2/Store.h]\n",
             "Store.yml: headers: 'StoreKit2/Store.h' is not a header file name (`Name.h`, without a folder)"),
        ] as [(String, String, String?)])
    func errorsNameTheKey(_ original: String, _ replacement: String, _ expected: String?) throws {
        let yaml = Self.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(yaml != Self.minimal)
        guard let expected else { return }
        #expect(throws: WrapperModelError.self) { try WrapperModelLoader.load(yaml: yaml, source: "Store.yml") }
        do {
            _ = try WrapperModelLoader.load(yaml: yaml, source: "Store.yml")
        } catch let error as WrapperModelError {
            #expect(error.description == expected)
        }
    }

    static let objectiveC = minimal.replacingOccurrences(of: "module: StoreKit2\n", with: "module: StoreKit2\nheaders: [Store.h]\n")

    @Test(
        "Selectors are checked against their arguments",
        arguments: [
            ("selector: \"save:level:\"", nil),
            ("selector: \"save:\"", "Store.yml: calls[1].selector: 'save:' has no piece 'level' (an argument placed by label is the one after that piece)"),
            ("selector: \"save:level\"", "Store.yml: calls[1].selector: 'save:level' is not an Objective-C selector (`name` or `piece:piece:`)"),
            ("selector: \"save::\"", "Store.yml: calls[1].selector: 'save::' is not an Objective-C selector (`name` or `piece:piece:`)"),
        ] as [(String, String?)])
    func selectorsAreChecked(_ selector: String, _ expected: String?) throws {
        let yaml = Self.objectiveC.replacingOccurrences(of: "name: save\n    effect: write", with: "name: save\n    \(selector)\n    effect: write")
        #expect(yaml != Self.objectiveC)
        guard let expected else {
            let model = try WrapperModelLoader.load(yaml: yaml, source: "Store.yml")
            #expect(model.headers == ["Store.h"])
            #expect(model.calls(selector: "save:level:", on: "Store").map(\.name) == ["save"])
            #expect(model.isDeclared(byHeader: "StoreKit2/Store.h") && model.isDeclared(byHeader: "Store.h") && !model.isDeclared(byHeader: "Storefront.h"))
            return
        }
        do {
            _ = try WrapperModelLoader.load(yaml: yaml, source: "Store.yml")
            Issue.record("expected \(expected)")
        } catch let error as WrapperModelError {
            #expect(error.description == expected)
        }
    }

    @Test("Objective-C spells an option as the enumeration's name and the capitalised case")
    func objectiveCSpelling() {
        #expect(WrapperModel.objectiveCSpelling(of: "always", in: "UICKeyChainStoreAccessibility") == "UICKeyChainStoreAccessibilityAlways")
        #expect(WrapperModel.objectiveCSpelling(of: "touchIDAny", in: "UICKeyChainStoreAuthenticationPolicy") == "UICKeyChainStoreAuthenticationPolicyTouchIDAny")
    }
}
