//
//  SessionTokenStore.swift
//  SecureBank
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
            KeychainConfiguration.protectedItemAccessibility,
            KeychainConfiguration.sessionTokenAccessFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }

        // The accessibility is part of `access`; kSecAttrAccessible must not be set as well.
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.sessionToken,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: Data(token.utf8),
        ]

        let status = SecItemAdd(query as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return
        case errSecDuplicateItem:
            try update(
                account: KeychainConfiguration.Account.sessionToken,
                attributes: [
                    kSecValueData as String: Data(token.utf8),
                    kSecAttrAccessControl as String: access,
                ]
            )
        default:
            throw KeychainError.unexpectedStatus(status)
        }
    }

    /// Reads the session token. The context must already be evaluated, so the user
    /// is not asked twice; the item itself still requires the current biometric set.
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
    /// decrypt balance notifications, also while the phone is locked, so it is readable
    /// after the first unlock since boot; it never leaves this device.
    func saveDeviceToken(_ deviceToken: Data) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: KeychainConfiguration.Account.deviceToken,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: deviceToken,
        ]

        let status = SecItemAdd(query as CFDictionary, nil)
        if status == errSecDuplicateItem {
            // Also moves a token saved by an older version to the current accessibility.
            try update(
                account: KeychainConfiguration.Account.deviceToken,
                attributes: [
                    kSecValueData as String: deviceToken,
                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                ]
            )
        } else if status != errSecSuccess {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    /// Removes both tokens when the user logs out. The other items of the service (the
    /// transaction PIN) belong to the device owner and stay.
    func clear() throws {
        for account in [KeychainConfiguration.Account.sessionToken, KeychainConfiguration.Account.deviceToken] {
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
    }

    private func update(account: String, attributes: [String: Any]) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }
}
