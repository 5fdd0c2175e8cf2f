import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintCore
import KeychainLintEngine
import KeychainLintRules
import Testing

/// How wrapper library calls are recognised, beyond the rules' examples: the ways a file imports
/// a library, instances whose value cannot be followed but whose declared type is written, and
/// app types that shadow or extend the library's. Each case runs one rule over its files; ↓ marks
/// where a finding is expected (the message is checked by the rules' examples).
@Suite("Wrapper call recognition")
struct WrapperRecognitionTests {
    static let accessibility = "swift.weak_keychain_accessibility"

    struct Case: CustomTestStringConvertible, Sendable {
        let title: String
        let files: [String: String]
        var testDescription: String { title }
    }

    static let cases: [Case] = [
        Case(title: "imported inside #if canImport", files: ["A.swift": """
            #if canImport(KeychainAccess)
            import KeychainAccess
            #endif
            let keychain = Keychain(service: "bank").accessibility(↓.always)
            """]),
        Case(title: "imported as a single declaration, and @testable", files: [
            "A.swift": """
                import struct KeychainAccess.Keychain
                let keychain = Keychain(service: "bank").accessibility(↓.alwaysThisDeviceOnly)
                """,
            "B.swift": """
                @testable import KeychainSwift
                func save() { KeychainSwift(keyPrefix: "bank_").set("t", forKey: "k", withAccess: ↓.accessibleAlways) }
                """,
        ]),
        Case(title: "a stored property whose declared type is the library's, set from an initializer parameter", files: ["A.swift": """
            import KeychainAccess
            final class Store {
                private let keychain: Keychain
                init(keychain: Keychain) { self.keychain = keychain }
                func save(_ token: String) throws { try keychain.accessibility(↓.always).set(token, key: "token") }
            }
            """]),
        Case(title: "an optional parameter of the library's type", files: ["A.swift": """
            import SwiftKeychainWrapper
            func save(_ token: String, in wrapper: KeychainWrapper?) {
                wrapper?.set(token, forKey: "token", withAccessibility: ↓.alwaysThisDeviceOnly)
            }
            """]),
        Case(title: "an app's static property holding a configured instance, in another file", files: [
            "AppKeychain.swift": """
                import KeychainSwift
                enum AppKeychain { static let shared = KeychainSwift(keyPrefix: "bank_") }
                """,
            "Session.swift": """
                import KeychainSwift
                func save(_ token: String) { AppKeychain.shared.set(token, forKey: "token", withAccess: ↓.accessibleAlways) }
                """,
        ]),
        Case(title: "an app extension of the library type does not shadow it", files: ["A.swift": """
            import KeychainAccess
            extension Keychain {
                static let bank = Keychain(service: "bank").accessibility(↓.always)
            }
            func save(_ token: String) throws { try Keychain.bank.set(token, key: "token") }
            """]),
        Case(title: "an app type of the library type's name, declared in another file, shadows it", files: [
            "Keychain.swift": """
                enum Level { case always }
                final class Keychain {
                    init(service: String) {}
                    func accessibility(_ level: Level) -> Keychain { self }
                }
                """,
            "Store.swift": """
                import KeychainAccess
                let keychain = Keychain(service: "bank").accessibility(.always)
                """,
        ]),
        Case(title: "Locksmith: the conformance declared in an extension in another file, the property in the type, a parameter of the type", files: [
            "Token.swift": """
                import Locksmith
                struct Token: GenericPasswordSecureStorable {
                    let service = "bank"
                    let account = "token"
                    var accessible: LocksmithAccessibleOption? {
                        if legacy { return .always }
                        return .whenUnlockedThisDeviceOnly
                    }
                    var legacy: Bool { true }
                }
                """,
            "Token+Store.swift": """
                import Locksmith
                extension Token: CreateableSecureStorable {}
                func store(_ token: Token) throws { try ↓token.createInSecureStore() }
                """,
        ]),
        Case(title: "Locksmith: a type of the same name in a module that does not adopt the protocol", files: ["A.swift": """
            import Locksmith
            struct Token: ReadableSecureStorable, GenericPasswordSecureStorable {
                let service = "bank"
                let account = "token"
                var accessible: LocksmithAccessibleOption? { .always }
                func createInSecureStore() throws {}
            }
            func store(_ token: Token) throws { try token.createInSecureStore() }
            """]),
        Case(title: "EllipticCurveKeyPair: an access control given straight to publicKeyAccessControl is still reported", files: ["A.swift": """
            import EllipticCurveKeyPair
            let config = EllipticCurveKeyPair.Config(
                publicLabel: "p", privateLabel: "s", operationPrompt: nil,
                publicKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: ↓kSecAttrAccessibleAlways, flags: []),
                privateKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage]),
                token: .secureEnclave)
            """]),
        Case(title: "SimpleKeychain 0.x: an instance stored in a property, assigned in a method", files: ["A.swift": """
            import SimpleKeychain
            final class Store {
                let keychain: A0SimpleKeychain
                init() { keychain = A0SimpleKeychain(service: "bank") }
                func configure() { keychain.defaultAccessiblity = ↓.alwaysThisDeviceOnly }
            }
            """]),
        Case(title: "a library method on a value of an unknown type is not a match", files: ["A.swift": """
            import SwiftKeychainWrapper
            func save(_ token: String, store: AnyObject) {
                let settings = UserDefaults.standard
                settings.set(token, forKey: "token", withAccessibility: .always)
                makeStore().set(token, forKey: "token", withAccessibility: .always)
            }
            """]),
    ]

