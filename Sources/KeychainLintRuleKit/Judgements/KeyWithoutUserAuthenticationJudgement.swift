import KeychainLintModel

/// The judgement of `swift.key_without_user_authentication` and `objc.key_without_user_authentication`:
/// a Secure Enclave or permanent private key whose access control does not ask for the user.
public enum KeyWithoutUserAuthenticationJudgement {
    /// The flags as the code's language writes them; no flags at all is `[]` in Swift, `0` in C.
    public static func spelled(_ flags: AccessControlFlagSet, _ spelling: FlagSpelling = .swift) -> String {
        guard flags.bits == 0 && flags.spelled.isEmpty else { return spelling.flags(flags) }
        return spelling == .swift ? "[]" : "0"
    }

    /// What is wrong with one possible attributes dictionary, or nil (not a stored/Secure Enclave
    /// key, a user-authentication constraint present, or an access control the resolver cannot read).
    /// objc.key_without_user_authentication passes `.c`, which spells the flags in C.
    public static func problem(in query: KeychainQuery, spelling: FlagSpelling = .swift) -> String? {
        let privateAttributes = query.nested("kSecPrivateKeyAttrs")
        if query.contains("kSecPrivateKeyAttrs") && privateAttributes == nil {
            return nil  // private-key attributes the resolver could not follow
        }
        let secureEnclave = [query, privateAttributes].contains { attributes in
            guard let value = attributes?.value("kSecAttrTokenID") else { return false }
            return SecItemKeys.constantName(value) == "kSecAttrTokenIDSecureEnclave"
                || value == .string("com.apple.setoken")
        }
        // Security merges `kSecPrivateKeyAttrs` over the top-level attributes: the nested value wins.
        let permanent = AccessControlJudgement.isTrue(
            privateAttributes?.value("kSecAttrIsPermanent") ?? query.value("kSecAttrIsPermanent"))
        guard secureEnclave || permanent else { return nil }
        let kind = secureEnclave ? "Secure Enclave private key" : "Permanent private key"
        guard let accessControl = privateAttributes?.value("kSecAttrAccessControl") ?? query.value("kSecAttrAccessControl") else {
            return "\(kind) is usable without the user: it has no `kSecAttrAccessControl`, so any code running in the app can use it without Face ID, Touch ID or the passcode"
        }
        guard let flags = AccessControlJudgement.creationFlags(accessControl), !flags.hasUserAuthenticationConstraint else {
            return nil
        }
        return "\(kind) is usable without the user: its access control `\(spelled(flags, spelling))` has no biometry or passcode constraint, so any code running in the app can use it without Face ID, Touch ID or the passcode"
    }
}
