extension WrapperModelCatalog {
    /// EllipticCurveKeyPair: each key of the pair gets an `EllipticCurveKeyPair.AccessControl(protection:flags:)`
    /// of Security's own values; with flags the library creates `SecAccessControlCreateWithFlags(protection, flags)`,
    /// without them it stores `protection` as `kSecAttrAccessible`. The one given to
    /// `Config(publicKeyAccessControl:)` configures the public key, which is no secret.
    static let ellipticCurveKeyPairModel = """
        library: EllipticCurveKeyPair
        module: EllipticCurveKeyPair
        versions: "1.0.0 – 2.0"
        references:
          - repository: https://github.com/agens-no/EllipticCurveKeyPair
            commit: 23c1020
            note: Sources/EllipticCurveKeyPair.swift (Config, Manager, AccessControl and its underlying()); 2.0 plus later commits
          - repository: https://github.com/agens-no/EllipticCurveKeyPair
            commit: 0df16da
            note: tag 1.0.2, the same AccessControl(protection:flags:) and Config initializer
        types:
          - name: AccessControl
            initializers: true
          - name: Config
            initializers: true
          - name: Manager
            initializers: true
        calls:
          - type: AccessControl
            name: init
            effect: configure
            returns: AccessControl
            arguments:
              accessibility: {label: protection, security: true}
              accessControlFlags: {label: flags, security: true}
          - type: Config
            name: init
            effect: configure
            returns: Config
            arguments:
              publicKey: {label: publicKeyAccessControl}
              privateKey: {label: privateKeyAccessControl}
          - {type: Manager, name: init, effect: configure, returns: Manager}
        """
}
