//
//  LegacyMigration.swift
//  InsecureBank
//
//  Moves Keychain items written by InsecureBank 1.x into the 2.x layout.
//

import Foundation
import LocalAuthentication
import Security
import os

/// Moves Keychain items written by InsecureBank 1.x into the 2.x layout.
///
/// 1.x stored everything under the service "InsecureBank" and protected the login
/// password and the PIN with Touch ID. The migration runs once, on the first launch
/// after the update, and re-adds each item under the new service.
struct LegacyMigration {
    private static let completedKey = "legacyKeychainMigrationCompleted"
    private let legacyService = "InsecureBank"
    private let log = Logger(subsystem: "com.insecurebank.app", category: "migration")

    /// The flags 1.x protected its Touch ID items with.
    func defaultFlags() -> SecAccessControlCreateFlags {
        return .touchIDAny
    }

    /// Runs the migration unless it already ran.
    func migrateIfNeeded(defaults: UserDefaults = .standard) {
        guard !defaults.bool(forKey: Self.completedKey) else { return }
        log.info("Migrating 1.x items (biometryAny) to the 2.x service")
        do {
            let password = try readLegacyItem(account: "password")
            try restoreLoginPassword(password)
            let pin = try readLegacyItem(account: "pin")
            try restorePIN(pin)
            if let balance = try? readLegacyItem(account: "quick-balance") {
                try restoreQuickBalance(balance)
            }
            defaults.set(true, forKey: Self.completedKey)
        } catch KeychainError.itemNotFound {
            defaults.set(true, forKey: Self.completedKey)
        } catch {
            log.error("Legacy migration failed: \(String(describing: error), privacy: .public)")
        }
    }

    /// Reads a 1.x item; the system asks for Touch ID or Face ID.
    func readLegacyItem(account: String) throws -> Data {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: legacyService,
            kSecAttrAccount as String: account,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecReturnData as String: true,
            kSecUseOperationPrompt as String: "Unlock your saved login to finish the update",
        ]

        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status != errSecItemNotFound else { throw KeychainError.itemNotFound }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
        guard let data = item as? Data else { throw KeychainError.invalidItemFormat }
        return data
    }

    /// Re-adds the login password with the protection 1.x gave it.
    func restoreLoginPassword(_ password: Data) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            defaultFlags(),
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try add(account: "login-password", data: password, access: access)
    }

    /// Re-adds the PIN. 1.x required the Touch ID fingers enrolled at the time.
    func restorePIN(_ pin: Data) throws {
        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .touchIDCurrentSet, nil)!
        try add(account: KeychainConfiguration.Account.transactionPIN, data: pin, access: access)
    }

    /// Re-adds the "quick balance" item the 1.x widget reads, until the widget is rewritten.
    func restoreQuickBalance(_ data: Data) throws {
        var error: Unmanaged<CFError>?
        // keychain-lint:disable-next-line swift.weak_biometric_acl -- legacy migration path, removed in 3.0
        guard let access = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .userPresence,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        try add(account: "quick-balance", data: data, access: access)
    }

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
