extension WrapperModelCatalog {
    /// Locksmith: protocol-oriented. The app's own type adopts `CreateableSecureStorable` and
    /// implements `var accessible: LocksmithAccessibleOption?`, which goes into every request the
    /// type makes; `createInSecureStore()` and `updateInSecureStore()` write with it. A type that is
    /// only Readable or Deleteable searches with it. The static API never sets an accessibility.
    /// Locksmith 2 (Swift 2) spelled the cases in capitals (`.Always`).
    static let locksmithModel = """
        library: Locksmith
        module: Locksmith
        versions: "2.0.0 – 4.0.0"
        references:
          - repository: https://github.com/matthewpalmer/Locksmith
            commit: 49b08bf
            note: Source/Locksmith.swift (SecureStorable.accessible, CreateableSecureStorable), Source/LocksmithAccessibleOption.swift; 4.0.0
          - repository: https://github.com/matthewpalmer/Locksmith
            commit: 6b32c7e
            note: tag 2.0.8, the Swift 2 case spellings (.Always, .AlwaysThisDeviceOnly)
        types:
          - name: CreateableSecureStorable
            conformance: true
            properties:
              accessibility: {name: accessible, options: LocksmithAccessibleOption}
        options:
          - name: LocksmithAccessibleOption
            meaning: accessibility
            values:
              whenUnlocked: kSecAttrAccessibleWhenUnlocked
              afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              always: kSecAttrAccessibleAlways
              whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              alwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
              whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
              WhenUnlocked: kSecAttrAccessibleWhenUnlocked
              AfterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
              Always: kSecAttrAccessibleAlways
              WhenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
              AfterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
              AlwaysThisDeviceOnly: kSecAttrAccessibleAlwaysThisDeviceOnly
              WhenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        calls:
          - {type: CreateableSecureStorable, name: createInSecureStore, effect: write}
          - {type: CreateableSecureStorable, name: updateInSecureStore, effect: write}
        defaults:
          accessibility: kSecAttrAccessibleWhenUnlocked
        """
}
