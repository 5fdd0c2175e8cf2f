//
//  PreferenceStores.swift
//  SecureBank
//
//  Small items kept through Keychain wrapper libraries (from SwiftPM; their source is not part
//  of the app): the last user name on the login screen and the card-payment consent token.
//

import Foundation
import KeychainAccess
import Valet

/// The user name pre-filled on the login screen, kept with KeychainAccess.
enum LoginNameStore {
    /// A user name is no secret, but it stays on this device: after the first unlock is early enough.
    private static let keychain = Keychain(service: "com.securebank.login-name")
        .accessibility(.afterFirstUnlockThisDeviceOnly)

    static var lastUserName: String? {
        get { keychain["lastUserName"] }
        set { keychain["lastUserName"] = newValue }
    }
}

/// The token that confirms the user agreed to one-tap card payments, kept with Valet behind
/// Face ID or Touch ID.
enum PaymentConsentStore {
    private static let valet = SecureEnclaveValet.valet(
        with: Identifier(nonEmpty: "com.securebank.payment-consent")!,
        accessControl: .biometricCurrentSet)

    static func store(consentToken: Data) throws {
        try valet.setObject(consentToken, forKey: "consent")
    }

    static func consentToken(prompt: String) throws -> Data {
        try valet.object(forKey: "consent", withPrompt: prompt)
    }
}
