//
//  CardStore.swift
//  SecureBank
//
//  Card data for the wallet screen, the card-signing key and the card list.
//

import Foundation
import LocalAuthentication
import Security

/// Stores payment-card secrets and the key that signs card transactions.
final class CardStore {
    private let cardService = "com.securebank.cards"

    /// Card secrets need the biometry enrolled when they were stored; no passcode fallback.
    private static let cardSecretFlags: SecAccessControlCreateFlags = .biometryCurrentSet

    func saveCardSecret(_ secret: Data, account: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            Self.cardSecretFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: cardService,
            kSecAttrAccount as String: account,
            kSecAttrAccessControl as String: access,
            kSecValueData as String: secret,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }

    /// The card-signing key lives in the Secure Enclave and needs the user for every signature.
    func createCardSigningKey() throws -> SecKey {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            [.biometryCurrentSet, .privateKeyUsage],
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
            kSecPrivateKeyAttrs as String: [
                kSecAttrIsPermanent as String: true,
                kSecAttrApplicationTag as String: Data("com.securebank.keys.card".utf8),
                kSecAttrAccessControl as String: access,
            ] as [String: Any],
        ]
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw KeychainError.keyGenerationFailed(error?.takeRetainedValue())
        }
        return key
    }

    /// The wallet screen lists cards without unlocking any: protected items are skipped.
    func cardAccounts() throws -> [String] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: cardService,
            kSecMatchLimit as String: kSecMatchLimitAll,
            kSecReturnData as String: true,
            kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip,
        ]
        var items: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &items)
        if status == errSecItemNotFound { return [] }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
        return (items as? [Data] ?? []).compactMap { String(data: $0, encoding: .utf8) }
    }
}
