//
//  CredentialVault.swift
//  SecureBank
//
//  The login password, the transaction PIN and the offline backup code.
//

import CommonCrypto
import Foundation
import LocalAuthentication
import Security

/// Creates the access control of a protected Keychain item.
///
/// - Parameters:
///   - protection: When the item can be read at all (an accessibility constant).
///   - flags: Which user authentication a read requires.
/// - Returns: The access control, ready for `kSecAttrAccessControl`.
func makeItemAccessControl(
    protection: CFString = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
    flags: SecAccessControlCreateFlags = .biometryCurrentSet
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

    /// PBKDF2-HMAC-SHA256 rounds for the backup password.
    private static let backupPasswordRounds: UInt32 = 310_000

    private let service = KeychainConfiguration.service
    private let pinAccessFlags: SecAccessControlCreateFlags = .biometryCurrentSet

    /// Saves the login password for "Remember me".
    func saveLoginPassword(_ password: String, username: String) throws {
        let access = try makeItemAccessControl()
        try add(
            service: KeychainConfiguration.loginService,
            account: username,
            data: Data(password.utf8),
            access: access
        )
    }

    /// Saves the PIN that confirms transfers, so that Face ID can replace typing it.
    func saveTransactionPIN(_ pin: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            pinAccessFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try add(service: service, account: KeychainConfiguration.Account.transactionPIN, data: Data(pin.utf8), access: access)
    }

    /// Reads the transaction PIN; the system asks for Face ID or Touch ID through `context`.
    func transactionPIN(context: LAContext) throws -> String {
        let data = try read(service: service, account: KeychainConfiguration.Account.transactionPIN, context: context)
        guard let pin = String(data: data, encoding: .utf8) else { throw KeychainError.invalidItemFormat }
        return pin
    }

    /// Saves the offline backup code behind an application password.
    ///
    /// - Parameter backupPassword: The password the user picked in Settings > Backup. It is
    ///   never stored; the application password is derived from it with a per-install salt.
    func saveBackupCode(_ code: String, backupPassword: String) throws {
        let context = try applicationPasswordContext(backupPassword: backupPassword)
        let access = try makeItemAccessControl(flags: .applicationPassword)
        try add(
            service: KeychainConfiguration.backupService,
            account: KeychainConfiguration.Account.backupCode,
            data: Data(code.utf8),
            access: access,
            context: context
        )
    }

    /// Reads the offline backup code. A wrong backup password fails with errSecAuthFailed.
    func backupCode(backupPassword: String) throws -> String {
        let context = try applicationPasswordContext(backupPassword: backupPassword)
        let data = try read(
            service: KeychainConfiguration.backupService,
            account: KeychainConfiguration.Account.backupCode,
            context: context
        )
        guard let code = String(data: data, encoding: .utf8) else { throw KeychainError.invalidItemFormat }
        return code
    }

    /// Deletes the saved login password, e.g. when "Remember me" is switched off.
    func deleteLoginPassword(username: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: KeychainConfiguration.loginService,
            kSecAttrAccount as String: username,
        ]
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    // MARK: - Application password

    /// A context that carries the application password derived from what the user typed.
    /// Also used for confidential statements (`DocumentVault.storeStatementKey`).
    func applicationPasswordContext(backupPassword: String) throws -> LAContext {
        let applicationPassword = try deriveApplicationPassword(from: backupPassword)
        let context = LAContext()
        guard context.setCredential(applicationPassword, type: .applicationPassword) else {
            throw KeychainError.applicationPasswordRejected
        }
        return context
    }

    /// PBKDF2 of the user's backup password with this installation's salt.
    private func deriveApplicationPassword(from backupPassword: String) throws -> Data {
        let salt = try backupPasswordSalt()
        var derived = Data(count: 32)
        let derivedCount = derived.count
        let status = derived.withUnsafeMutableBytes { derivedBytes in
            salt.withUnsafeBytes { saltBytes in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2),
                    backupPassword,
                    backupPassword.utf8.count,
                    saltBytes.bindMemory(to: UInt8.self).baseAddress,
                    salt.count,
                    CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256),
                    Self.backupPasswordRounds,
                    derivedBytes.bindMemory(to: UInt8.self).baseAddress,
                    derivedCount
                )
            }
        }
        guard Int(status) == kCCSuccess else { throw KeychainError.unexpectedStatus(OSStatus(status)) }
        return derived
    }

    /// The random salt of this installation, created on first use. It is not a secret, but
    /// it never leaves the device, so a backup alone is not enough to guess the password.
    private func backupPasswordSalt() throws -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.backupPasswordSalt,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        switch status {
        case errSecSuccess:
            guard let salt = item as? Data else { throw KeychainError.invalidItemFormat }
            return salt
        case errSecItemNotFound:
            return try createBackupPasswordSalt()
        default:
            throw KeychainError.unexpectedStatus(status)
        }
    }

    private func createBackupPasswordSalt() throws -> Data {
        var salt = Data(count: 16)
        let saltCount = salt.count
        let randomStatus = salt.withUnsafeMutableBytes { bytes in
            SecRandomCopyBytes(kSecRandomDefault, saltCount, bytes.baseAddress!)
        }
        guard randomStatus == errSecSuccess else { throw KeychainError.randomGenerationFailed(randomStatus) }

        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.backupPasswordSalt,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            kSecValueData as String: salt,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return salt
        case errSecDuplicateItem:
            // Another thread created it first. Never replace a salt: the backup code stored
            // with the old one would become unreadable.
            return try backupPasswordSalt()
        default:
            throw KeychainError.unexpectedStatus(status)
        }
    }

    // MARK: - Keychain

    private func read(service: String, account: String, context: LAContext) throws -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
            kSecUseAuthenticationContext as String: context,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status != errSecItemNotFound else { throw KeychainError.itemNotFound }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
        guard let data = item as? Data else { throw KeychainError.invalidItemFormat }
        return data
    }

    private func add(
        service: String,
        account: String,
        data: Data,
        access: SecAccessControl,
        context: LAContext? = nil
    ) throws {
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

        let status = SecItemAdd(query as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return
        case errSecDuplicateItem:
            var match: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
            if let context {
                match[kSecUseAuthenticationContext as String] = context
            }
            let changes: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessControl as String: access,
            ]
            let updateStatus = SecItemUpdate(match as CFDictionary, changes as CFDictionary)
            guard updateStatus == errSecSuccess else { throw KeychainError.unexpectedStatus(updateStatus) }
        default:
            throw KeychainError.unexpectedStatus(status)
        }
    }
}
