#if canImport(Security)
import Security

/// The planted finding: `.biometryAny` keeps the token readable after a new face or finger is
/// enrolled (swift.weak_biometric_acl).
func tokenAccessControl() -> SecAccessControl? {
    SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
}
#endif

/// Something that builds on every platform, so the package builds on Linux too.
public func vaultName() -> String {
    "vault"
}
