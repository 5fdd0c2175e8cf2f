import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: literals, casts and unknown expressions")
struct LiteralResolutionTests {
    @Test(arguments: [
        (".biometryAny", ".biometryAny"),
        ("SecAccessControlCreateFlags.biometryAny", "SecAccessControlCreateFlags.biometryAny"),
        ("[.privateKeyUsage, .biometryAny]", "[.privateKeyUsage, .biometryAny]"),
        ("[.biometryAny, .or, .devicePasscode]", "[.biometryAny, .or, .devicePasscode]"),
        ("[]", "[]"),
        (".init(rawValue: 2)", ".init(rawValue: 2)"),
        ("SecAccessControlCreateFlags(rawValue: 6)", "SecAccessControlCreateFlags.init(rawValue: 6)"),
        ("SecAccessControlCreateFlags.init(rawValue: 0x10)", "SecAccessControlCreateFlags.init(rawValue: 16)"),
        ("\"com.example.token\"", "\"com.example.token\""),
        ("42", "42"),
        ("1_000", "1000"),
        ("0b101", "5"),
        ("-3", "-3"),
        ("true", "true"),
        ("nil", "nil"),
        ("kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleWhenUnlocked"),
        ("[kSecClass: kSecClassGenericPassword]", "[kSecClass: kSecClassGenericPassword]"),
        ("[:]", "[:]"),
        ("1 | 4", "5"),
    ])
    func literal(_ expression: String, _ expected: String) {
        let resolution = resolveProbe("func f() { probe(\(expression)) }")
        #expect(resolution.descriptions == [expected])
        #expect(resolution.gaps.isEmpty)
        #expect(resolution.values.first?.trace.isEmpty == true, "a literal has no trace")
    }

    @Test(arguments: [
        "kSecAttrAccessibleWhenUnlocked as String",
        "kSecAttrAccessibleWhenUnlocked as CFString",
        "kSecAttrAccessibleWhenUnlocked as Any",
        "kSecAttrAccessibleWhenUnlocked as! String",
        "(kSecAttrAccessibleWhenUnlocked)",
        "((kSecAttrAccessibleWhenUnlocked as CFString) as String)",
        "kSecAttrAccessibleWhenUnlocked!",
        "try kSecAttrAccessibleWhenUnlocked",
        "try! (kSecAttrAccessibleWhenUnlocked as Any)",
        "unsafe kSecAttrAccessibleWhenUnlocked",
        "try unsafe (kSecAttrAccessibleWhenUnlocked as CFString)",
    ])
    func castsAndWrappersAreTransparent(_ expression: String) {
        let resolution = resolveProbe("func f() throws { probe(\(expression)) }")
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenUnlocked"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func castOfAResolvedLocal() {
        let resolution = resolveProbe(
            """
            func f() {
                let flags: SecAccessControlCreateFlags = [.biometryCurrentSet]
                probe((flags as Any) as! SecAccessControlCreateFlags)
            }
            """)
        #expect(resolution.descriptions == ["[.biometryCurrentSet]"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func tryOfAFunctionCall() {
        let resolution = resolveProbe(
            """
            func makeFlags() throws -> SecAccessControlCreateFlags { .biometryAny }
            func f() throws { probe(try makeFlags()) }
            """)
        #expect(resolution.descriptions == [".biometryAny"])
    }

