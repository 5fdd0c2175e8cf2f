extension WrapperModelCatalog {
    /// OktaSecureStorage: `set(_:forKey:behindBiometrics:accessGroup:accessibility:)` and its `data:`
    /// variants write; `behindBiometrics: true` means an access control of
    /// `[.biometryCurrentSet, .or, .devicePasscode]` whose protection is `accessibility:` (Security's
    /// own constant) or kSecAttrAccessibleWhenUnlockedThisDeviceOnly. A password given to the
    /// initializer goes to `LAContext.setCredential(_:type: .applicationPassword)` on every write and read.
    static let oktaSecureStorageModel = """
        library: OktaSecureStorage
        module: OktaSecureStorage
        versions: "1.0.0 – 1.1.3"
        references:
          - repository: https://github.com/okta/okta-storage-swift
            commit: f2a2c24
            note: Sources/OktaSecureStorage.swift (init(applicationPassword:), the set overloads, get, getData, getStoredKeys, delete, clear); 1.1.3 plus later commits
        types:
          - name: OktaSecureStorage
            initializers: true
        calls:
          - type: OktaSecureStorage
            name: init
            effect: configure
            returns: OktaSecureStorage
            arguments:
              applicationPassword: {label: applicationPassword}
          - type: OktaSecureStorage
            name: set
            effect: write
            arguments:
              accessibility: {label: accessibility, security: true}
              accessControlFlags: {label: behindBiometrics, whenTrue: [biometryCurrentSet, or, devicePasscode]}
          # This overload passes `behindBiometrics: false` on, whatever the app gives: no access control.
          - type: OktaSecureStorage
            name: set
            labels: [data, forKey, behindBiometrics, accessibility]
            effect: write
            arguments:
              accessibility: {label: accessibility, security: true}
          - {type: OktaSecureStorage, name: get, effect: search}
          - {type: OktaSecureStorage, name: getData, effect: search}
          - {type: OktaSecureStorage, name: getStoredKeys, effect: search}
          - {type: OktaSecureStorage, name: delete, effect: search}
          - {type: OktaSecureStorage, name: clear, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
          synchronizable: false
        """
}
