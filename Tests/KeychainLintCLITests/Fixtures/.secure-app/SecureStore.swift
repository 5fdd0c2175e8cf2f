import Foundation
import LocalAuthentication
import Security

/// Only secure access control: nothing to report.
final class SecureStore {
    // Never use .biometryAny or .userPresence here.
    let help = "SecAccessControlCreateWithFlags(nil, p, .biometryAny, nil) is weak"

    func tokenAccessControl() -> SecAccessControl? {
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
    }

    func signingAccessControl() -> SecAccessControl? {
        var flags: SecAccessControlCreateFlags = [.biometryCurrentSet]
        flags.insert(.privateKeyUsage)
        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
    }

    func isFaceID(_ context: LAContext) -> Bool {
        context.biometryType == .faceID
    }
}
