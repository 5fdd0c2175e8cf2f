extension WrapperModelCatalog {
    /// keychain-swift: `KeychainSwift().set(_:forKey:withAccess:)` deletes the item and adds it
    /// with the option's accessibility, and with `kSecAttrSynchronizable: true` when the instance's
    /// `synchronizable` property is set. No access control.
    static let keychainSwiftModel = """
        library: keychain-swift
        module: KeychainSwift
        versions: "5.0.0 – 24.0.0"
        references:
          - repository: https://github.com/evgenyneu/keychain-swift
            commit: 5e1b02b
            note: Sources/KeychainSwift.swift, Sources/KeychainSwiftAccessOptions.swift (24.0.0); lowercase option spellings since 5.0.0
          - repository: https://github.com/evgenyneu/keychain-swift
            commit: e2b5207
            note: tag 17.0.0, the last release with .accessibleAlways and .accessibleAlwaysThisDeviceOnly
        types:
          - name: KeychainSwift
            initializers: true
        options:
          - name: KeychainSwiftAccessOptions
            meaning: accessibility
            values:
              accessibleWhenUnlocked: kSecAttrAccessibleWhenUnlocked
              accessibleWhenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              accessibleAfterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              accessibleAfterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              accessibleWhenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              accessibleAlways: kSecAttrAccessibleAlways
              accessibleAlwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
        calls:
          - {type: KeychainSwift, name: init, effect: configure, returns: KeychainSwift}
          - type: KeychainSwift
            name: set
            effect: write
            arguments:
              accessibility: {label: withAccess, options: KeychainSwiftAccessOptions}
          - type: KeychainSwift
            name: synchronizable
            setter: true
            effect: configure
            arguments:
              synchronizable: {position: 0}
          - {type: KeychainSwift, name: get, effect: search}
          - {type: KeychainSwift, name: getData, effect: search}
          - {type: KeychainSwift, name: getBool, effect: search}
          - {type: KeychainSwift, name: delete, effect: search}
          - {type: KeychainSwift, name: clear, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleWhenUnlocked
          synchronizable: false
        """
}
