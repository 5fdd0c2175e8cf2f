extension WrapperModelCatalog {
    /// Valet: stores created by class factories; the accessibility or access control is part of
    /// the store's identity, given once at the factory. The Secure Enclave valets always use
    /// kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly as the protection and take only flags.
    static let valetModel = """
        library: Valet
        module: Valet
        versions: "3.0.0 – 5.1.0"
        references:
          - repository: https://github.com/square/Valet
            commit: a69e31e
            note: Sources/Valet (Valet.swift, SecureEnclaveValet.swift, SinglePromptSecureEnclaveValet.swift, Accessibility.swift, SecureEnclaveAccessControl.swift)
          - repository: https://github.com/square/Valet
            commit: 7447d16
            note: tag 3.2.8, the last release with Accessibility.always and .alwaysThisDeviceOnly (removed in 4.0.0)
        types:
          - name: Valet
          - name: SecureEnclaveValet
          - name: SinglePromptSecureEnclaveValet
        options:
          - name: Accessibility
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              always: kSecAttrAccessibleAlways
              alwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
          - name: CloudAccessibility
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              always: kSecAttrAccessibleAlways
          - name: SecureEnclaveAccessControl
            meaning: accessControlFlags
            values:
              userPresence: userPresence
              biometricAny: biometryAny
              biometricCurrentSet: biometryCurrentSet
              devicePasscode: devicePasscode
        calls:
          - type: Valet
            name: valet
            static: true
            effect: configure
            returns: Valet
            arguments:
              accessibility: {label: accessibility, options: Accessibility}
          - type: Valet
            name: sharedGroupValet
            static: true
            effect: configure
            returns: Valet
            arguments:
              accessibility: {label: accessibility, options: Accessibility}
          - type: Valet
            name: sharedAccessGroupValet
            static: true
            effect: configure
            returns: Valet
            arguments:
              accessibility: {label: accessibility, options: Accessibility}
          - type: Valet
            name: iCloudValet
            static: true
            effect: configure
            returns: Valet
            arguments:
              accessibility: {label: accessibility, options: CloudAccessibility}
          - type: Valet
            name: iCloudSharedGroupValet
            static: true
            effect: configure
            returns: Valet
            arguments:
              accessibility: {label: accessibility, options: CloudAccessibility}
          - type: Valet
            name: iCloudSharedAccessGroupValet
            static: true
            effect: configure
            returns: Valet
            arguments:
              accessibility: {label: accessibility, options: CloudAccessibility}
          - type: SecureEnclaveValet
            name: valet
            static: true
            effect: configure
            returns: SecureEnclaveValet
            arguments:
              accessControlFlags: {label: accessControl, options: SecureEnclaveAccessControl}
          - type: SecureEnclaveValet
            name: sharedGroupValet
            static: true
            effect: configure
            returns: SecureEnclaveValet
            arguments:
              accessControlFlags: {label: accessControl, options: SecureEnclaveAccessControl}
          - type: SecureEnclaveValet
            name: sharedAccessGroupValet
            static: true
            effect: configure
            returns: SecureEnclaveValet
            arguments:
              accessControlFlags: {label: accessControl, options: SecureEnclaveAccessControl}
          - type: SinglePromptSecureEnclaveValet
            name: valet
            static: true
            effect: configure
            returns: SinglePromptSecureEnclaveValet
            arguments:
              accessControlFlags: {label: accessControl, options: SecureEnclaveAccessControl}
          - type: SinglePromptSecureEnclaveValet
            name: sharedGroupValet
            static: true
            effect: configure
            returns: SinglePromptSecureEnclaveValet
            arguments:
              accessControlFlags: {label: accessControl, options: SecureEnclaveAccessControl}
          - type: SinglePromptSecureEnclaveValet
            name: sharedAccessGroupValet
            static: true
            effect: configure
            returns: SinglePromptSecureEnclaveValet
            arguments:
              accessControlFlags: {label: accessControl, options: SecureEnclaveAccessControl}
          - {type: Valet, name: setString, effect: write}
          - {type: Valet, name: setObject, effect: write}
          - {type: Valet, name: string, effect: search}
          - {type: Valet, name: object, effect: search}
          - {type: Valet, name: containsObject, effect: search}
          - {type: Valet, name: allKeys, effect: search}
          - {type: Valet, name: removeObject, effect: search}
          - {type: Valet, name: removeAllObjects, effect: search}
          - {type: SecureEnclaveValet, name: setString, effect: write}
          - {type: SecureEnclaveValet, name: setObject, effect: write}
          - {type: SecureEnclaveValet, name: string, effect: search}
          - {type: SecureEnclaveValet, name: object, effect: search}
          - {type: SecureEnclaveValet, name: containsObject, effect: search}
          - {type: SecureEnclaveValet, name: removeObject, effect: search}
          - {type: SecureEnclaveValet, name: removeAllObjects, effect: search}
          - {type: SinglePromptSecureEnclaveValet, name: setString, effect: write}
          - {type: SinglePromptSecureEnclaveValet, name: setObject, effect: write}
          - {type: SinglePromptSecureEnclaveValet, name: string, effect: search}
          - {type: SinglePromptSecureEnclaveValet, name: object, effect: search}
          - {type: SinglePromptSecureEnclaveValet, name: containsObject, effect: search}
          - {type: SinglePromptSecureEnclaveValet, name: allKeys, effect: search}
          - {type: SinglePromptSecureEnclaveValet, name: removeObject, effect: search}
          - {type: SinglePromptSecureEnclaveValet, name: removeAllObjects, effect: search}
        """
}
