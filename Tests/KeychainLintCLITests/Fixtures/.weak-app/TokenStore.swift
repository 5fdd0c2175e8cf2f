import Foundation
import Security

final class TokenStore {
    /// Weak, written inline.
    func tokenAccessControl() -> SecAccessControl? {
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
    }

    /// Secure, through a static constant declared in KeychainFlags.swift.
    func signingAccessControl() -> SecAccessControl? {
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, KeychainFlags.signingKeyFlags, nil)
    }

    /// Weak, but suppressed with a reason.
    func legacyAccessControl() -> SecAccessControl? {
        // keychain-lint:disable-next-line swift.weak_biometric_acl -- 1.x items, migrated and deleted in 3.0
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
    }
}
