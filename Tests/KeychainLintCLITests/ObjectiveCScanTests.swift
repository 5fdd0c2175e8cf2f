import Foundation
import Testing

/// Objective-C files through the whole tool, as a user runs it: suppressions written in
/// Objective-C comments, the suppression check, report formats and the result cache.
@Suite("scan: Objective-C files")
struct ObjectiveCScanTests {
    static let weak = """
        SecAccessControlRef makeAccess(void) {
            // keychain-lint:disable-next-line objc.weak_biometric_acl -- migrated items are re-created on first unlock
            SecAccessControlRef kept = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                kSecAccessControlBiometryAny, NULL);
            // keychain-lint:disable-next-line objc.weak_biometric_acl
            return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlUserPresence, NULL);
        }

        """

    @Test("a directive in an Objective-C comment covers its statement; one without a reason is reported")
    func suppressions() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Vault.m", Self.weak)
        let run = try tree.run(["scan", "Vault.m"])
        #expect(run.status == 1, "\(run)")
        #expect(findingLines(run) == [
            "Vault.m:5:5: note: Suppression of objc.weak_biometric_acl has no reason: add `-- why this is safe` so reviewers can audit it [keychain_lint.invalid_suppression]",
        ], "\(run)")
        #expect(run.stdoutLines.last.map { isSummary($0, files: 1, "1 finding (1 low), 2 suppressed") } == true, "\(run)")
    }

    @Test("a check is configured and suppressed once for both languages, under any of its spellings")
    func oneCheckBothLanguages() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Vault.m", """
            SecAccessControlRef makeAccess(void) {
                // keychain-lint:disable-next-line swift.weak_biometric_acl -- migrated items are re-created on first unlock
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryAny, NULL);
            }

            """)
        try tree.write("Store.swift", """
            import Security
            func makeAccess() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
            }

            """)
        // The Swift spelling in an Objective-C comment silences the Objective-C finding.
        let suppressed = try tree.run(["scan", ".", "--no-cache"])
        #expect(findingLines(suppressed).map { $0.components(separatedBy: ": ").first! } == ["Store.swift:3:91"], "\(suppressed)")
        #expect(findingLines(suppressed).allSatisfy { $0.hasSuffix("[swift.weak_biometric_acl]") }, "\(suppressed)")
        // One setting, under any spelling, reaches both languages' rules.
        for spelling in ["objc.weak_biometric_acl", "weak_biometric_acl"] {
            try tree.write(".keychain-lint.yml", "rules:\n  \(spelling):\n    enabled: false\n")
            let disabled = try tree.run(["scan", ".", "--no-cache"])
            #expect(disabled.status == 0, "\(spelling): \(disabled)")
            #expect(findingLines(disabled).isEmpty, "\(spelling): \(disabled)")
        }
        try tree.write(".keychain-lint.yml", "rules:\n  weak_biometric_acl:\n    severity: low\n")
        let lowered = try tree.run(["scan", ".", "--no-cache"])
        #expect(findingLines(lowered).allSatisfy { $0.contains(": note: ") } && findingLines(lowered).count == 1, "\(lowered)")
    }

    @Test("JSON and SARIF carry Objective-C findings with their rule and region; the cache gives them back")
    func formatsAndCache() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Sources/Store.m", """
            void store(BOOL legacy) {
                SecAccessControlCreateFlags flags = kSecAccessControlBiometryCurrentSet;
                if (legacy) { flags = kSecAccessControlDevicePasscode; }
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, NULL);
            }

            """)
        let json = try tree.run(["scan", "--format", "json", "--cache-dir", ".cache"])
        #expect(json.status == 1, "\(json)")
        #expect(json.stdout.contains("\"ruleId\" : \"objc.passcode_fallback_acl\""), "\(json)")
        #expect(json.stdout.contains("\"file\" : \"Sources/Store.m\""), "\(json)")
        let again = try tree.run(["scan", "--format", "json", "--cache-dir", ".cache"])
        #expect(again.stdout.components(separatedBy: "\"ruleId\"").count == json.stdout.components(separatedBy: "\"ruleId\"").count, "\(again)")
        #expect(again.stdout.contains("\"ruleId\" : \"objc.passcode_fallback_acl\""), "\(again)")

        let sarif = try tree.run(["scan", "--format", "sarif", "--no-cache"])
        #expect(sarif.status == 1, "\(sarif)")
        #expect(sarif.stdout.contains("\"ruleId\" : \"objc.passcode_fallback_acl\""), "\(sarif)")
        #expect(sarif.stdout.contains("\"uri\" : \"Sources/Store.m\""), "\(sarif)")
        #expect(sarif.stdout.contains("\"startLine\" : 4"), "\(sarif)")
    }

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.vault</string>
        </dict>
        </plist>

        """

    static func biometricUse(_ name: String) -> String {
        """
        SecAccessControlRef \(name)(void) {
            return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
        }

        """
    }

    @Test("the result cache notices a deleted Objective-C file that a scan-wide judgement counted")
    func cacheSeesDeletedFile() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("App/Info.plist", Self.infoPlist)
        try tree.write("App/A.m", Self.biometricUse("first"))
        try tree.write("App/B.m", Self.biometricUse("second"))
        let before = try tree.run(["scan", "--cache-dir", ".cache"])
        #expect(before.stdout.contains("1 other place uses Face ID too [objc.missing_faceid_usage_description]"), "\(before)")
        try FileManager.default.removeItem(at: tree.path("App/B.m"))
        let after = try tree.run(["scan", "--cache-dir", ".cache"])
        #expect(after.stdout.contains("requires Face ID: the app crashes when it reads the item [objc.missing_faceid_usage_description]"), "\(after)")
        #expect(!after.stdout.contains("other place"), "\(after)")
    }

    @Test("an Objective-C finding keeps its fingerprint when unrelated lines move it")
    func fingerprintsSurviveMovedCode() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        let code = Self.biometricUse("store").replacingOccurrences(of: "kSecAccessControlBiometryCurrentSet", with: "kSecAccessControlBiometryAny")
        try tree.write("Vault.m", code)
        let before = try tree.run(["scan", "--format", "json", "--no-cache"])
        try tree.write("Vault.m", "// Vault: the app's keychain access.\n#import <Security/Security.h>\n\n" + code)
        let after = try tree.run(["scan", "--format", "json", "--no-cache"])
        func fingerprints(_ run: CLIRun) -> [String] {
            run.stdout.components(separatedBy: "\"fingerprint\" : \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(fingerprints(before).count == 1, "\(before)")
        #expect(fingerprints(before) == fingerprints(after), "\(before)\n\(after)")
        #expect(after.stdout.contains("\"line\" : 5"), "\(after)")
    }

    @Test("what the Objective-C parser steps over is said: nesting beyond its limit always, skipped code under --verbose")
    func parserLimitsAreSaid() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // Both name a Keychain call, so the prefilter lets them through.
        try tree.write("Deep.m", "void g(void) { int x = " + String(repeating: "(", count: 400) + "1" + String(repeating: ")", count: 400) + "; SecItemDelete(q); }\n")
        try tree.write("Stray.m", "void f(void) {\n    SecItemDelete(q);\n}\n} }\n")
        let plain = try tree.run(["scan", "Deep.m", "Stray.m", "--no-cache"])
        #expect(plain.stdout.contains("Deep.m:1:278: note: analysis limit: Objective-C nested more than 256 levels deep"), "\(plain)")
        #expect(!plain.stdout.contains("stepped over"), "\(plain)")
        let verbose = try tree.run(["scan", "Deep.m", "Stray.m", "--verbose"])
        #expect(verbose.stdout.contains("Stray.m:4:1: note: the Objective-C parser stepped over 2 constructs it does not read (first: unbalanced '}' at file scope)"), "\(verbose)")
    }

    @Test("generated Objective-C whose every call exhausts a question's budget ends quickly, and says the file's budget was spent")
    func fileBudget() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        var lines = [
            "static SecAccessControlCreateFlags helper(SecAccessControlCreateFlags f, int k) {",
            "  SecAccessControlCreateFlags x = f;",
        ]
        for i in 0..<300 { lines.append("  if (k == \(i)) { x = x | kSecAccessControlOr; }") }
        lines += ["  return x;", "}", "void f(void) {"]
        for i in 0..<100 {
            lines.append("  SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, helper(helper(kSecAccessControlBiometryAny, \(i)), \(i)), NULL);")
        }
        lines.append("}")
        try tree.write("Generated.m", lines.joined(separator: "\n") + "\n")
        let run = try tree.run(["scan", "Generated.m", "--no-cache"], timeout: 120)
        #expect(run.status == 0 || run.status == 1, "\(run)")
        #expect(run.stdout.contains("note: analysis limit: the file's Objective-C analysis budget (1000000 steps) was spent here"), "\(run)")
    }

    @Test("a dictionary with more possible shapes than the resolver keeps is said under --verbose, even when other shapes were judged")
    func valueBoundIsSaid() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        // Six optional keys that checks read make 64 possible dictionaries that differ in what
        // checks read, beyond the 32 kept: the bound is said. The weak accessibility, set last and
        // in a branch too, is among those judged (the shapes kept show every entry checks read).
        var lines = ["OSStatus save(int a, int b, int c, int d, int e, int f, int g, NSData *secret) {",
                     "    NSMutableDictionary *query = [NSMutableDictionary dictionary];"]
        for (condition, key) in zip(
            ["a", "b", "c", "d", "e", "f"],
            ["kSecAttrService", "kSecAttrAccount", "kSecAttrServer", "kSecAttrSynchronizable", "kSecUseDataProtectionKeychain", "kSecReturnAttributes"])
        {
            lines.append("    if (\(condition)) { query[(__bridge id)\(key)] = @\"x\"; }")
        }
        lines += ["    if (g) { query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAlways; }",
                  "    return SecItemAdd((__bridge CFDictionaryRef)query, NULL);", "}"]
        try tree.write("Wide.m", lines.joined(separator: "\n") + "\n")
        let verbose = try tree.run(["scan", "Wide.m", "--no-cache", "--verbose"])
        #expect(verbose.stdout.contains("Wide.m:9:55: error: `kSecAttrAccessibleAlways` in the query passed to SecItemAdd"), "\(verbose)")
        #expect(verbose.stdout.contains("Wide.m:10:23: note: objc.weak_keychain_accessibility: more than 32 possible values: the others are not followed"), "\(verbose)")
    }

    @Test("a constant defined in another .m is followed; two definitions with different values are said under --verbose; editing the definition invalidates the cached finding")
    func constantsOfOtherFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Keys.h", "extern CFStringRef const kTokenProtection;\n")
        try tree.write("App/Keys.m", "#import \"Keys.h\"\nCFStringRef const kTokenProtection = kSecAttrAccessibleAlways;\n")
        try tree.write("Widget/Keys.m", "#import \"Keys.h\"\nCFStringRef const kTokenProtection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly;\n")
        try tree.write("TokenStore.m", """
            #import "Keys.h"
            OSStatus SaveToken(NSData *token) {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessible: (__bridge id)kTokenProtection,
                                         (__bridge id)kSecValueData: token };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }

            """)
        let arguments = ["scan", ".", "--cache-dir", ".cache"]
        let first = try tree.run(arguments + ["--verbose"])
        #expect(findingLines(first) == [
            "TokenStore.m:4:63: error: `kSecAttrAccessibleAlways` in the query passed to SecItemAdd makes the item readable while the device is locked (deprecated since iOS 12) (via `query` (line 3) → `kTokenProtection` (Keys.m:2)) [objc.weak_keychain_accessibility]",
        ], "\(first)")
        #expect(first.stdout.contains(
            "TokenStore.m:4:76: note: `kTokenProtection` is defined in 2 files with different values (App/Keys.m:2, Widget/Keys.m:2): each is a possible value here [unresolved]"),
            "\(first)")
        let cached = try tree.run(arguments)
        #expect(findingLines(cached) == findingLines(first), "\(cached)")
        try tree.write("App/Keys.m", "#import \"Keys.h\"\nCFStringRef const kTokenProtection = kSecAttrAccessibleWhenUnlocked;\n")
        let edited = try tree.run(arguments)
        #expect(findingLines(edited).isEmpty, "\(edited)")
        #expect(edited.status == 0, "\(edited)")
    }

    @Test("an instance method a header declares has what another .m passes; editing that call, or a Swift file that may call the method, invalidates the cached finding")
    func instanceMethodCallersOfOtherFiles() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("LockPolicy.h", """
            @interface LockPolicy : NSObject
            - (instancetype)initWithOptions:(SecAccessControlCreateFlags)options;
            @end

            """)
        try tree.write("LockPolicy.m", """
            #import "LockPolicy.h"
            @implementation LockPolicy
            - (instancetype)initWithOptions:(SecAccessControlCreateFlags)options {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, options, NULL);
                return [super init];
            }
            @end

            """)
        try tree.write("Unlock.m", """
            #import "LockPolicy.h"
            void Unlock(void) { [[LockPolicy alloc] initWithOptions:kSecAccessControlBiometryAny]; }

            """)
        let arguments = ["scan", ".", "--cache-dir", ".cache"]
        let first = try tree.run(arguments)
        #expect(findingLines(first) == [
            "LockPolicy.m:4:121: error: Weak biometric access control: `kSecAccessControlBiometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via `options` passed by the call (Unlock.m:2)) [objc.weak_biometric_acl]",
        ], "\(first)")
        let cached = try tree.run(arguments)
        #expect(findingLines(cached) == findingLines(first), "\(cached)")
        try tree.write("Unlock.m", """
            #import "LockPolicy.h"
            void Unlock(void) { [[LockPolicy alloc] initWithOptions:kSecAccessControlBiometryCurrentSet]; }

            """)
        #expect(findingLines(try tree.run(arguments)).isEmpty)
        try tree.write("Unlock.m", """
            #import "LockPolicy.h"
            void Unlock(void) { [[LockPolicy alloc] initWithOptions:kSecAccessControlBiometryAny]; }

            """)
        #expect(findingLines(try tree.run(arguments)) == findingLines(first))
        // Swift code of the target may pass anything: the parameter is not followed.
        try tree.write("Session.swift", "func open() { _ = LockPolicy(options: []) }\n")
        let mixed = try tree.run(arguments + ["--verbose"])
        #expect(findingLines(mixed).isEmpty, "\(mixed)")
        #expect(mixed.stdout.contains("Swift code of the scan may call it (a header declares it): its calls are not followed"), "\(mixed)")
    }
}