    /// A copy of a library's source in the app, recognised by its declarations' shape (and a
    /// look-alike that is not), and Objective-C files' calls of the Objective-C libraries.
    static let copiesAndObjectiveC: [Case] = [
        Case(title: "a copy of KeychainAccess: a builder chain on the copied Keychain", files: [
            "Vendor/KeychainAccess/Keychain.swift": """
                import Foundation
                public enum Accessibility {
                    case whenUnlocked, afterFirstUnlock, always, whenPasscodeSetThisDeviceOnly
                    case whenUnlockedThisDeviceOnly, afterFirstUnlockThisDeviceOnly, alwaysThisDeviceOnly
                }
                public struct AuthenticationPolicy: OptionSet {
                    public let rawValue: UInt
                    public init(rawValue: UInt) { self.rawValue = rawValue }
                    public static let userPresence = AuthenticationPolicy(rawValue: 1 << 0)
                }
                public final class Keychain {
                    public init(service: String) {}
                    public func accessibility(_ accessibility: Accessibility) -> Keychain { self }
                    public func accessibility(_ accessibility: Accessibility, authenticationPolicy: AuthenticationPolicy) -> Keychain {
                        self.accessibility(.always)
                    }
                    public func synchronizable(_ synchronizable: Bool) -> Keychain { self }
                    public func set(_ value: String, key: String) throws {}
                }
                """,
            "Store.swift": """
                func save(_ token: String) throws {
                    try Keychain(service: "bank").accessibility(↓.always).set(token, key: "token")
                }
                """,
        ]),
        Case(title: "an app's own Keychain with an Accessibility of other cases is not KeychainAccess", files: [
            "Keychain.swift": """
                enum Accessibility { case always, never }
                final class Keychain {
                    init(service: String) {}
                    func accessibility(_ accessibility: Accessibility) -> Keychain { self }
                    func accessibility(_ accessibility: Accessibility, authenticationPolicy: Int) -> Keychain { self }
                    func synchronizable(_ synchronizable: Bool) -> Keychain { self }
                }
                """,
            "Store.swift": """
                func save() { _ = Keychain(service: "bank").accessibility(.always) }
                """,
        ]),
        Case(title: "Objective-C: an instance held by a property, a module import, a header in a folder", files: [
            "Vault.m": """
                @import UICKeyChainStore;

                @interface Vault : NSObject
                @property (nonatomic, strong) UICKeyChainStore *store;
                @end

                @implementation Vault
                - (void)configure {
                    self.store = [UICKeyChainStore keyChainStoreWithService:@"bank"];
                    self.store.accessibility = ↓UICKeyChainStoreAccessibilityAlways;
                    [self.store setAccessibility:↓UICKeyChainStoreAccessibilityAlwaysThisDeviceOnly];
                }
                @end
                """,
            "Launch.m": """
                #include "Pods/SAMKeychain/Sources/SAMKeychain.h"

                void launch(void) {
                    [SAMKeychain setAccessibilityType:↓(__bridge CFTypeRef)@"dku"];
                    [SAMKeychain setAccessibilityType:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly];
                }
                """,
        ]),
        Case(title: "Objective-C: a receiver of unknown class, an instance method sent to the class, a file without the header", files: [
            "Vault.m": """
                #import "UICKeyChainStore.h"

                void configure(id store, NSObject *other) {
                    [store setAccessibility:UICKeyChainStoreAccessibilityAlways];
                    [UICKeyChainStore setAccessibility:UICKeyChainStoreAccessibilityAlways authenticationPolicy:0];
                    [other setAccessibility:UICKeyChainStoreAccessibilityAlways];
                }
                """,
            "Launch.m": """
                #import "Keychain.h"

                void launch(void) {
                    [SAMKeychain setAccessibilityType:kSecAttrAccessibleAlways];
                }
                """,
        ]),
        Case(title: "Swift: a prefixed copy of SAMKeychain is the library where a bridging header above the file imports it, not where none does", files: [
            "Shared/XYZKeychain.h": """
                @interface XYZKeychain : NSObject
                + (NSString *)passwordForService:(NSString *)service account:(NSString *)account;
                + (NSData *)passwordDataForService:(NSString *)service account:(NSString *)account;
                + (BOOL)deletePasswordForService:(NSString *)service account:(NSString *)account;
                + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                + (BOOL)setPasswordData:(NSData *)password forService:(NSString *)service account:(NSString *)account;
                + (NSArray *)allAccounts;
                + (NSArray *)accountsForService:(NSString *)service;
                + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                @end
                """,
            "App/App-Bridging-Header.h": """
                #import "XYZKeychain.h"
                """,
            "App/Launch.swift": """
                func launch() {
                    XYZKeychain.setAccessibilityType(↓kSecAttrAccessibleAlways)
                }
                """,
            "Widget/Widget-Bridging-Header.h": """
                #import "Analytics.h"
                """,
            "Widget/Refresh.swift": """
                func refresh() {
                    XYZKeychain.setAccessibilityType(kSecAttrAccessibleAlways)
                }
                """,
        ]),
        Case(title: "Objective-C: a prefixed copy of SAMKeychain is the library where sent to by name, not in its own source, and a copy short of a method is not", files: [
            "Kit/XYZKeychain.h": """
                @interface XYZKeychain : NSObject
                + (NSString *)passwordForService:(NSString *)service account:(NSString *)account;
                + (NSData *)passwordDataForService:(NSString *)service account:(NSString *)account;
                + (BOOL)deletePasswordForService:(NSString *)service account:(NSString *)account;
                + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                + (BOOL)setPasswordData:(NSData *)password forService:(NSString *)service account:(NSString *)account;
                + (NSArray *)allAccounts;
                + (NSArray *)accountsForService:(NSString *)service;
                + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                @end
                """,
            "Kit/XYZKeychain.m": """
                #import "XYZKeychain.h"
                @implementation XYZKeychain
                + (void)resetForTests {
                    [XYZKeychain setAccessibilityType:kSecAttrAccessibleAlways];
                }
                @end
                """,
            "Kit/OldKeychain.h": """
                @interface OldKeychain : NSObject
                + (NSString *)passwordForService:(NSString *)service account:(NSString *)account;
                + (BOOL)setPassword:(NSString *)password forService:(NSString *)service account:(NSString *)account;
                + (void)setAccessibilityType:(CFTypeRef)accessibilityType;
                @end
                """,
            "Launch.m": """
                #import "XYZKeychain.h"
                #import "OldKeychain.h"

                void launch(void) {
                    [XYZKeychain setAccessibilityType:↓kSecAttrAccessibleAlwaysThisDeviceOnly];
                    [OldKeychain setAccessibilityType:kSecAttrAccessibleAlways];
                }
                """,
        ]),
    ]

