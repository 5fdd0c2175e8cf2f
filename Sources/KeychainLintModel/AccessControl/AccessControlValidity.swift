/// What Security itself says about a flags value: which flags ask the user to authenticate, and
/// which combinations `SecAccessControlCreateWithFlags` rejects with errSecParam (Apple's
/// open-source Security framework, `SecAccessControl.c`).
extension AccessControlFlagSet {
    /// Bits of the flags that ask the user to authenticate (`AccessControlFlag.constraintNames`).
    public static let userAuthenticationBits: UInt64 = AccessControlFlag.constraintNames.reduce(0) {
        $0 | (AccessControlFlag.named($1)?.bit ?? 0)
    }

    /// Whether the value holds at least one user-authentication constraint (biometry, passcode,
    /// user presence, watch/companion, application password) — not only `.or`, `.and`, `.privateKeyUsage`.
    public var hasUserAuthenticationConstraint: Bool {
        bits & Self.userAuthenticationBits != 0
    }

    /// Two flags Security refuses to combine (it returns nil with errSecParam), spelled as
    /// written (`touchIDAny` stays `touchIDAny`), in the order Security checks them:
    /// `.or` with `.and`; two biometry constraints; `.userPresence` with any flag other than
    /// `.applicationPassword` or `.privateKeyUsage`. Nil when Security accepts the value.
    public var rejectedCombination: (first: String, second: String)? {
        if contains(.or) && contains(.and) {
            return (spelling(of: .or), spelling(of: .and))
        }
        if contains(.biometryAny) && contains(.biometryCurrentSet) {
            let any = spelling(of: .biometryAny)
            let current = spelling(of: .biometryCurrentSet)
            let anyFirst =
                (spelled.firstIndex { $0.bit == AccessControlFlag.biometryAny.bit } ?? 0)
                <= (spelled.firstIndex { $0.bit == AccessControlFlag.biometryCurrentSet.bit } ?? 0)
            return anyFirst ? (any, current) : (current, any)
        }
        if contains(.userPresence) {
            let allowed = AccessControlFlag.userPresence.bit | Self.bit("applicationPassword") | Self.bit("privateKeyUsage")
            let others = bits & ~allowed
            if others != 0 {
                return (spelling(of: .userPresence), name(ofFirstBitIn: others))
            }
        }
        return nil
    }

    /// The spelling of the first flag (in source order, else in Security's order) whose bit is in
    /// `mask`; `rawValue bit N` for a bit no known flag has.
    public func name(ofFirstBitIn mask: UInt64) -> String {
        if let written = spelled.first(where: { $0.bit & mask != 0 }) { return written.name }
        if let known = AccessControlFlag.all.first(where: { $0.bit & mask != 0 }) { return known.name }
        return "rawValue bit \(mask.trailingZeroBitCount)"
    }

    private static func bit(_ name: String) -> UInt64 {
        AccessControlFlag.named(name)?.bit ?? 0
    }
}
