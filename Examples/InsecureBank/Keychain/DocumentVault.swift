//
//  DocumentVault.swift
//  InsecureBank
//
//  Keys of downloaded statements and scanned cheques.
//

import Foundation
import Security

/// Stores the symmetric keys of downloaded documents as generic-password items.
///
/// The documents themselves are AES-GCM files in Application Support; without their key
/// from the Keychain they are useless.
final class DocumentVault {
    private let service = "com.insecurebank.documents"

    /// Stores the key of a downloaded statement.
    ///
    /// - Parameter allowPasscodeFallback: The "Allow passcode" switch in Settings.
    func storeStatementKey(_ key: Data, documentID: String, allowPasscodeFallback: Bool) throws {
        var flags: SecAccessControlCreateFlags = .biometryCurrentSet
        if allowPasscodeFallback {
            flags = .userPresence
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
        try store(key, documentID: documentID, access: access)
    }

    /// Stores the key of a document imported from InsecureBank 1.x.
    func storeImportedDocumentKey(_ key: Data, documentID: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            ProtectionLevel.legacy.accessFlags,
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

    /// Remembers which document was open, to reopen it after a relaunch.
    func rememberLastOpenedDocument(_ documentID: String) {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "last-opened",
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: Data(documentID.utf8),
        ]
        SecItemAdd(query as CFDictionary, nil)
    }

    private func store(_ key: Data, documentID: String, access: SecAccessControl) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: documentID,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: key,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }
}
