//
//  CredentialVault.swift
//  InsecureBank
//
//  The login password, the transaction PIN and the offline backup code.
//

import Foundation
import LocalAuthentication
import Security

/// Creates the access control of a protected Keychain item.
///
/// - Parameters:
///   - protection: When the item can be read at all (an accessibility constant).
///   - flags: Which user authentication a read requires.
/// - Returns: The access control, ready for `kSecAttrAccessControl`.
func makeAccessControl(
    protection: CFString = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
    flags: SecAccessControlCreateFlags = .userPresence
) throws -> SecAccessControl {
    var error: Unmanaged<CFError>?
    guard let access = SecAccessControlCreateWithFlags(nil, protection, flags, &error) else {
        throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
    }
    return access
}

/// Stores the secrets the user types in: login password, transaction PIN, backup code.
final class CredentialVault {
    static let shared = CredentialVault()

    private let service = KeychainConfiguration.service
    private let biometricFlags: SecAccessControlCreateFlags = .biometryAny

    /// Saves the login password for "Remember me".
    func saveLoginPassword(_ password: String, username: String) throws {
        let access = try makeAccessControl()
        try add(account: username, data: Data(password.utf8), access: access)
    }

    /// Saves the PIN that confirms transfers, so that Face ID can replace typing it.
    func saveTransactionPIN(_ pin: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            biometricFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try add(account: KeychainConfiguration.Account.transactionPIN, data: Data(pin.utf8), access: access)
    }

    /// Saves the offline backup code behind an app-specific password.
    func saveBackupCode(_ code: String) throws {
        let context = LAContext()
        // Replaced by the password the user picks in Settings > Backup.
        context.setCredential("1234".data(using: .utf8), type: .applicationPassword)

        let access = try makeAccessControl(flags: .applicationPassword)
        try add(
            account: KeychainConfiguration.Account.backupCode,
            data: Data(code.utf8),
            access: access,
            context: context
        )
    }

    /// Reads the offline backup code for the recovery screen.
    func loadBackupCode() throws -> String {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.backupCode,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status == errSecSuccess, let data = item as? Data, let code = String(data: data, encoding: .utf8) else {
            throw KeychainError.unexpectedStatus(status)
        }
        return code
    }

    /// Deletes the saved login password, e.g. when "Remember me" is switched off.
    func deleteLoginPassword(username: String) throws {
        try delete(account: username)
    }

    private func delete(account: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    private func add(account: String, data: Data, access: SecAccessControl, context: LAContext? = nil) throws {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: data,
        ]
        if let context {
            query[kSecUseAuthenticationContext as String] = context
        }

        var status = SecItemAdd(query as CFDictionary, nil)
        if status == errSecDuplicateItem {
            try delete(account: account)
            status = SecItemAdd(query as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }
}
