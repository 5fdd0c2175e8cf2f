// Test cases for keychain-rules.yml: `semgrep --test Benchmarks/semgrep/`.
// `ruleid:` marks the next line as a required finding, `ok:` as a required non-finding.
import LocalAuthentication
import Security

final class InlineFlags {
    func make() {
        // ruleid: keychain-weak-biometric-acl, mobsfscan-like-ios-biometric-acl
        let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryAny, nil)
        // ruleid: keychain-weak-biometric-acl, mobsfscan-like-ios-biometric-acl
        let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil)
        // ruleid: keychain-weak-biometric-acl, mobsfscan-like-ios-biometric-acl
        let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [SecAccessControlCreateFlags.touchIDAny, .privateKeyUsage], nil)
        // ruleid: keychain-weak-biometric-acl, mobsfscan-like-ios-biometric-acl, mobsfscan-like-ios-keychain-weak-acl-device-passcode
        let d = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryAny, .or, .devicePasscode], nil)
        // ok: keychain-weak-biometric-acl, mobsfscan-like-ios-biometric-acl
        let e = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.biometryCurrentSet, .privateKeyUsage], nil)
    }
}

final class LocalFlow {
    func make(legacy: Bool) -> SecAccessControl? {
        var flags: SecAccessControlCreateFlags = .biometryCurrentSet
        if legacy {
            // ruleid: mobsfscan-like-ios-biometric-acl
            flags = .userPresence
        }
        // ruleid: keychain-weak-biometric-acl
        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, nil)
    }

    func inserted() -> SecAccessControl? {
        var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
        // ruleid: mobsfscan-like-ios-biometric-acl
        flags.insert(.biometryAny)
        // ruleid: keychain-weak-biometric-acl
        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, nil)
    }

    func ternary(old: Bool) -> SecAccessControl? {
        // ruleid: mobsfscan-like-ios-biometric-acl
        let flags: SecAccessControlCreateFlags = old ? .touchIDAny : .biometryCurrentSet
        // ruleid: keychain-weak-biometric-acl
        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, nil)
    }
}

// Across declarations: Semgrep's intra-procedural taint does not follow a static property
// (keychain-lint does); it does follow a default argument value.
enum Config {
    // ruleid: mobsfscan-like-ios-biometric-acl
    static let flags: SecAccessControlCreateFlags = .biometryAny
}

final class AcrossDeclarations {
    func fromStatic() -> SecAccessControl? {
        // ok: keychain-weak-biometric-acl
        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, Config.flags, nil)
    }

    // ruleid: mobsfscan-like-ios-biometric-acl
    func withDefault(flags: SecAccessControlCreateFlags = .userPresence) -> SecAccessControl? {
        // Semgrep's taint does follow a parameter's default value:
        // ruleid: keychain-weak-biometric-acl
        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, nil)
    }
}

final class NotCode {
    // Comments and strings are not code; a text search still sees them.
    // ruleid: mobsfscan-like-ios-biometric-acl
    // Never use .biometryAny here.
    // ruleid: mobsfscan-like-ios-biometric-acl
    let help = "SecAccessControlCreateWithFlags(nil, p, .userPresence, nil) is weak"

    func kind(context: LAContext) -> Bool {
        // ok: keychain-weak-biometric-acl, mobsfscan-like-ios-biometric-acl
        return context.biometryType == .faceID
    }
}

final class Accessibility {
    func queries() {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            // ruleid: keychain-weak-keychain-accessibility, mobsfscan-like-ios-keychain-weak-accessibility-value
            kSecAttrAccessible as String: kSecAttrAccessibleAlways,
        ]
        var update = [String: Any]()
        // ruleid: keychain-weak-keychain-accessibility, mobsfscan-like-ios-keychain-weak-accessibility-value
        update[kSecAttrAccessible as String] = kSecAttrAccessibleAlwaysThisDeviceOnly
        // ruleid: keychain-weak-keychain-accessibility
        update[kSecAttrAccessible as String] = "dk"
        // ruleid: keychain-weak-keychain-accessibility, mobsfscan-like-ios-keychain-weak-accessibility-value
        let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAlways, .biometryCurrentSet, nil)
        // ok: keychain-weak-keychain-accessibility
        // ruleid: mobsfscan-like-ios-keychain-weak-accessibility-value
        let background: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
    }

    func describe(_ value: CFString) -> String {
        // ok: keychain-weak-keychain-accessibility
        // ruleid: mobsfscan-like-ios-keychain-weak-accessibility-value
        if value == kSecAttrAccessibleAlways { return "always" }
        switch value {
        // ok: keychain-weak-keychain-accessibility
        // ruleid: mobsfscan-like-ios-keychain-weak-accessibility-value
        case kSecAttrAccessibleAlwaysThisDeviceOnly: return "always, this device"
        default: return "other"
        }
    }
}

final class Authentication {
    func login(context: LAContext) {
        // ruleid: mobsfscan-like-ios-biometric-bool
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { success, _ in
            if success { self.showAccounts() }
        }
        // ok: mobsfscan-like-ios-biometric-bool
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
    }

    func showAccounts() {}
}
