import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: tuples a function returns, read one element at a time")
struct TupleValueTests {
    /// A function that builds a dictionary and returns it beside an error, as settings types do.
    private static let builder = """
        enum BuildError: Error { case unavailable }
        struct ItemSettings {
            var strict: Bool
            func make(account: String) -> ([String: Any], Error?) {
                var entries: [String: Any] = [kSecAttrAccount as String: account]
                guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryAny, nil) else {
                    return (entries, BuildError.unavailable)
                }
                entries[kSecAttrAccessControl as String] = access
                return (entries, nil)
            }
        }
        """

    @Test func tuplePatternBindsEachNameToItsElement() {
        let resolution = resolveProbe(
            Self.builder + """

                func store(_ settings: ItemSettings) {
                    var (query, failure) = settings.make(account: "token")
                    if let failure { print(failure) }
                    probe(query)
                }
                """)
        #expect(resolution.descriptionSet == [
            "[kSecAttrAccount: \"token\"]",
            "[kSecAttrAccount: \"token\", kSecAttrAccessControl: SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryAny, nil)]",
        ])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
        // The tuple's path (the function, the `return`'s branch) comes before the element's own.
        #expect(resolution.trace(of: "[kSecAttrAccount: \"token\"]") == ["`query`", "`ItemSettings.make()`", "`entries`"])
    }

    @Test func theOtherElementAndAWildcard() {
        let resolution = resolveProbe(
            Self.builder + """

                func store(_ settings: ItemSettings) {
                    let (_, failure) = settings.make(account: "token")
                    probe(failure)
                }
                """)
        #expect(resolution.descriptionSet == ["BuildError.unavailable", "nil"])
    }

    @Test func unknownPartOfOneElementIsNotAGapOfTheOther() {
        let resolution = resolveProbe(
            """
            func load() -> (String, Int) {
                return ("kept", undeclaredCount())
            }
            func f() {
                let (name, count) = load()
                probe(name)
            }
            """)
        #expect(resolution.descriptions == ["\"kept\""])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test func elementByPositionAndByLabel() {
        let source = """
            func pair() -> (flags: SecAccessControlCreateFlags, protection: CFString) {
                (.biometryAny, kSecAttrAccessibleAfterFirstUnlock)
            }
            func labelled() -> (flags: SecAccessControlCreateFlags, protection: CFString) {
                return (flags: .userPresence, protection: kSecAttrAccessibleAlways)
            }
            func f() {
                probe(pair().0)
                probe(pair().protection)
                probe(labelled().flags)
                probe({ () -> (Int, Int) in (1, 2) }().1)
            }
            """
        let probed = ProbedFile(source)
        #expect(probed.resolve(0).descriptions == [".biometryAny"])
        // Unlabelled in the `return`, labelled by the declared result type.
        #expect(probed.resolve(1).descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
        #expect(probed.resolve(2).descriptions == [".userPresence"])
        #expect(probed.resolve(3).descriptions == ["2"])
    }

    @Test func nestedTuplePatternAndLaterAssignments() {
        let resolution = resolveProbe(
            """
            func parts() -> ((SecAccessControlCreateFlags, Int), Bool) {
                return ((.biometryCurrentSet, 1), true)
            }
            func f(relaxed: Bool) {
                var ((flags, _), _) = parts()
                if relaxed { flags = .userPresence }
                probe(flags)
            }
            """)
        #expect(resolution.descriptionSet == [".biometryCurrentSet", ".userPresence"])
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "if `relaxed`", "assigned"])
    }

    @Test func whatIsNotAKnownTupleStaysAGap() {
        let source = """
            func sdkPair() -> (Int, Int) { return externalPair() }
            func two() -> (Int, Int) { return (1, 2) }
            func f() {
                let (a, b) = sdkPair()
                probe(a)
                probe(two().5)
                probe(two().missing)
            }
            """
        let probed = ProbedFile(source)
        #expect(probed.resolve(0).values.isEmpty)
        #expect(probed.resolve(0).reasons == ["element 0 of a value that is not a known tuple"])
        #expect(probed.resolve(1).values.isEmpty)
        #expect(probed.resolve(1).reasons == ["element 5 is not an element of `(1, 2)`"])
        #expect(probed.resolve(2).values.isEmpty)
        #expect(probed.resolve(2).reasons == ["element `missing` is not an element of `(1, 2)`"])
    }

    @Test func aTupleAssignedAgainIsNotFollowed() {
        let resolution = resolveProbe(
            """
            func two() -> (SecAccessControlCreateFlags, Int) { return (.biometryCurrentSet, 2) }
            func f() {
                var (flags, count) = two()
                (flags, count) = other()
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"])
        #expect(resolution.reasons == ["`flags` is changed in a way the resolver does not follow"])
    }
}
