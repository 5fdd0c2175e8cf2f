//
//  BiometricLoginViewController.swift
//  SecureBank
//
//  First screen: Face ID / Touch ID login, or the PIN pad.
//

import LocalAuthentication
import SwiftUI
import UIKit

/// How the user unlocks the app, as chosen in Settings.
enum AuthMode: String, Codable {
    case userPresence
    case pin
}

/// The login screen. Offers Face ID or Touch ID when available, otherwise the PIN pad.
final class BiometricLoginViewController: UIViewController {
    @IBOutlet private weak var biometricButton: UIButton!
    @IBOutlet private weak var pinButton: UIButton!
    @IBOutlet private weak var statusLabel: UILabel!

    /// Set by the scene delegate from the user's settings.
    var authMode: AuthMode = .userPresence

    private let availabilityContext = LAContext()

    override func viewDidLoad() {
        super.viewDidLoad()
        configureBiometricButton()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        switch authMode {
        case .userPresence:
            authenticateWithBiometrics()
        case .pin:
            showPINPad()
        }
    }

    /// Shows the button that matches the device's biometry, or hides it.
    private func configureBiometricButton() {
        var error: NSError?
        guard availabilityContext.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {
            biometricButton.isHidden = true
            statusLabel.text = error?.localizedDescription
            return
        }

        if availabilityContext.biometryType == .faceID {
            biometricButton.setTitle("Log in with Face ID", for: .normal)
            biometricButton.setImage(UIImage(systemName: "faceid"), for: .normal)
        } else if availabilityContext.biometryType == .touchID {
            biometricButton.setTitle("Log in with Touch ID", for: .normal)
            biometricButton.setImage(UIImage(systemName: "touchid"), for: .normal)
        }
    }

    @IBAction private func biometricButtonTapped(_ sender: UIButton) {
        authenticateWithBiometrics()
    }

    @IBAction private func pinButtonTapped(_ sender: UIButton) {
        showPINPad()
    }

    /// Unlocks the session token with Face ID or Touch ID.
    ///
    /// The Bool of `evaluatePolicy` only decides whether to try: the token is protected with
    /// `.biometryCurrentSet`, and the Keychain releases it only to this evaluated context
    /// (`kSecUseAuthenticationContext` in `SessionTokenStore.sessionToken(context:)`).
    private func authenticateWithBiometrics() {
        let context = LAContext()
        context.localizedFallbackTitle = "Use PIN"
        context.touchIDAuthenticationAllowableReuseDuration = KeychainConfiguration.authenticationReuseDuration

        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics,
                               localizedReason: "Log in to SecureBank") { success, _ in
            guard success else {
                DispatchQueue.main.async { self.showPINPad() }
                return
            }
            do {
                let token = try SessionTokenStore.shared.sessionToken(context: context)
                DispatchQueue.main.async { self.showAccount(sessionToken: token) }
            } catch KeychainError.itemNotFound {
                // No token yet, or the enrolled faces or fingers changed and the Keychain
                // invalidated it: the user signs in with the password again.
                DispatchQueue.main.async { self.showPasswordLogin() }
            } catch {
                DispatchQueue.main.async {
                    self.statusLabel.text = String(describing: error)
                    self.showPINPad()
                }
            }
        }
    }

    private func showAccount(sessionToken: String) {
        APISession.shared.start(token: sessionToken)
        let accounts = UIHostingController(rootView: AccountsView())
        accounts.modalPresentationStyle = .fullScreen
        present(accounts, animated: true)
    }

    private func showPINPad() {
        performSegue(withIdentifier: "showPINPad", sender: self)
    }

    private func showPasswordLogin() {
        statusLabel.text = "Please log in with your password."
        performSegue(withIdentifier: "showPasswordLogin", sender: self)
    }
}

/// The authenticated API session (the networking layer is not part of this example).
final class APISession {
    static let shared = APISession()

    private(set) var token: String?

    func start(token: String) {
        self.token = token
    }
}
