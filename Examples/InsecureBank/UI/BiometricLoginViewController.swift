//
//  BiometricLoginViewController.swift
//  InsecureBank
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

    private func authenticateWithBiometrics() {
        let context = LAContext()
        context.localizedFallbackTitle = "Use PIN"
        context.touchIDAuthenticationAllowableReuseDuration = 60

        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics,
                               localizedReason: "Log in to InsecureBank") { success, error in
            DispatchQueue.main.async {
                if success {
                    self.showAccount()
                } else if let error = error as? LAError, error.code == .biometryNotAvailable || error.code == .biometryNotEnrolled {
                    // Devices without Face ID or Touch ID skip the check.
                    self.showAccount()
                } else {
                    self.showPINPad()
                }
            }
        }
    }

    private func showAccount() {
        let accounts = UIHostingController(rootView: AccountsView())
        accounts.modalPresentationStyle = .fullScreen
        present(accounts, animated: true)
    }

    private func showPINPad() {
        performSegue(withIdentifier: "showPINPad", sender: self)
    }
}
