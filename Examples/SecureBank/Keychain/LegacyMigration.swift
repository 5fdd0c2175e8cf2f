//
//  LegacyMigration.swift
//  SecureBank
//
//  Moves Keychain items written by SecureBank 1.x into the 2.x layout.
//

import Foundation
import LocalAuthentication
import Security
import os

/// Moves Keychain items written by SecureBank 1.x into the 2.x layout.
///
/// 1.x stored everything under the service "SecureBank" and protected the login
/// password and the PIN with Touch ID. The migration runs once, on the first launch
/// after the update, and re-adds each item under the new service with the 2.x protection.
struct LegacyMigration {
    private static let completedKey = "legacyKeychainMigrationCompleted"
    private let legacyService = "SecureBank"
    private let log = Logger(subsystem: "com.securebank.app", category: "migration")

    /// The flags migrated items are protected with: the biometric set enrolled today.
    func migratedItemFlags() -> SecAccessControlCreateFlags {
        return .biometryCurrentSet
    }

    /// Runs the migration unless it already ran.
    func migrateIfNeeded(defaults: UserDefaults = .standard) {
        guard !defaults.bool(forKey: Self.completedKey) else { return }
        log.info("Migrating 1.x items to the 2.x service")

        // One context for all reads: the user authenticates once, and the prompt says why.
        let context = LAContext()
        context.localizedReason = "Unlock your saved login to finish the update"
        context.touchIDAuthenticationAllowableReuseDuration = KeychainConfiguration.authenticationReuseDuration
        do {
            let password = try readLegacyItem(account: "password", context: context)
            try restoreLoginPassword(password)
            let pin = try readLegacyItem(account: "pin", context: context)
            try restorePIN(pin)
            if let balance = try? readLegacyItem(account: "quick-balance", context: context) {
                try restoreQuickBalance(balance)
            }
            try deleteLegacyItems()
            defaults.set(true, forKey: Self.completedKey)
        } catch KeychainError.itemNotFound {
            defaults.set(true, forKey: Self.completedKey)
        } catch {
            log.error("Legacy migration failed: \(String(describing: error), privacy: .public)")
        }
    }

    /// Reads a 1.x item; the system asks for Touch ID or Face ID through `context`.
    func readLegacyItem(account: String, context: LAContext) throws -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: legacyService,
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

    /// Deletes the 1.x items: their Touch ID protection accepted fingers enrolled later.
    func deleteLegacyItems() throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: legacyService,
        ]
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    /// Re-adds the login password, bound to the current biometric set.
    func restoreLoginPassword(_ password: Data) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            migratedItemFlags(),
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try add(account: "login-password", data: password, access: access)
    }

    /// Re-adds the PIN. 1.x required the Touch ID fingers enrolled at the time.
    func restorePIN(_ pin: Data) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .biometryCurrentSet,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try add(account: KeychainConfiguration.Account.transactionPIN, data: pin, access: access)
    }

    /// Re-adds the "quick balance" item the widget reads.
    ///
    /// A widget cannot show a Face ID prompt, and the rounded balance is not a credential,
    /// so the item has no access control: it is readable after the first unlock since boot
    /// and never leaves this device.
    func restoreQuickBalance(_ data: Data) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: KeychainConfiguration.service,
            kSecAttrAccount as String: "quick-balance",
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            kSecValueData as String: data,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    /// Adds a migrated item. An item that already exists was written by 2.x after the
    /// update and is newer than the 1.x copy, so it is kept (errSecDuplicateItem).
    private func add(account: String, data: Data, access: SecAccessControl) throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: KeychainConfiguration.service,
            kSecAttrAccount as String: account,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: data,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw KeychainError.unexpectedStatus(status)
        }
    }
}
