//
//  CardStore.swift
//  InsecureBank
//
//  Card data for the wallet screen, the card-signing key and the card list.
//

import Foundation
import LocalAuthentication
import Security

/// Stores payment-card secrets and the key that signs card transactions.
final class CardStore {
    private let service = "com.insecurebank.cards"

    /// The CVV is read for every online payment; the PIN screen is the fallback when Face ID fails.
    func saveCVV(_ cvv: Data, cardID: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            [.biometryCurrentSet, .or, .devicePasscode],
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "cvv-\(cardID)",
            kSecAttrAccessControl as String: access,
            kSecValueData as String: cvv,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }

    /// Card numbers: "any enrolled finger, or the current set" was meant to be lenient.
    func saveCardNumber(_ number: Data, cardID: String) throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            [.biometryAny, .biometryCurrentSet],
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: "pan-\(cardID)",
            kSecAttrAccessControl as String: access,
            kSecValueData as String: number,
        ]
        let status = SecItemAdd(query as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }

    /// The card-signing key lives in the Secure Enclave; any code running in the app may use it.
    func createCardSigningKey() throws -> SecKey {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .privateKeyUsage,
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
                kSecAttrApplicationTag as String: Data("com.insecurebank.keys.card".utf8),
                kSecAttrAccessControl as String: access,
            ] as [String: Any],
        ]
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw KeychainError.keyGenerationFailed(error?.takeRetainedValue())
        }
        return key
    }

    /// Every stored card secret, for the "wallet" screen.
    func allCardSecrets() throws -> [Data] {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecMatchLimit as String: kSecMatchLimitAll,
            kSecReturnData as String: true,
        ]
        var items: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &items)
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
        return items as? [Data] ?? []
    }
}
