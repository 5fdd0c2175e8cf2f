//
//  KeychainConfiguration.swift
//  SecureBank
//
//  Identifiers and access-control policy shared by every Keychain store.
//

import Foundation
import Security

/// Identifiers and policies shared by every Keychain store in the app.
///
/// Every secret is bound to the biometric set enrolled when it was stored: enrolling a new
/// face or finger invalidates it, and the user signs in with the password again.
enum KeychainConfiguration {
    /// Service name of the app's generic-password items.
    static let service = "com.securebank.app"

    /// Service name of the saved logins ("Remember me"), listed by the accounts screen.
    static let loginService = "com.securebank.logins"

    /// Service name of the offline backup code, which is protected by an application password.
    static let backupService = "com.securebank.backup"

    /// Application tag of the Secure Enclave key that signs payment requests.
    static let paymentKeyTag = "com.securebank.keys.payment"

    /// Application tag of the key that binds this installation to the user's account.
    static let deviceKeyTag = "com.securebank.keys.device-binding"

    /// Application tag of the key that decrypts downloaded statements.
    static let statementKeyTag = "com.securebank.keys.statements"

    /// Account names of the generic-password items.
    enum Account {
        static let sessionToken = "session-token"
        static let deviceToken = "apns-device-token"
        static let transactionPIN = "transaction-pin"
        static let backupCode = "offline-backup-code"
        static let backupPasswordSalt = "backup-password-salt"
    }

    /// Accessibility of every item that needs the user: only while a device passcode is set,
    /// never in a backup restored onto another device, never in iCloud Keychain.
    static let protectedItemAccessibility = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly

    /// Access control of the API session token.
    ///
    /// A failed Face ID attempt (mask, gloves) does not fall back to the device passcode:
    /// the login screen offers the password instead, which creates a new token.
    static let sessionTokenAccessFlags: SecAccessControlCreateFlags = .biometryCurrentSet

    /// How long a device unlock with Touch ID also counts for a Keychain read, in seconds
    /// (Apple's sample uses 10; the maximum of five minutes is far too long for a bank).
    static let authenticationReuseDuration: TimeInterval = 10
}

/// Errors thrown by the Keychain stores.
enum KeychainError: Error, CustomStringConvertible {
    case accessControlCreationFailed(CFError?)
    case keyGenerationFailed(CFError?)
    case signingFailed(CFError?)
    case randomGenerationFailed(OSStatus)
    case applicationPasswordRejected
    case unexpectedStatus(OSStatus)
    case itemNotFound
    case invalidItemFormat

    var description: String {
        switch self {
        case .accessControlCreationFailed(let error):
            return "Could not create the access control: \(String(describing: error))"
        case .keyGenerationFailed(let error):
            return "Could not generate the key: \(String(describing: error))"
        case .signingFailed(let error):
            return "Could not sign: \(String(describing: error))"
        case .randomGenerationFailed(let status):
            return "Could not generate random bytes: \(status)"
        case .applicationPasswordRejected:
            return "The application password was rejected"
        case .unexpectedStatus(let status):
            let message = SecCopyErrorMessageString(status, nil) as String? ?? "unknown error"
            return "Keychain error \(status): \(message)"
        case .itemNotFound:
            return "The item is not in the Keychain"
        case .invalidItemFormat:
            return "The Keychain returned data in an unexpected format"
        }
    }
}