    @Test(arguments: copiesAndObjectiveC)
    func recognisesCopiesAndObjectiveC(_ testCase: Case) throws {
        let example = RuleExample.triggering(testCase.title, files: testCase.files, messages: [])
        let expected = example.markerPositions.map { "\($0.file):\($0.line):\($0.column)" }
        var reported: [String] = []
        for rule in [Self.accessibility, "objc.weak_keychain_accessibility"] {
            reported += try run(rule, on: example).map { "\($0.file):\($0.line):\($0.column)" }
        }
        #expect(reported.sorted() == expected.sorted())
    }

    @Test(arguments: cases)
    func recognises(_ testCase: Case) throws {
        let example = RuleExample.triggering(testCase.title, files: testCase.files, messages: [])
        let expected = example.markerPositions.map { "\($0.file):\($0.line):\($0.column)" }
        let reported = try run(Self.accessibility, on: example).map { "\($0.file):\($0.line):\($0.column)" }
        #expect(reported == expected)
    }

    @Test("EllipticCurveKeyPair: Always on the public key (no secret) is low, on the private key high")
    func publicKeyIsLow() throws {
        let source = """
            import EllipticCurveKeyPair
            let publicAccess = EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleAlways, flags: [])
            let config = EllipticCurveKeyPair.Config(
                publicLabel: "p", privateLabel: "s", operationPrompt: nil,
                publicKeyAccessControl: publicAccess,
                privateKeyAccessControl: EllipticCurveKeyPair.AccessControl(protection: kSecAttrAccessibleAlways, flags: .privateKeyUsage),
                token: .secureEnclave)
            """
        let type = try #require(RuleRegistry.rule(id: Self.accessibility))
        let scanner = try Scanner(configuration: Configuration(), ruleTypes: [type])
        let findings = scanner.scan(sources: [ProjectIndex.Input(path: "A.swift", text: source)], projectFiles: []).findings
        #expect(findings.map { "\($0.range.start.line):\($0.severity)" } == ["2:low", "6:high"])
    }
}
