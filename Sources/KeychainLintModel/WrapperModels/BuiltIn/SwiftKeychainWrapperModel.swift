extension WrapperModelCatalog {
    /// SwiftKeychainWrapper: the same `withAccessibility:` parameter is stored by `set` and is only
    /// a search attribute of the reads, `hasValue` and the removes.
    static let swiftKeychainWrapperModel = """
        library: SwiftKeychainWrapper
        module: SwiftKeychainWrapper
        versions: "3.0.0 – 4.0.1"
        references:
          - repository: https://github.com/jrendel/SwiftKeychainWrapper
            commit: a3e1004
            note: SwiftKeychainWrapper/KeychainWrapper.swift, SwiftKeychainWrapper/KeychainItemAccessibility.swift
        types:
          - name: KeychainWrapper
            initializers: true
            sharedInstances: [standard, defaultKeychainWrapper]
        options:
          - name: KeychainItemAccessibility
            meaning: accessibility
            values:
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              always: kSecAttrAccessibleAlways
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              alwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        calls:
          - {type: KeychainWrapper, name: init, effect: configure, returns: KeychainWrapper}
          - type: KeychainWrapper
            name: set
            effect: write
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          # The reads, hasValue and the removes take the same parameters, as search filters.
          - type: KeychainWrapper
            name: hasValue
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: integer
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: float
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: double
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: bool
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: string
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: object
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: data
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: dataRef
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: remove
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - type: KeychainWrapper
            name: removeObject
            effect: search
            arguments:
              accessibility: {label: withAccessibility, options: KeychainItemAccessibility}
              synchronizable: {label: isSynchronizable}
          - {type: KeychainWrapper, name: removeAllKeys, effect: search}
          - {type: KeychainWrapper, name: allKeys, effect: search}
        defaults:
          accessibility: kSecAttrAccessibleWhenUnlocked
          synchronizable: false
        """
}
