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
        #expect(models.map(\.library) == ["KeychainAccess", "Valet", "keychain-swift", "SwiftKeychainWrapper", "SimpleKeychain"])
        #expect(models.map(\.module) == ["KeychainAccess", "Valet", "KeychainSwift", "SwiftKeychainWrapper", "SimpleKeychain"])
        for model in models {
            #expect(!model.versions.isEmpty, "\(model.library)")
            #expect(!model.references.isEmpty, "\(model.library)")
            #expect(model.references.allSatisfy { $0.repository.hasPrefix("https://github.com/") && $0.commit.count >= 7 }, "\(model.library)")
        }
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

        // The same parameter is stored by `set` and only searched with by the reads (D9).
        let wrapper = try #require(byLibrary["SwiftKeychainWrapper"])
        #expect(wrapper.calls(named: "set", on: "KeychainWrapper").first?.effect == .write)
        #expect(wrapper.calls(named: "string", on: "KeychainWrapper").first?.effect == .search)
        #expect(wrapper.calls(named: "removeObject", on: "KeychainWrapper").first?.argument(for: .accessibility) != nil)
        #expect(wrapper.type(named: "KeychainWrapper")?.sharedInstances.contains("standard") == true)
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
             "Store.yml: calls[1].arguments.accesibility: unknown role 'accesibility' (expected one of: accessibility, accessControlFlags, synchronizable)"),
            ("legacy: kSecAttrAccessibleAlways", "legacy: kSecAttrAccessibleSometimes",
             "Store.yml: options[0].values.legacy: 'kSecAttrAccessibleSometimes' is not a kSecAttrAccessible… constant"),
            ("meaning: accessibility", "meaning: accessControlFlags",
             "Store.yml: options[0].values.legacy: 'kSecAttrAccessibleAlways' is not a SecAccessControlCreateFlags name"),
            ("effect: write", "effect: store", "Store.yml: calls[1].effect: unknown effect 'store' (expected one of: configure, write, search)"),
            ("name: save", "name: save\n    returns: Vault", "Store.yml: calls[1].returns: unknown type 'Vault' (declare it under types)"),
            ("versions: \"1.0\"", "version: \"1.0\"",
             "Store.yml: version: unknown key 'version' (expected one of: library, module, versions, references, types, options, calls, defaults)"),
            ("module: StoreKit2\n", "", "Store.yml: missing key 'module'"),
        ] as [(String, String, String)])
    func errorsNameTheKey(_ original: String, _ replacement: String, _ expected: String) throws {
        let yaml = Self.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(yaml != Self.minimal)
        #expect(throws: WrapperModelError.self) { try WrapperModelLoader.load(yaml: yaml, source: "Store.yml") }
        do {
            _ = try WrapperModelLoader.load(yaml: yaml, source: "Store.yml")
        } catch let error as WrapperModelError {
            #expect(error.description == expected)
        }
    }
}
