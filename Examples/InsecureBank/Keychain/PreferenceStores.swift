//
//  PreferenceStores.swift
//  InsecureBank
//
//  Small items kept through Keychain wrapper libraries (from SwiftPM; their source is not part
//  of the app): the last user name on the login screen and the card-payment consent token.
//

import Foundation
import KeychainAccess
import Valet

/// The user name pre-filled on the login screen, kept with KeychainAccess.
enum LoginNameStore {
    /// Written before the first unlock too, so that the login screen can show the name at once.
    private static let keychain = Keychain(service: "com.insecurebank.login-name")
        .accessibility(.always)

    static var lastUserName: String? {
        get { keychain["lastUserName"] }
        set { keychain["lastUserName"] = newValue }
    }
}

/// The token that confirms the user agreed to one-tap card payments, kept with Valet behind
/// Face ID or Touch ID.
enum PaymentConsentStore {
    private static let valet = SecureEnclaveValet.valet(
        with: Identifier(nonEmpty: "com.insecurebank.payment-consent")!,
        accessControl: .userPresence)

    static func store(consentToken: Data) throws {
        try valet.setObject(consentToken, forKey: "consent")
    }

    static func consentToken(prompt: String) throws -> Data {
        try valet.object(forKey: "consent", withPrompt: prompt)
    }
}
