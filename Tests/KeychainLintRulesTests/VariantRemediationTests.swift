import Foundation
import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRuleKit
import KeychainLintRules
import Testing

/// A finding's fix fits the variant it reports: a rule with several variants gives the one that
/// needs another fix its own, in every language and through wrapper libraries.
@Suite("Fixes that fit the variant")
struct VariantRemediationTests {
    static func findings(_ sources: [String: String], rule id: String) throws -> [Finding] {
        let type = try #require(RuleRegistry.rule(id: id))
        let scanner = try Scanner(configuration: Configuration(), ruleTypes: [type])
        return scanner.scan(
            sources: sources.sorted { $0.key < $1.key }.map { ProjectIndex.Input(path: $0.key, text: $0.value) }, projectFiles: []
        ).findings
    }

    static let bothAttributes = "Remove kSecAttrAccessible and pass the accessibility as the protection argument of SecAccessControlCreateWithFlags."

    @Test("a synchronizable ThisDeviceOnly item is told to choose, not to move its accessibility into an access control")
    func synchronizableThisDeviceOnly() throws {
        let swift = try Self.findings(["Store.swift": """
            func save(_ token: Data, access: SecAccessControl) {
                let synced: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                             kSecAttrSynchronizable as String: true,
                                             kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                                             kSecValueData as String: token]
                SecItemAdd(synced as CFDictionary, nil)
                let both: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                           kSecAttrAccessControl as String: access,
                                           kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked,
                                           kSecValueData as String: token]
                SecItemAdd(both as CFDictionary, nil)
            }
            """], rule: "swift.conflicting_accessibility_attributes")
        #expect(swift.map(\.range.start.line) == [3, 9], "\(swift.map(\.message))")
        #expect(swift.first?.remediation == ConflictingAccessibilityAttributesJudgement.synchronizableRemediation)
        #expect(swift.last?.remediation == Self.bothAttributes)

        let objc = try Self.findings(["Store.m": """
            void save(NSData *token) {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrSynchronizable: @YES,
                                         (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                                         (__bridge id)kSecValueData: token };
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """], rule: "objc.conflicting_accessibility_attributes")
        #expect(objc.map(\.range.start.line) == [3], "\(objc.map(\.message))")
        #expect(objc.first?.remediation == ConflictingAccessibilityAttributesJudgement.synchronizableRemediation)
    }

    @Test("through a wrapper library, the fix names the library's switch and options")
    func synchronizableThroughWrapper() throws {
        let findings = try Self.findings(["Store.swift": """
            import KeychainAccess

            func save(_ token: String) throws {
                try Keychain(service: "com.example")
                    .accessibility(.whenUnlockedThisDeviceOnly)
                    .synchronizable(true)
                    .set(token, key: "token")
            }
            """], rule: "swift.conflicting_accessibility_attributes")
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings.first?.remediation == ConflictingAccessibilityAttributesJudgement.wrapperSynchronizableRemediation)
    }
}
