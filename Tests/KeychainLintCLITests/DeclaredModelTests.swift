import Foundation
import Testing

/// Models of in-house wrappers declared in `.keychain-lint.yml` (`models:`, the format of the
/// built-in ones): their calls are judged like a library's, and a mistake in one is an error
/// that names the file and the key.
@Suite("scan: wrapper models declared in the configuration")
struct DeclaredModelTests {
    static let model = """
        models:
          - library: BankVault
            module: BankVault
            versions: "2.x"
            references:
              - repository: https://git.example.com/bank/vault
                commit: 1a2b3c4
                note: the team's own wrapper
            types:
              - name: SecureStore
            options:
              - name: Protection
                meaning: accessibility
                values:
                  always: kSecAttrAccessibleAlways
                  deviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            calls:
              - type: SecureStore
                name: save
                static: true
                effect: write
                arguments:
                  accessibility: {label: protection, options: Protection}
              - {type: SecureStore, name: load, static: true, effect: search}

        """

    static let app = """
        import BankVault

        func remember(token: Data) {
            SecureStore.save(token, forKey: "token", protection: .always)
            _ = SecureStore.load(forKey: "token", protection: .always)
            SecureStore.save(token, forKey: "pin", protection: .deviceOnly)
        }
        """

    @Test("a write through a declared model is judged; its search and a strong option are not")
    func declaredModelIsJudged() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", Self.model)
        try tree.write("App.swift", Self.app)
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [
            "App.swift:4:58: error: `protection: .always` (BankVault) → `kSecAttrAccessibleAlways`: readable while the device is locked (deprecated since iOS 12) [swift.weak_keychain_accessibility]"
        ], "\(run)")
        // The same model given with --config.
        try tree.write("models.yml", Self.model)
        try FileManager.default.removeItem(atPath: tree.path(".keychain-lint.yml").path)
        let explicit = try tree.run(["scan", "--no-cache", "--no-color", "--config", "models.yml"])
        #expect(findingPositions(explicit, rule: "swift.weak_keychain_accessibility") == ["App.swift:4:58"], "\(explicit)")
        // Without the model, nothing is known about SecureStore.
        let without = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(without.status == 0, "\(without)")
    }

    static let objectiveCModel = """
        models:
          - library: LegacyVault
            module: LegacyVault
            headers: [LVKeychain.h]
            versions: "1.x"
            references:
              - {repository: https://git.example.com/bank/legacy-vault, commit: 9f8e7d6}
            types:
              - {name: LVKeychain, initializers: true}
            options:
              - name: LVAccessibility
                meaning: accessibility
                values: {always: kSecAttrAccessibleAlways, whenUnlocked: kSecAttrAccessibleWhenUnlocked}
            calls:
              - type: LVKeychain
                name: setDefaultAccessibility
                selector: "setDefaultAccessibility:"
                static: true
                effect: configure
                arguments:
                  accessibility: {position: 0, security: true}
              - type: LVKeychain
                name: accessibility
                setter: true
                effect: configure
                arguments:
                  accessibility: {position: 0, options: LVAccessibility}

        """

    @Test("a declared model with an Objective-C API: its selectors and properties in .m files, its Swift names in .swift files")
    func declaredObjectiveCModel() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", Self.objectiveCModel)
        try tree.write("Launch.m", """
            #import <LegacyVault/LVKeychain.h>

            void launch(LVKeychain *vault) {
                [LVKeychain setDefaultAccessibility:kSecAttrAccessibleAlways];
                vault.accessibility = LVAccessibilityAlways;
                vault.accessibility = LVAccessibilityWhenUnlocked;
            }
            """)
        try tree.write("Other.m", """
            void other(LVKeychain *vault) {
                vault.accessibility = LVAccessibilityAlways;
            }
            """)
        try tree.write("Launch.swift", """
            import LegacyVault

            func launch(_ vault: LVKeychain) {
                LVKeychain.setDefaultAccessibility(kSecAttrAccessibleAlways)
                vault.accessibility = .always
            }
            """)
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [
            "Launch.m:4:41: error: `setDefaultAccessibility:kSecAttrAccessibleAlways` (LegacyVault) → `kSecAttrAccessibleAlways`: readable while the device is locked (deprecated since iOS 12) [objc.weak_keychain_accessibility]",
            "Launch.m:5:27: error: `accessibility = LVAccessibilityAlways` (LegacyVault) → `kSecAttrAccessibleAlways`: readable while the device is locked (deprecated since iOS 12) [objc.weak_keychain_accessibility]",
            "Launch.swift:4:40: error: `.setDefaultAccessibility(kSecAttrAccessibleAlways)` (LegacyVault) → `kSecAttrAccessibleAlways`: readable while the device is locked (deprecated since iOS 12) [swift.weak_keychain_accessibility]",
            "Launch.swift:5:27: error: `accessibility = .always` (LegacyVault) → `kSecAttrAccessibleAlways`: readable while the device is locked (deprecated since iOS 12) [swift.weak_keychain_accessibility]",
        ], "\(run)")
    }

    @Test("a declared model applies in its own module's files, which call the wrapper without an import, and with the wrapper's source in the scan")
    func declaredModelInItsOwnModule() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", Self.model)
        try tree.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Bank", targets: [
                .target(name: "BankVault"),
                .target(name: "Teller"),
            ])
            """)
        try tree.write("Sources/BankVault/SecureStore.swift", """
            import Foundation

            public enum Protection { case always, deviceOnly }

            public enum SecureStore {
                public static func save(_ data: Data, forKey key: String, protection: Protection) { write(data, key, protection) }
                public static func load(forKey key: String, protection: Protection) -> Data? { read(key, protection) }
            }
            """)
        try tree.write("Sources/BankVault/Session.swift", """
            import Foundation

            func rememberSession(_ token: Data) {
                SecureStore.save(token, forKey: "session", protection: .always)
            }
            """)
        // Another module of the scan that neither imports BankVault nor is it: its own
        // `SecureStore` is not the wrapper.
        try tree.write("Sources/Teller/Drawer.swift", """
            import Foundation

            enum SecureStore {
                static func save(_ data: Data, forKey key: String, protection: Int) {}
            }

            func close(_ token: Data) {
                SecureStore.save(token, forKey: "drawer", protection: .always)
            }
            """)
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(run.status == 1, "\(run)")
        #expect(findingPositions(run, rule: "swift.weak_keychain_accessibility") == ["Sources/BankVault/Session.swift:4:60"], "\(run)")
    }

    @Test("a mistake in a declared model is an error naming the file and the key", arguments: [
        ("models:\n  - library: X\n", ".keychain-lint.yml: models[0]: missing key 'module'"),
        ("models: BankVault\n", ".keychain-lint.yml: models: expected a list of wrapper models"),
        (model.replacingOccurrences(of: "options: Protection}", with: "options: Level}"),
         ".keychain-lint.yml: models[0].calls[0].arguments.accessibility.options: unknown option set 'Level'"),
    ])
    func declaredModelErrors(_ text: String, _ message: String) throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write(".keychain-lint.yml", text)
        try tree.write("App.swift", Self.app)
        let run = try tree.run(["scan", "--no-cache", "--no-color"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
    }
}
