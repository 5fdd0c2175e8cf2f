//
//  SessionTokenStore.swift
//  InsecureBank
//
//  The API session token and the push-notification device token.
//

import Foundation
import LocalAuthentication
import Security

/// Stores the API session token and the APNs device token.
final class SessionTokenStore {
    static let shared = SessionTokenStore()

    private let service = KeychainConfiguration.service

    /// Saves the session token so that the next launch can skip the password screen.
    func saveSessionToken(_ token: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenUnlocked,
            KeychainConfiguration.sessionTokenFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }

        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.sessionToken,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: Data(token.utf8),
        ]

        let status = SecItemAdd(query as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return
        case errSecDuplicateItem:
            try update(account: KeychainConfiguration.Account.sessionToken, data: Data(token.utf8))
        default:
            throw KeychainError.unexpectedStatus(status)
        }
    }

    /// Reads the session token. The context must already be evaluated, so the user
    /// is not asked twice.
    func sessionToken(context: LAContext) throws -> String {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.sessionToken,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
            kSecUseAuthenticationContext as String: context,
        ]

        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status != errSecItemNotFound else { throw KeychainError.itemNotFound }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
        guard let data = item as? Data, let token = String(data: data, encoding: .utf8) else {
            throw KeychainError.invalidItemFormat
        }
        return token
    }

    /// Saves the APNs device token. The notification service extension reads it to
    /// decrypt balance notifications, also while the phone is locked.
    func saveDeviceToken(_ deviceToken: Data) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.deviceToken,
            kSecAttrAccessible as String: kSecAttrAccessibleAlways,
            kSecValueData as String: deviceToken,
        ]

        let status = SecItemAdd(query as CFDictionary, nil)
        if status == errSecDuplicateItem {
            try update(account: KeychainConfiguration.Account.deviceToken, data: deviceToken)
        } else if status != errSecSuccess {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    /// Removes both tokens when the user logs out.
    func clear() throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
        ]
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    private func update(account: String, data: Data) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        let attributes: [String: Any] = [kSecValueData as String: data]
        let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }
}
