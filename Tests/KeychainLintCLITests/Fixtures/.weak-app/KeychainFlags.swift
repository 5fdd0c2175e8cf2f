import Security

/// Access-control flags shared by the stores of this fixture app.
enum KeychainFlags {
    /// `[.biometryAny, .or, .devicePasscode]` is `.userPresence`: weak, reported where it is used.
    static let sessionTokenFlags: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]

    /// Invalidated when the enrolled biometrics change: secure.
    static let signingKeyFlags: SecAccessControlCreateFlags = [.biometryCurrentSet, .privateKeyUsage]
}
