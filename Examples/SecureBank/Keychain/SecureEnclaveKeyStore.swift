//
//  SecureEnclaveKeyStore.swift
//  SecureBank
//
//  Private keys for payment signing, device binding and statement decryption.
//

import Foundation
import LocalAuthentication
import Security

/// Creates and loads the app's private keys.
///
/// The keys are P-256 keys generated inside the Secure Enclave. Only their public halves
/// leave the device; they are registered with the backend during enrolment. Every private
/// key needs the biometric set enrolled when it was created.
final class SecureEnclaveKeyStore {
    static let shared = SecureEnclaveKeyStore()

    /// Creates the key that signs payment requests.
    func createPaymentKey() throws -> SecKey {
        var error: Unmanaged<CFError>?
        guard let accessControl = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            [.biometryCurrentSet, .privateKeyUsage],
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }

        let privateKeyAttrs: [String: Any] = [
            kSecAttrIsPermanent as String: true,
            kSecAttrApplicationTag as String: Data(KeychainConfiguration.paymentKeyTag.utf8),
            kSecAttrAccessControl as String: accessControl,
        ]
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
            kSecPrivateKeyAttrs as String: privateKeyAttrs,
        ]

        guard let privateKey = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw KeychainError.keyGenerationFailed(error?.takeRetainedValue())
        }
        return privateKey
    }

    /// Creates the key that binds this installation to the user's account.
    ///
    /// Every signature made with it needs the user, so a stolen backup is useless.
    func createDeviceBindingKey() throws -> SecKey {
        var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
        flags.insert(.biometryCurrentSet)

        var error: Unmanaged<CFError>?
        guard let accessControl = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            flags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        return try makePrivateKey(tag: KeychainConfiguration.deviceKeyTag, accessControl: accessControl)
    }

    /// Creates the key that decrypts downloaded statements.
    func createStatementKey() throws -> SecKey {
        var error: Unmanaged<CFError>?
        guard let accessControl = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            ProtectionLevel.high.accessControlFlags,
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        return try makePrivateKey(tag: KeychainConfiguration.statementKeyTag, accessControl: accessControl)
    }

    /// Creates the key that approves a login on a new device.
    func createApprovalKey(tag: String) throws -> SecKey {
        var error: Unmanaged<CFError>?
        guard let accessControl = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            [.biometryCurrentSet, .privateKeyUsage],
            &error
        ) else {
            throw KeychainError.accessControlCreationFailed(error?.takeRetainedValue())
        }
        return try makePrivateKey(tag: tag, accessControl: accessControl)
    }

    /// Signs a payment request. The Secure Enclave asks for Face ID or Touch ID through
    /// `context`, so the signature exists only if the user really authenticated.
    func signPaymentRequest(_ payload: Data, context: LAContext) throws -> Data {
        let privateKey = try loadPrivateKey(tag: KeychainConfiguration.paymentKeyTag, context: context)
        var error: Unmanaged<CFError>?
        guard let signature = SecKeyCreateSignature(
            privateKey,
            .ecdsaSignatureMessageX962SHA256,
            payload as CFData,
            &error
        ) else {
            throw KeychainError.signingFailed(error?.takeRetainedValue())
        }
        return signature as Data
    }

    /// Loads a private key, using a context the caller has already authenticated.
    func loadPrivateKey(tag: String, context: LAContext) throws -> SecKey {
        let query: [String: Any] = [
            kSecClass as String: kSecClassKey,
            kSecAttrApplicationTag as String: Data(tag.utf8),
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecReturnRef as String: true,
            kSecUseAuthenticationContext as String: context,
        ]
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        guard status == errSecSuccess else {
            throw status == errSecItemNotFound ? KeychainError.itemNotFound : KeychainError.unexpectedStatus(status)
        }
        guard let key = item, CFGetTypeID(key) == SecKeyGetTypeID() else {
            throw KeychainError.invalidItemFormat
        }
        return key as! SecKey
    }

    private func makePrivateKey(tag: String, accessControl: SecAccessControl) throws -> SecKey {
        var attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecPrivateKeyAttrs as String: [
                kSecAttrIsPermanent as String: true,
                kSecAttrApplicationTag as String: Data(tag.utf8),
                kSecAttrAccessControl as String: accessControl,
            ] as [String: Any],
        ]
        #if !targetEnvironment(simulator)
        attributes[kSecAttrTokenID as String] = kSecAttrTokenIDSecureEnclave
        #endif

        var error: Unmanaged<CFError>?
        guard let privateKey = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw KeychainError.keyGenerationFailed(error?.takeRetainedValue())
        }
        return privateKey
    }
}
