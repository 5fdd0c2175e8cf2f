import KeychainLintAnalysis
import KeychainLintModel

/// CryptoKit's Secure Enclave key initializers that create a key, judged as SecKeyCreateRandomKey is:
/// `SecureEnclave.P256.Signing.PrivateKey(compactRepresentable:accessControl:authenticationContext:)`
/// and the `KeyAgreement` one. `init(dataRepresentation:authenticationContext:)` restores a key that
/// exists and creates nothing; `P256.Signing.PrivateKey()` without `SecureEnclave` is a software key
/// outside the keychain. Recognised only in a file that imports CryptoKit, and, unless spelled
/// `CryptoKit.SecureEnclave…`, only when no `SecureEnclave` type of the app's is in scope.
enum CryptoKitEnclaveKey {
    static let typeName = "PrivateKey"
    /// The word every recognised spelling holds (`SecureEnclave.P256.Signing.PrivateKey`).
    static let enclaveWord = "SecureEnclave"
    /// The enclave key types (the post-quantum ones of newer SDKs take the same `accessControl:`).
    private static let kinds: Set<String> = [
        "SecureEnclave.P256.Signing", "SecureEnclave.P256.KeyAgreement", "SecureEnclave.MLKEM768", "SecureEnclave.MLKEM1024",
        "SecureEnclave.MLDSA65", "SecureEnclave.MLDSA87",
    ]

    /// `SecureEnclave.P256.Signing.PrivateKey` when `call` creates such a key, else nil.
    static func kind(of call: SwiftCall, in context: RuleContext) -> String? {
        guard call.name == typeName, var owner = call.calleeBaseText else { return nil }
        let qualified = owner.hasPrefix("CryptoKit.")
        if qualified { owner.removeFirst("CryptoKit.".count) }
        guard kinds.contains(owner) else { return nil }
        // Restoring a key from its wrapped data creates nothing.
        guard call.argument(labeled: "dataRepresentation") == nil else { return nil }
        guard FileImports.modules(in: context).contains("CryptoKit") else { return nil }
        // An app's own `SecureEnclave` type in scope is what the unqualified spelling names
        // (apps that have one write `CryptoKit.SecureEnclave`).
        guard qualified || ScopedIndex(index: context.scan.index, asking: context.file.id).types(named: "SecureEnclave").isEmpty
        else { return nil }
        return owner + "." + typeName
    }
}
