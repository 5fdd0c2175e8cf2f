import Foundation
import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRuleKit
@testable import KeychainLintRules
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

    static let rawBiometricRemediation =
        "Create the access control with kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly and do not set kSecAttrSynchronizable on access-controlled items."

    @Test("a wrapper's synchronized protected item is told to turn the library's switch off, not to set Security attributes the app never writes")
    func biometricItemSynchronizedThroughWrapper() throws {
        let findings = try Self.findings(["Store.swift": """
            import KeychainAccess

            final class CardStore {
                private let keychain = Keychain(service: "com.example.cards").synchronizable(true)
                func save(_ card: String) throws {
                    try Keychain(service: "com.example.cards")
                        .synchronizable(true)
                        .accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .biometryCurrentSet)
                        .set(card, key: "card")
                    try keychain.accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .biometryCurrentSet)
                        .set(card, key: "backup")
                }
            }
            """], rule: "swift.biometric_item_not_device_bound")
        let protectedBy = "`authenticationPolicy: .biometryCurrentSet` (KeychainAccess) → `.biometryCurrentSet`"
        #expect(findings.map(\.range.start.line) == [7, 10], "\(findings.map(\.message))")
        #expect(findings.map(\.message) == [
            BiometricItemNotDeviceBoundRule.wrapperSynchronizedMessage("`.synchronizable(true)` (KeychainAccess)", protectedBy: protectedBy),
            BiometricItemNotDeviceBoundRule.wrapperSynchronizedMessage("`.synchronizable(true)` (KeychainAccess)", protectedBy: protectedBy)
                + " (via `CardStore.keychain` (line 4))",
        ])
        #expect(findings.allSatisfy { $0.remediation == BiometricItemNotDeviceBoundJudgement.wrapperSynchronizedRemediation })
        #expect(findings.allSatisfy { !$0.remediation.contains("kSecAttr") })
    }

    @Test("a wrapper's accessibility that is not WhenPasscodeSetThisDeviceOnly is told to choose the library's option, in Swift and Objective-C; the raw API keeps the rule's fix")
    func biometricItemProtectionThroughWrapper() throws {
        let swift = try Self.findings(["Store.swift": """
            import KeychainAccess
            import SimpleKeychain

            let tokens = SimpleKeychain(service: "com.example.bank", accessControlFlags: .biometryCurrentSet)
            func save(_ token: String, flags: SecAccessControlCreateFlags) throws {
                try Keychain(service: "com.example.bank")
                    .accessibility(.afterFirstUnlock, authenticationPolicy: .biometryCurrentSet)
                    .set(token, key: "token")
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .biometryCurrentSet, nil)
            }
            """], rule: "swift.biometric_item_not_device_bound")
        #expect(swift.map(\.range.start.line) == [4, 7, 9], "\(swift.map(\.message))")
        #expect(swift.map(\.remediation) == [
            BiometricItemNotDeviceBoundJudgement.wrapperProtectionRemediation, BiometricItemNotDeviceBoundJudgement.wrapperProtectionRemediation,
            Self.rawBiometricRemediation,
        ])

        let objc = try Self.findings(["Store.m": """
            #import <UICKeyChainStore/UICKeyChainStore.h>
            void save(UICKeyChainStore *store) {
                [store setAccessibility:UICKeyChainStoreAccessibilityAfterFirstUnlock
                   authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
            }
            """], rule: "objc.biometric_item_not_device_bound")
        #expect(objc.map(\.range.start.line) == [3], "\(objc.map(\.message))")
        #expect(objc.first?.remediation == BiometricItemNotDeviceBoundJudgement.wrapperProtectionRemediation)
    }

    /// A library whose public setter takes a protection and a synchronizable option of its own
    /// enums; `extra` is added to the implementation.
    static func library(_ extra: String = "") -> [String: String] {
        [
            "Store.h": """
                typedef NS_ENUM(NSInteger, StoreProtection) { StoreProtectionUnlocked = 1, StoreProtectionDevice };
                typedef NS_ENUM(NSInteger, StoreSharing) { StoreSharingLocal, StoreSharingCloud };
                @interface Store : NSObject
                - (void)setProtection:(StoreProtection)protection sharing:(StoreSharing)sharing;
                - (void)save:(NSData *)token;
                @end
                """,
            "Store.m": """
                #import "Store.h"
                @implementation Store {
                    StoreProtection _protection;
                    StoreSharing _sharing;
                }
                - (void)setProtection:(StoreProtection)protection sharing:(StoreSharing)sharing {
                    _protection = protection;
                    _sharing = sharing;
                }
                - (void)save:(NSData *)token {
                    NSDictionary *accessible = @{@(StoreProtectionUnlocked): (__bridge id)kSecAttrAccessibleWhenUnlocked,
                                                 @(StoreProtectionDevice): (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly};
                    NSDictionary *synced = @{@(StoreSharingLocal): @NO, @(StoreSharingCloud): @YES};
                    NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                            (__bridge id)kSecAttrAccessible: accessible[@(_protection)],
                                            (__bridge id)kSecAttrSynchronizable: synced[@(_sharing)],
                                            (__bridge id)kSecValueData: token};
                    SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
                \(extra)
                @end
                """,
        ]
    }

    @Test("two options a library offers and no code combines: the fix is the library's, and the confidence low")
    func libraryCombination() throws {
        let offered = try Self.findings(Self.library(), rule: "objc.conflicting_accessibility_attributes")
        #expect(offered.count == 1, "\(offered.map(\.message))")
        #expect(offered.first?.remediation == LibraryOptionJudgement.remediation)
        #expect(offered.first?.confidence == .low)
        #expect(offered.first?.message.hasPrefix("A caller that chooses both options the library offers") == true)
        // The library's own code combines them: the callers in the scan decide, and the fix is the call's.
        let combined = try Self.findings(
            Self.library("+ (void)saveShared:(NSData *)token { Store *store = [Store new]; [store setProtection:StoreProtectionDevice sharing:StoreSharingCloud]; [store save:token]; }"),
            rule: "objc.conflicting_accessibility_attributes")
        #expect(combined.count == 1, "\(combined.map(\.message))")
        #expect(combined.first?.remediation == ConflictingAccessibilityAttributesJudgement.synchronizableRemediation)
        #expect(combined.first?.confidence == .medium)
    }
}
