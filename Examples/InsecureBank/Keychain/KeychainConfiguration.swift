//
//  KeychainConfiguration.swift
//  InsecureBank
//
//  Identifiers and access-control policy shared by every Keychain store.
//

import Foundation
import Security

/// Identifiers and policies shared by every Keychain store in the app.
///
/// Payment keys are bound to the biometric set enrolled when they were created. Do not
/// switch them to biometryAny: a face or finger enrolled later would unlock them too.
enum KeychainConfiguration {
    /// Service name of the app's generic-password items.
    static let service = "com.insecurebank.app"

    /// Application tag of the Secure Enclave key that signs payment requests.
    static let paymentKeyTag = "com.insecurebank.keys.payment"

    /// Application tag of the key that binds this installation to the user's account.
    static let deviceKeyTag = "com.insecurebank.keys.device-binding"

    /// Application tag of the key that decrypts downloaded statements.
    static let statementKeyTag = "com.insecurebank.keys.statements"

    /// Account names of the generic-password items.
    enum Account {
        static let sessionToken = "session-token"
        static let deviceToken = "apns-device-token"
        static let transactionPIN = "transaction-pin"
        static let backupCode = "offline-backup-code"
    }

    /// Access control of the API session token.
    ///
    /// The token has to survive a failed Face ID attempt (masks, gloves), so the device
    /// passcode is accepted as well.
    static let sessionTokenFlags: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]
}

/// Errors thrown by the Keychain stores.
enum KeychainError: Error, CustomStringConvertible {
    case accessControlCreationFailed(CFError?)
    case keyGenerationFailed(CFError?)
    case unexpectedStatus(OSStatus)
    case itemNotFound
    case invalidItemFormat

    var description: String {
        switch self {
        case .accessControlCreationFailed(let error):
            return "Could not create the access control: \(String(describing: error))"
        case .keyGenerationFailed(let error):
            return "Could not generate the key: \(String(describing: error))"
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
