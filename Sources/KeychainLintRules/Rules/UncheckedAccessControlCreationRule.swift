import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `unchecked_access_control_creation` — a `SecAccessControlCreateWithFlags` result used unchecked
/// (Apple's sample "Accessing Keychain Items with Face ID or Touch ID" writes `access as Any`), in
/// Swift and Objective-C. What the code does with the result that may be nil or `NULL` is read once
/// from the model of the bodies it reaches (`CheckContext.nullableResultHandling`,
/// `NullableResultReading`): Swift's `!`, `if let` and Optionals in dictionaries, Objective-C's
/// tests and dictionary insertions, as each front end reads them into `ProgramLocals`.
public struct UncheckedAccessControlCreationRule: Check {
    public static let calls: [CheckedCall] = [.function(AccessControlJudgement.createFunction)]

    /// The error out-parameter of `SecAccessControlCreateWithFlags(allocator, protection, flags, error)`.
    static let errorArgument = 3

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        // The access control belongs under kSecAttrAccessControl; writing plain kSecAttrAccessible
        // where creation failed stores the item without it.
        let handling = context.nullableResultHandling(
            of: call, errorArgument: Self.errorArgument, entryKey: "kSecAttrAccessControl", fallbackKey: "kSecAttrAccessible")
        let errorIsNull = call.argument(Self.errorArgument).map(context.isNullLiteral) ?? false
        guard let problem = UncheckedAccessControlCreationJudgement.problem(
            failsOpenAt: handling.fallbackWrittenAt, forced: handling.crashingUse, inQuery: handling.uncheckedEntry,
            checked: handling.checked, errorArgumentIsNil: errorIsNull)
        else { return }
        let severity: Severity?
        if case .discardedError = problem { severity = .low } else { severity = nil }
        context.report(
            at: call.expression, message: UncheckedAccessControlCreationJudgement.message(problem, spelling: context.spelling), severity: severity)
    }

    public static let swiftRule = RuleDescription(
        id: "swift.unchecked_access_control_creation",
        name: "Access control creation can fail silently",
        severity: .medium,
        confidence: .high,
        resource: "Correctness",
        tags: [],
        summary:
            "The Optional result of SecAccessControlCreateWithFlags is force-unwrapped, put into a query unchecked (access as Any), or its failure branch stores the item with plain kSecAttrAccessible (fails open); low when only the error argument is nil.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Looks at what the code does with the `SecAccessControl?` that `SecAccessControlCreateWithFlags` \
                returns, directly or through the local (declared with it, or assigned it later) or stored property \
                it is stored in. \
                Medium: the result is force-unwrapped (`SecAccessControlCreateWithFlags(…)!`, `access!`, \
                `as!`); or it is stored under `kSecAttrAccessControl` (dictionary literal, subscript \
                assignment, `updateValue(_:forKey:)`) while still Optional — `access as Any`, as Apple's sample \
                "Accessing Keychain Items with Face ID or Touch ID" does — and is never checked for nil; or the branch that runs when it is nil (else of \
                `if let`, body of `guard let`, `if access == nil`, or the branch of a test that finds the error, \
                `if let error`) writes a plain `kSecAttrAccessible`, so the \
                item is stored without its access control (fails open). Low: the result is checked but the \
                error argument is `nil`, so the reason for a failure is lost.
                """,
            whyItMatters: """
                `SecAccessControlCreateWithFlags` returns nil with errSecParam for rejected flags or an invalid \
                protection, and for other failures. Force-unwrapping turns that into a crash. An unchecked \
                Optional in the query sends no access control to Security, and the add fails (or the code \
                silently continues) without anyone learning why. A fallback to `kSecAttrAccessible` is worse: \
                the secret is stored successfully but without the biometry or passcode protection the code \
                asked for — an attacker only needs to make creation fail. Without the error, none of this shows \
                up in logs.
                """,
            whatToDoInstead: """
                Bind the result with `guard let access = SecAccessControlCreateWithFlags(…, &error) else { … }`, \
                log or throw `error?.takeRetainedValue()`, and fail closed: do not store the secret when the \
                access control cannot be created.
                """,
            fixSafety: """
                Changing a force-unwrap or an Optional in a query into a `guard let` changes control flow: the \
                failure must be handled (thrown or reported), which an automatic fix cannot decide. Not automatic.
                """,
            notes: [
                "A local result counts as checked when, before it is first used, the code tests the error out-parameter (`if let error = cfError … { throw … }`, or a `guard` on it) and leaves: or when it is used in the branch where a test of the error finds none (`if error == nil { query[…] = access }`, the `else` of `if error != nil`), as in the body of `if let access`: Security sets the error whenever it returns nil. A static stored property holding the result is followed to its uses as `Type.name` in any file and as `Self.name` or `name` in its type; so is a computed property whose getter is the call (`static var biometric: SecAccessControl? { SecAccessControlCreateWithFlags(…) }`), whose every read is the Optional.",
                "One finding per call, at the call, for the most serious problem: fails open, then force-unwrap, then an unchecked Optional in a query, then (low) a discarded error.",
                "Any nil check of the variable anywhere in its scope (`if let`/`guard let`, `if let access`, `== nil`/`!= nil`, `??`, optional chaining) counts as checking it: the Optional-in-query and variable force-unwrap findings are then not reported (precision first, even if the check comes after the use).",
                "Fails open means: the failure branch writes `kSecAttrAccessible` (a subscript assignment, a dictionary literal entry or `updateValue(_:forKey:)`); writing that key only makes sense to store the item without the access control. The nil branch of `if access == nil` counts only when the comparison is the whole condition. The branch of a test of the error out-parameter that finds an error (`if let error`, `if error != nil`, as the whole condition) is a failure branch too: Security sets the error whenever it returns nil.",
                "A result that a function returns (directly or through its local) is judged where the function's callers in the scan use it, each on its own, as if they had made the call: the finding stays at the creation and names the caller's use. With no caller in the scan the result is the callers' responsibility and is not judged; nor is a result passed to a function or stored elsewhere. Stored properties are followed through every declaration of their type (extensions in other files too); other variables only within their scope.",
                "Putting the Optional into a query is reported only under `kSecAttrAccessControl`, the key the access control belongs to.",
                "The low-severity case needs a check of the result and a literal `nil` error argument; `&error` (even if then ignored) is not flagged.",
            ],
            references: [
                "Apple: SecAccessControlCreateWithFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "CWE-636: Not Failing Securely ('Failing Open') — https://cwe.mitre.org/data/definitions/636.html",
                "CWE-252: Unchecked Return Value — https://cwe.mitre.org/data/definitions/252.html",
            ]),
        remediation:
            "Bind the result with guard let, pass &error and log it, and do not store the item when the access control cannot be created (fail closed).",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "The SecAccessControlRef that SecAccessControlCreateWithFlags returns is inserted into a dictionary without a NULL check (a crash, or a query without its access control), or its failure branch stores the item with plain kSecAttrAccessible (fails open); low when only the error argument is NULL.",
        whatItDoes: """
            Looks at what Objective-C code does with the `SecAccessControlRef` that \
            `SecAccessControlCreateWithFlags` returns (`NULL` when Security rejects the flags or \
            protection), directly or through the local it is stored in. Medium: the result is inserted \
            without a NULL check where `NULL` raises — an `@{…}` literal, `setObject:forKey:`, \
            `CFDictionaryAddValue`/`CFDictionarySetValue` — which crashes the app (the Swift rule's \
            force-unwrap); or it is put under `kSecAttrAccessControl` where `NULL` leaves the entry out — \
            `query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access`, `setValue:forKey:`, \
            `dictionaryWithObjectsAndKeys:` — and is never checked; or the branch that runs when it is \
            `NULL` (`if (!access)`, the `else` of `if (access)`, `if (error)`) writes a plain \
            `kSecAttrAccessible`, so the item is stored without its access control (fails open). Low: \
            the result is checked but the error argument is `NULL`, so the reason for a failure is lost.
            """,
        whyItMatters: """
            `SecAccessControlCreateWithFlags` returns NULL with errSecParam for rejected flags or an invalid \
            protection, and for other failures. Inserting NULL into an `@{…}` literal or with \
            `setObject:forKey:` raises an exception that crashes the app. A subscript assignment or \
            `setValue:forKey:` with NULL silently removes the entry: the query carries no access control, \
            so the item is stored with the default accessibility and no user authentication (or the add \
            fails) without anyone learning why. A fallback to `kSecAttrAccessible` is worse still by \
            design: the secret is stored successfully but without the biometry or passcode protection the \
            code asked for — an attacker only needs to make creation fail. Without the error, none of this \
            shows up in logs.
            """,
        whatToDoInstead: """
            Pass `&error`, test the result (`if (access == NULL) { NSError *reason = CFBridgingRelease(error); … \
            return …; }`), log or return the error, and fail closed: do not store the secret when the \
            access control cannot be created. Release the result (`CFRelease`, or `__bridge_transfer` \
            into the dictionary) once it is in the query.
            """,
        fixSafety: """
            Adding a NULL check changes control flow: the failure must be handled (returned or reported), \
            which a mechanical fix cannot decide. Not automatic.
            """,
        remediation:
            "Test the result for NULL before inserting it, pass &error and log it, and do not store the item when the access control cannot be created (fail closed).",
        notes: [
            "Objective-C has no force-unwrap: the crash the Swift rule reports for `access!` happens here when a NULL result is inserted into an `NSDictionary` literal or with `setObject:forKey:` (an exception) or `CFDictionaryAddValue`/`SetValue` (a NULL retain). Such an insertion of the call itself is always reported; one through a local only when the local is never tested.",
            "A subscript assignment, `setValue:forKey:` or `setObject:forKeyedSubscript:` with NULL removes the key, and a NULL in `dictionaryWithObjectsAndKeys:` ends its list: the item is then stored without the access control. This is the Swift rule's Optional-in-the-query finding, reported under `kSecAttrAccessControl` only.",
            "A local counts as checked when it is tested after the store (`if (access)`, `!access`, `access == NULL`/`nil`/`0`, an operand of `&&`/`||`, a `?:` condition), even after its use (precision first), or when, before its first use, an `if` on the error out-parameter leaves (`return`, `@throw`, `goto`, `abort()`), or when it is inserted in the branch where a test of the error finds none (`if (!error) { … }`, `if (error == NULL)`, the `else` of `if (error)`; `errSecSuccess` and `noErr` compare as 0, that is NULL): Security sets the error whenever it returns NULL. A test of another local of the same name, declared in an inner block, does not count; a test of the call itself where it is made does.",
            "Failure branches are those of a whole condition testing the result (`if (!access)`, `if (access == NULL)`, the `else` of `if (access)`) and of one testing the error out-parameter (`if (error)`, the `else` of `if (!error)`). Fails open means such a branch writes `kSecAttrAccessible` into a dictionary.",
            "A result that a function or method returns (directly or through its local) is judged where the file's calls of it use it, each on its own (a `[self makeAccess]` inserted unchecked is reported at the creation, naming that use); calls from other files are not looked at here. A result passed to a function or message, or stored in an instance variable or property, is not judged here; nor is a second variable it is bridged into (`id object = CFBridgingRelease(access)`).",
            "The low-severity case needs a check of the result and a `NULL`/`nil`/`0` error argument; `&error` (even if then ignored) is not flagged.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension UncheckedAccessControlCreationRule {
    static let examples: [RuleExample] = [
        .triggering(
            "Apple's sample: the Optional goes into the query as `access as Any`",
            """
            let access = ↓SecAccessControlCreateWithFlags(nil, // Use the default allocator.
                                                         kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         .userPresence,
                                                         nil) // Ignore any error.
            let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword,
                                        kSecAttrAccessControl as String: access as Any,
                                        kSecValueData as String: password]
            let status = SecItemAdd(query as CFDictionary, nil)
            """,
            messages: [
                "Access control is put into the query while still Optional: `access as Any` (line 6) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ],
            alsoTriggers: ["swift.weak_biometric_acl"]),
        .triggering(
            "Force-unwrapped at the call, through a cast, and through the variable",
            """
            let a = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)!
            let b = (↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil) as! SecAccessControl)
            func save(_ data: Data) -> OSStatus {
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                var query: [String: Any] = [kSecValueData as String: data]
                query[kSecAttrAccessControl as String] = access!
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control creation is force-unwrapped: `SecAccessControlCreateWithFlags(…)!` crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
                "Access control creation is force-unwrapped: `SecAccessControlCreateWithFlags(…) as! SecAccessControl` crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
                "Access control creation is force-unwrapped: `access!` (line 6) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
            ]),
        .triggering(
            "Fails open: the else branch stores the item with plain kSecAttrAccessible",
            """
            func save(_ data: Data) -> OSStatus {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                var error: Unmanaged<CFError>?
                if let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) {
                    query[kSecAttrAccessControl as String] = access
                } else {
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
                }
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control creation fails open: when SecAccessControlCreateWithFlags returns nil, the failure branch sets plain `kSecAttrAccessible` (line 7), so the item is stored without its user-authentication protection and nobody notices"
            ]),
        .triggering(
            "Fails open through a variable: `if access == nil` and a guard that stores anyway",
            """
            func save(_ data: Data) -> OSStatus {
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                if access == nil {
                    return SecItemAdd([kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock] as CFDictionary, nil)
                }
                return SecItemAdd([kSecValueData as String: data, kSecAttrAccessControl as String: access!] as CFDictionary, nil)
            }
            func store(_ data: Data) -> OSStatus {
                guard let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil) else {
                    var fallback: [String: Any] = [kSecValueData as String: data]
                    fallback.updateValue(kSecAttrAccessibleWhenUnlocked, forKey: kSecAttrAccessible as String)
                    return SecItemAdd(fallback as CFDictionary, nil)
                }
                return SecItemAdd([kSecValueData as String: data, kSecAttrAccessControl as String: access] as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control creation fails open: when SecAccessControlCreateWithFlags returns nil, the failure branch sets plain `kSecAttrAccessible` (line 4), so the item is stored without its user-authentication protection and nobody notices",
                "Access control creation fails open: when SecAccessControlCreateWithFlags returns nil, the failure branch sets plain `kSecAttrAccessible` (line 11), so the item is stored without its user-authentication protection and nobody notices",
            ]),
        .triggering(
            "Fails open where the error is found, and a local assigned after its declaration put into the query",
            """
            func save(_ data: Data) -> OSStatus {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                var error: Unmanaged<CFError>?
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                if let error {
                    print(error.takeRetainedValue())
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
                } else {
                    query[kSecAttrAccessControl as String] = access as Any
                }
                return SecItemAdd(query as CFDictionary, nil)
            }
            func store(_ data: Data) -> OSStatus {
                var access: SecAccessControl?
                access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                return SecItemAdd([kSecValueData as String: data, kSecAttrAccessControl as String: access as Any] as CFDictionary, nil)
            }
            """,
            messages: [
                UncheckedAccessControlCreationJudgement.message(.failsOpen(place: "line 7")),
                UncheckedAccessControlCreationJudgement.message(.optionalInQuery(text: "access as Any", place: "line 16")),
            ]),
        .triggering(
            "A stored property used in a query in an extension in another file",
            files: [
                "TokenStore.swift": """
                    final class TokenStore {
                        let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    }
                    """,
                "TokenStore+Save.swift": """
                    extension TokenStore {
                        func save(_ token: Data) -> OSStatus {
                            let query: [String: Any] = [kSecValueData as String: token, kSecAttrAccessControl as String: self.access as Any]
                            return SecItemAdd(query as CFDictionary, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Access control is put into the query while still Optional: `self.access as Any` (TokenStore+Save.swift:3) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ]),
        .triggering(
            "A static property put into the query `as Any` / `as AnyObject` (Apple's sample, kept in a type)",
            files: [
                "VaultKeychain.swift": """
                    class VaultKeychain {
                        private static var access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                                    .biometryCurrentSet, nil)
                        func setQuery(_ data: Data) -> [String: Any] {
                            var query: [String: Any] = [kSecValueData as String: data]
                            query[kSecAttrAccessControl as String] = VaultKeychain.access as Any
                            return query
                        }
                    }
                    """,
                "TokenKeychain.swift": """
                    enum TokenKeychain {
                        static let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                        static func query() -> [String: AnyObject] {
                            [kSecAttrAccessControl as String: Self.access as AnyObject]
                        }
                    }
                    """,
            ],
            messages: [
                "Access control is put into the query while still Optional: `Self.access as AnyObject` (line 4) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed",
                "Access control is put into the query while still Optional: `VaultKeychain.access as Any` (line 6) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed",
            ]),
        .nonTriggering(
            "The error out-parameter is checked, and the function leaves, before the result is used",
            """
            func save(_ data: Data, flags: SecAccessControlCreateFlags) throws {
                var cfError: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &cfError)
                if let error: Error = cfError?.takeRetainedValue() {
                    throw error
                }
                let query: [String: Any] = [kSecValueData as String: data, kSecAttrAccessControl as String: access as Any]
                guard SecItemAdd(query as CFDictionary, nil) == errSecSuccess else { throw KeychainError.addFailed }
            }
            func makeKey() throws -> SecureEnclave.P256.Signing.PrivateKey {
                var accessError: SecurityError?
                let access = unsafe SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                    [.biometryCurrentSet, .privateKeyUsage], &accessError)
                if let error = unsafe accessError {
                    throw unsafe error.takeRetainedValue() as Error
                }
                return try SecureEnclave.P256.Signing.PrivateKey(accessControl: access!)
            }
            """),
        .triggering(
            "The error is looked at only after the result was used, or without leaving",
            """
            func makeKey() throws -> SecureEnclave.P256.Signing.PrivateKey {
                var accessError: Unmanaged<CFError>?
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                             [.biometryCurrentSet, .privateKeyUsage], &accessError)
                let key = try SecureEnclave.P256.Signing.PrivateKey(accessControl: access!)
                if let error = accessError { throw error.takeRetainedValue() as Error }
                return key
            }
            func makeOther() throws -> SecureEnclave.P256.Signing.PrivateKey {
                var accessError: Unmanaged<CFError>?
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                             [.biometryCurrentSet, .privateKeyUsage], &accessError)
                if let error = accessError { print(error) }
                return try SecureEnclave.P256.Signing.PrivateKey(accessControl: access!)
            }
            """,
            messages: [
                "Access control creation is force-unwrapped: `access!` (line 5) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
                "Access control creation is force-unwrapped: `access!` (line 14) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
            ]),
        .nonTriggering(
            "A static property checked for nil before use, in its own type and from another file",
            files: [
                "VaultKeychain.swift": """
                    class VaultKeychain {
                        static var error: Unmanaged<CFError>?
                        static let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                           .biometryCurrentSet, &error)
                        func setQuery(_ data: Data) -> [String: Any]? {
                            guard let access = Self.access else { return nil }
                            return [kSecValueData as String: data, kSecAttrAccessControl as String: access]
                        }
                    }
                    """,
                "Other.swift": """
                    enum TokenKeychain {
                        static let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                    }
                    func query() -> [String: Any]? {
                        if TokenKeychain.access == nil { return nil }
                        return [kSecAttrAccessControl as String: TokenKeychain.access as Any]
                    }
                    """,
            ]),
        .triggering(
            "A computed property whose getter creates the access control: each read is the Optional, put into the query unchecked",
            """
            enum AccessPolicy {
                static var biometric: SecAccessControl? {
                    ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                }
            }
            func savePin(_ pin: String) -> OSStatus {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "pin",
                                            kSecAttrAccessControl as String: AccessPolicy.biometric as Any, kSecValueData as String: Data(pin.utf8)]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control is put into the query while still Optional: `AccessPolicy.biometric as Any` (line 8) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ]),
        .nonTriggering(
            "The same computed property, checked for nil where it is read",
            """
            enum AccessPolicy {
                static var biometric: SecAccessControl? {
                    get { return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) }
                }
            }
            func savePin(_ pin: String) -> OSStatus {
                guard let access = AccessPolicy.biometric else { return errSecParam }
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "pin",
                                            kSecAttrAccessControl as String: access, kSecValueData as String: Data(pin.utf8)]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
        .triggering(
            "The Optional written directly into the query",
            """
            let query: [String: Any] = [
                kSecAttrAccessControl as String: ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil) as Any,
            ]
            """,
            messages: [
                "Access control is put into the query while still Optional: `SecAccessControlCreateWithFlags(…)` is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ]),
        .triggering(
            "Checked with guard let, but the error argument is nil (low)",
            """
            guard let accessControl = ↓SecAccessControlCreateWithFlags(
                kCFAllocatorDefault,
                kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                .biometryCurrentSet,
                nil
            ) else {
                throw KeychainError.accessControlCreationFailed
            }
            """,
            messages: [
                "Access control creation discards its error: the result is checked, but `nil` as the error argument throws away the reason Security gives for rejecting the flags or protection"
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .nonTriggering(
            "guard let with an error pointer, failing closed (as in OWASP MASTG-KNOW-0057)",
            """
            func save(_ data: Data) throws {
                var error: Unmanaged<CFError>?
                guard let accessControl = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                                                                          kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                          SecAccessControlCreateFlags.biometryCurrentSet,
                                                                          &error) else {
                    throw error!.takeRetainedValue() as Error
                }
                var query: [String: Any] = [:]
                query[kSecAttrAccessControl as String] = accessControl
                let status = SecItemAdd(query as CFDictionary, nil)
                guard status == errSecSuccess else { throw KeychainError.unhandled(status) }
            }
            """),
        .nonTriggering(
            "The variable is checked before it goes into the query; `if let access` shorthand",
            """
            func save(_ data: Data) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                guard access != nil else { return errSecParam }
                return SecItemAdd([kSecAttrAccessControl as String: access as Any] as CFDictionary, nil)
            }
            func store(_ data: Data) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                if let access {
                    return SecItemAdd([kSecAttrAccessControl as String: access] as CFDictionary, nil)
                } else {
                    print("cannot protect the item: \\(String(describing: error))")
                    return errSecParam
                }
            }
            """),
        .triggering(
            "A helper returns the Optional, and a caller in another file puts it into the query unchecked",
            files: [
                "Access.swift": """
                    func makeAccess() -> SecAccessControl? {
                        ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    }
                    """,
                "Store.swift": """
                    func save(_ data: Data) -> OSStatus {
                        let query: [String: Any] = [kSecValueData as String: data,
                                                    kSecAttrAccessControl as String: makeAccess() as Any]
                        return SecItemAdd(query as CFDictionary, nil)
                    }
                    """,
            ],
            messages: [UncheckedAccessControlCreationJudgement.message(.optionalInQuery(text: "makeAccess(…)", place: "Store.swift:3"))]),
        .nonTriggering(
            "A helper returns the Optional, and every caller binds it with guard let",
            """
            func makeAccess() -> SecAccessControl? {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                return access
            }
            func save(_ data: Data) -> OSStatus {
                guard let access = makeAccess() else { return errSecParam }
                return SecItemAdd([kSecValueData as String: data, kSecAttrAccessControl as String: access] as CFDictionary, nil)
            }
            """),
        .nonTriggering(
            "A failure branch that fails closed, and a result handed back to the caller",
            """
            func save(_ data: Data) throws {
                var error: Unmanaged<CFError>?
                if let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) {
                    let status = SecItemAdd([kSecAttrAccessControl as String: access] as CFDictionary, nil)
                    guard status == errSecSuccess else { throw KeychainError.unhandled(status) }
                } else {
                    let deleted = SecItemDelete([kSecAttrService as String: "token"] as CFDictionary)
                    throw KeychainError.accessControl(deleted)
                }
            }
            func makeAccess() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
            }
            """),
        .nonTriggering(
            "A shadowing `guard let access = access`, and an Optional under a key other than kSecAttrAccessControl",
            """
            func save(_ data: Data, label: String?) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                guard let access = access else { return errSecParam }
                let query: [String: Any] = [kSecAttrAccessControl as String: access, kSecAttrLabel as String: label as Any]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
        .nonTriggering(
            "The result goes into the query only in the branch where a test of the error finds none",
            """
            func save(_ data: Data) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                if error == nil {
                    query[kSecAttrAccessControl as String] = access
                } else {
                    return errSecParam
                }
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
        .triggering(
            "A test of the error whose branch for no error does not use the result",
            """
            func store(_ data: Data) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                if error == nil {
                    print("access control created")
                }
                let query: [String: Any] = [kSecValueData as String: data, kSecAttrAccessControl as String: access as Any]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [UncheckedAccessControlCreationJudgement.message(.optionalInQuery(text: "access as Any", place: "line 7"))]),
    ]
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension UncheckedAccessControlCreationRule {
    private static func objectiveCMessage(_ problem: UncheckedAccessControlCreationJudgement.Problem) -> String {
        UncheckedAccessControlCreationJudgement.message(problem, spelling: .c)
    }

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "The result inserted unchecked into a dictionary literal, and the call itself into setObject:forKey:",
            """
            @implementation Keychain
            - (OSStatus)saveSecret:(NSData *)secret {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecValueData: secret,
                    (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)access,
                };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            - (void)prepare:(NSMutableDictionary *)query {
                [query setObject:(__bridge_transfer id)↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, NULL) forKey:(__bridge id)kSecAttrAccessControl];
            }
            @end
            """,
            messages: [
                objectiveCMessage(.forced(text: "(__bridge_transfer id)access", place: "line 9")),
                objectiveCMessage(.forced(text: "SecAccessControlCreateWithFlags(…)", place: nil)),
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "A subscript assignment that drops the entry when the result is NULL; the error looked at without leaving",
            """
            OSStatus store(NSMutableDictionary *query) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (error) {
                    NSLog(@"access control: %@", error);
                }
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """,
            messages: [objectiveCMessage(.optionalInQuery(text: "(__bridge id)access", place: "line 8"))],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "Failure branches that store the item with plain kSecAttrAccessible (fails open)",
            """
            @implementation Keychain
            - (OSStatus)storeToken:(NSData *)token {
                NSMutableDictionary *query = [@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecValueData: token } mutableCopy];
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, NULL);
                if (access) {
                    query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                } else {
                    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
                }
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            - (OSStatus)storeKey:(NSMutableDictionary *)query {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (error != NULL) {
                    [query setObject:(__bridge id)kSecAttrAccessibleAfterFirstUnlock forKey:(__bridge id)kSecAttrAccessible];
                } else {
                    [query setObject:(__bridge_transfer id)access forKey:(__bridge id)kSecAttrAccessControl];
                }
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            messages: [objectiveCMessage(.failsOpen(place: "line 10")), objectiveCMessage(.failsOpen(place: "line 19"))]),
        .triggeringObjC(
            "Checked for NULL, but the error argument is NULL (low)",
            """
            SecAccessControlRef makeAccess(void) {
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
                if (access == NULL) {
                    return NULL;
                }
                return access;
            }
            """,
            messages: [objectiveCMessage(.discardedError)]),
        .nonTriggeringObjC(
            "Result and error tested before the insertion, failing closed",
            """
            @implementation Keychain
            - (void)addItem:(NSData *)secret {
                CFErrorRef error = NULL;
                SecAccessControlRef sacObject = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                if (sacObject == NULL || error != NULL) {
                    NSLog(@"can't create sacObject: %@", error);
                    return;
                }
                NSDictionary *attributes = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrService: @"SampleService",
                    (__bridge id)kSecValueData: secret,
                    (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)sacObject,
                };
                dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^(void) {
                    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)attributes, nil);
                    NSLog(@"%d", (int)status);
                });
            }
            @end
            """),
        .nonTriggeringObjC(
            "The error out-parameter checked, and the method leaving, before the result is used",
            """
            @implementation Keychain
            - (void)insert:(NSMutableDictionary *)attributes flags:(SecAccessControlCreateFlags)flags reject:(void (^)(NSError *))reject {
                CFErrorRef error = NULL;
                SecAccessControlRef sacRef = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &error);
                if (error) {
                    NSError *nsError = (__bridge NSError *)error;
                    return reject(nsError);
                }
                attributes[(__bridge NSString *)kSecAttrAccessControl] = (__bridge id)sacRef;
            }
            @end
            """),
        .triggeringObjC(
            "A method returns the result, and a call of the file inserts it into a dictionary literal unchecked",
            """
            @implementation Vault
            - (SecAccessControlRef)makeAccess {
                CFErrorRef error = NULL;
                return ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
            }
            - (OSStatus)save:(NSData *)data {
                NSDictionary *query = @{(__bridge id)kSecValueData: data,
                                        (__bridge id)kSecAttrAccessControl: (__bridge id)[self makeAccess]};
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            messages: [objectiveCMessage(.forced(text: "[self makeAccess]", place: "line 9"))]),
        .nonTriggeringObjC(
            "A method returns the result, and every call of the file tests it for NULL",
            """
            @implementation Vault
            - (SecAccessControlRef)makeAccess {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                return access;
            }
            - (OSStatus)save:(NSData *)data {
                SecAccessControlRef access = [self makeAccess];
                if (access == NULL) { return errSecParam; }
                NSDictionary *query = @{(__bridge id)kSecValueData: data, (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)access};
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """),
        .nonTriggeringObjC(
            "A failure branch that fails closed, a result handed back or passed on, and an assignment tested in the condition",
            """
            BOOL save(NSMutableDictionary *query) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (!access) {
                    SecItemDelete((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"token" });
                    return NO;
                }
                query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
            }
            SecAccessControlRef makeAccess(CFErrorRef *error) {
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, error);
            }
            @implementation Vault
            - (BOOL)protect:(NSMutableDictionary *)query {
                CFErrorRef error = NULL;
                SecAccessControlRef access = NULL;
                if ((access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                        kSecAccessControlBiometryCurrentSet, &error))) {
                    query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                    return YES;
                }
                [self useAccess:SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error)];
                return NO;
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "A test of another local of the same name in an inner block does not check the result; the call tested where it is made, with a NULL error (low)",
            """
            OSStatus save(NSMutableDictionary *query, SecAccessControlRef other) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                {
                    SecAccessControlRef access = other;
                    if (access == NULL) { return errSecParam; }
                }
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            BOOL canProtect(void) {
                if (↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                        kSecAccessControlBiometryCurrentSet, NULL) == NULL) { return NO; }
                return YES;
            }
            """,
            messages: [objectiveCMessage(.optionalInQuery(text: "(__bridge id)access", place: "line 9")), objectiveCMessage(.discardedError)]),
        .nonTriggeringObjC(
            "The result inserted only where a test of the error finds none: `error == errSecSuccess` (0, so NULL), and the else of `if (error)`",
            """
            @implementation Keychain
            - (BOOL)protect:(NSMutableDictionary *)attributes {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                if (error == errSecSuccess) {
                    attributes[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                }
                return YES;
            }
            - (void)prepare:(NSMutableDictionary *)attributes {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                if (error) {
                    NSLog(@"access control: %@", error);
                } else {
                    attributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                }
            }
            @end
            """),
        .triggeringObjC(
            "A test of the error whose branch for no error does not insert the result",
            """
            OSStatus save(NSMutableDictionary *query) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (error == NULL) {
                    NSLog(@"created");
                }
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """,
            messages: [objectiveCMessage(.optionalInQuery(text: "(__bridge id)access", place: "line 8"))]),
    ]
}
