//
//  DocumentVault.swift
//  SecureBank
//
//  Keys of downloaded statements and scanned cheques.
//

import Foundation
import LocalAuthentication
import Security

/// Stores the symmetric keys of downloaded documents as generic-password items.
///
/// The documents themselves are AES-GCM files in Application Support; without their key
/// from the Keychain they are useless.
final class DocumentVault {
    private let service = "com.securebank.documents"
    private let lastOpenedAccount = "last-opened"

    /// Stores the key of a downloaded statement.
    ///
    /// - Parameter backupPasswordContext: For statements marked "Confidential" in Settings:
    ///   a context carrying the backup password (`CredentialVault.applicationPasswordContext`).
    ///   Such a statement then needs Face ID or Touch ID *and* the backup password.
    func storeStatementKey(_ key: Data, documentID: String, backupPasswordContext: LAContext? = nil) throws {
        var flags: SecAccessControlCreateFlags = .biometryCurrentSet
        if backupPasswordContext != nil {
            flags.insert(.applicationPassword)
        }

        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            flags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try store(key, documentID: documentID, access: access, context: backupPasswordContext)
    }

    /// Stores the key of a document imported from SecureBank 1.x.
    func storeImportedDocumentKey(_ key: Data, documentID: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            ProtectionLevel.legacy.accessControlFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try store(key, documentID: documentID, access: access)
    }

    /// Stores the key of a scanned cheque until the deposit clears.
    func storeChequeImageKey(_ key: Data, documentID: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .biometryCurrentSet,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try store(key, documentID: documentID, access: access)
    }

    /// Reads the key of a document. `context` carries the prompt (`localizedReason`) and,
    /// for confidential statements, the backup password.
    func documentKey(documentID: String, context: LAContext) throws -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: documentID,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
            kSecUseAuthenticationContext as String: context,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status != errSecItemNotFound else { throw KeychainError.itemNotFound }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
        guard let key = item as? Data else { throw KeychainError.invalidItemFormat }
        return key
    }

    /// Remembers which document was open, to reopen it after a relaunch.
    func rememberLastOpenedDocument(_ documentID: String) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: lastOpenedAccount,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: Data(documentID.utf8),
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return
        case errSecDuplicateItem:
            let match: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: lastOpenedAccount,
            ]
            let changes: [String: Any] = [kSecValueData as String: Data(documentID.utf8)]
            let updateStatus = SecItemUpdate(match as CFDictionary, changes as CFDictionary)
            guard updateStatus == errSecSuccess else { throw KeychainError.unexpectedStatus(updateStatus) }
        default:
            throw KeychainError.unexpectedStatus(status)
        }
    }

    private func store(_ key: Data, documentID: String, access: SecAccessControl, context: LAContext? = nil) throws {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: documentID,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: key,
        ]
        if let context {
            query[kSecUseAuthenticationContext as String] = context
        }
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }
}