/// What `--stats` says of the text prefilter: how many files it lets through, and which words
/// did it (the words decide how much of a scan is parsed).
@Suite("scan --stats: the prefilter")
struct PrefilterStatsTests {
    @Test("files passing and the words that let them through, most files first")
    func prefilterLine() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("A.swift", "import Security\nfunc a() { _ = SecItemAdd([:] as CFDictionary, nil) }\n")
        try tree.write("B.swift", "import Security\nfunc b() { _ = SecItemAdd([:] as CFDictionary, nil); _ = SecItemDelete([:] as CFDictionary) }\n")
        try tree.write("C.swift", "struct Plain { let name = \"no keychain here\" }\n")
        let run = try tree.run(["scan", ".", "--no-cache", "--stats"])
        #expect(run.stderrLines.contains("keychain-lint: prefilter: 2 of 3 files pass; files holding each word: SecItemAdd 2, SecItemDelete 1"), "\(run)")
    }

    @Test("a common word (watch) lets files through only in a scan that spells access-control flags somewhere")
    func weakWordNeedsACompanion() throws {
        let tree = try TempTree()
        defer { tree.remove() }
        try tree.write("Device.swift", "enum Device { case phone, watch }\nlet paired: Device = .watch\n")
        try tree.write("Sync.swift", "func sync(_ device: Device) -> Bool { device == .watch }\n")
        // `companion` names a flag too, but only an array beside `.watch` in the same file makes
        // it one: another file's companion app does not count.
        try tree.write("Companion.swift", "let companion = \"Watch app\"\n")
        let alone = try tree.run(["scan", ".", "--no-cache", "--stats"])
        #expect(alone.status == 0, "\(alone)")
        #expect(alone.stderrLines.contains("keychain-lint: prefilter: 0 of 3 files pass; files holding each word: watch 2"), "\(alone)")
        // A helper of flags type in another file: `.watch` passed to it is a deprecated flag.
        try tree.write("Access.swift", """
            import Security
            func makeAccess(_ flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }

            """)
        try tree.write("Sync.swift", "func sync(_ device: Device) -> Bool { device == .watch }\nlet access = makeAccess(.watch)\n")
        let together = try tree.run(["scan", ".", "--no-cache", "--stats"])
        #expect(together.stderrLines.contains { $0.hasPrefix("keychain-lint: prefilter: 3 of 4 files pass;") }, "\(together)")
        #expect(findingLines(together).contains { $0.hasPrefix("Sync.swift:2:25: ") && $0.hasSuffix("[swift.deprecated_keychain_api]") }, "\(together)")
    }
}