    @Test func rawValueThatIsNotAKnownIntegerIsAGap() {
        let resolution = resolveProbe("func f() { probe(SecAccessControlCreateFlags(rawValue: storedRaw)) }")
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "rawValue"))
    }

    @Test func nilCoalescingDropsNil() {
        let resolution = resolveProbe(
            """
            func f() {
                let configured: SecAccessControlCreateFlags? = nil
                probe(configured ?? .biometryCurrentSet)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
    }

    @Test func nilCoalescingKeepsTheDefaultOnlyWhereTheNameMayBeNil() {
        // Every caller passes a flag: `access` is never nil there, so `[]` is not a value.
        let passed = resolveProbe(
            """
            func make(access: SecAccessControlCreateFlags?) { probe(access ?? []) }
            func a() { make(access: .biometryCurrentSet) }
            """)
        #expect(passed.descriptions == [".biometryCurrentSet"])
        // A caller passing nil, or one passing a value the resolver cannot know, keeps it.
        let withNil = resolveProbe(
            """
            func make(access: SecAccessControlCreateFlags?) { probe(access ?? []) }
            func a() { make(access: .biometryCurrentSet) }
            func b() { make(access: nil) }
            """)
        #expect(withNil.descriptionSet == [".biometryCurrentSet", "[]"])
        let unknown = resolveProbe(
            """
            func make(access: SecAccessControlCreateFlags?) { probe(access ?? []) }
            func a() { make(access: .biometryCurrentSet) }
            func b() { make(access: storedFlags()) }
            """)
        #expect(unknown.descriptionSet.contains("[]"))
        // A call on the left may return nil without the resolver seeing it.
        let call = resolveProbe("func f() { probe(flagsFromSettings(.biometryCurrentSet) ?? []) }")
        #expect(call.descriptionSet.contains("[]"))
    }

    @Test func memberOfAnUnrelatedDeclaredTypeKeepsItsType() {
        let resolution = resolveProbe(
            """
            enum AuthMode { case userPresence, none }
            func f() { probe(AuthMode.userPresence) }
            """)
        #expect(resolution.descriptions == ["AuthMode.userPresence"])
        #expect(resolution.values.allSatisfy { AccessControlFlagSet.interpret($0.value) == nil })
    }

    @Test func missingMemberOfADeclaredTypeIsAGap() {
        let resolution = resolveProbe(
            """
            enum AuthMode { case strict }
            func f() { probe(AuthMode.relaxed) }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "AuthMode", "relaxed"))
    }

    @Test(arguments: [
        ("{ .biometryAny }", "closure"),
        ("flagsTable[0]", "flagsTable"),
        ("a * b", "`*`"),
        ("x.y.z.unknownMember", "unknownMember"),
    ])
    func unfollowableExpressionsAreGaps(_ expression: String, _ reasonWord: String) {
        let resolution = resolveProbe("func f() { probe(\(expression)) }")
        #expect(resolution.values.isEmpty, "no value is guessed for `\(expression)`")
        #expect(resolution.hasGap(mentioning: reasonWord), "\(resolution.reasons)")
    }

    /// A dictionary lookup: the entry of the key, the entries of each key callers pass, every
    /// entry for a key that cannot be known (as a `switch` on an unknown subject), and a gap for a
    /// key with no entry.
    @Test func dictionaryLookupTakesTheEntryOfItsKey() {
        let table = """
            enum Level { case low, high }
            let table: [Level: CFString] = [.low: kSecAttrAccessibleAlways, .high: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
            """
        let known = resolveProbe(table + "\nfunc f() { probe(table[.high]) }")
        #expect(known.descriptions == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
        #expect(known.trace(of: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly")?.first == "`table[.high]`")

        let fromCallers = resolveProbe(table + "\nfunc f(level: Level) { probe(table[level]) }\nfunc g() { f(level: .low) }")
        #expect(fromCallers.descriptions == ["kSecAttrAccessibleAlways"])

        let unknown = resolveProbe(table + "\nfunc f(level: Level) { probe(table[level]) }\nfunc g(l: Level) { f(level: l) }")
        #expect(unknown.descriptionSet == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])

        let external = resolveProbe(table + "\nfunc f() { probe(table[loadLevel()]) }")
        #expect(external.descriptionSet == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])

        let missing = resolveProbe(
            """
            let table: [String: CFString] = ["low": kSecAttrAccessibleAlways]
            func f() { probe(table["medium"]) }
            """)
        #expect(missing.values.isEmpty)
        #expect(missing.hasGap(mentioning: "no entry"))
    }

    @Test func interpolatedStringIsOpaqueNotALiteral() {
        let resolution = resolveProbe(
            #"""
            func f(user: String) { probe("token-\(user)") }
            """#)
        #expect(resolution.values.count == 1)
        if case .opaque? = resolution.values.first?.value {} else {
            Issue.record("expected an opaque value, got \(resolution.descriptions)")
        }
    }

    @Test func undeclaredCallKeepsItsArguments() {
        let resolution = resolveProbe(
            """
            func f() {
                probe(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryAny, nil))
            }
            """)
        #expect(resolution.gaps.isEmpty)
        guard case .call(let call)? = resolution.singleValue else {
            Issue.record("expected a call value, got \(resolution.descriptions)")
            return
        }
        #expect(call.name == "SecAccessControlCreateWithFlags")
        #expect(call.arguments.map(\.value.description) == ["nil", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly", ".biometryAny", "nil"])
    }

    @Test func methodOfAnUnknownReceiverTypeYieldsNoFlags() {
        // `policy` is a parameter of a type the scan does not declare and nobody calls `f`:
        // the flags cannot be known, so nothing may read as access-control flags.
        let resolution = resolveProbe(
            """
            func f(policy: RemotePolicy) {
                let flags = policy.decode()
                probe(flags)
            }
            """)
        #expect(resolution.values.allSatisfy { AccessControlFlagSet.interpret($0.value) == nil })
        #expect(!resolution.gaps.isEmpty)
        #expect(resolution.hasGap(mentioning: "policy"), "\(resolution.reasons)")
    }
}
