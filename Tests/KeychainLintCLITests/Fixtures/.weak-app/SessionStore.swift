import Foundation
import Security

final class SessionStore {
    /// Weak through a static constant declared in KeychainFlags.swift.
    func sessionAccessControl() -> SecAccessControl? {
        var error: Unmanaged<CFError>?
        return SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            KeychainFlags.sessionTokenFlags,
            &error
        )
    }
}
