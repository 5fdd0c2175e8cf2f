import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// A local declared in the clauses of an `#if`: the scan cannot know which configuration ships,
/// so every clause's value is possible, and the trace names the clause.
@Suite("Locals declared under #if")
struct ConditionalCompilationTests {
    @Test("each clause's value is possible, with its condition in the trace")
    func everyClause() {
        let resolution = resolveProbe("""
            func f() {
                #if DEBUG
                let flags: SecAccessControlCreateFlags = .userPresence
                #elseif targetEnvironment(simulator)
                let flags: SecAccessControlCreateFlags = .devicePasscode
                #else
                let flags: SecAccessControlCreateFlags = .biometryCurrentSet
                #endif
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".userPresence", ".devicePasscode", ".biometryCurrentSet"])
        #expect(resolution.gaps.isEmpty)
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "#if DEBUG"])
        #expect(resolution.trace(of: ".devicePasscode") == ["`flags`", "#elseif targetEnvironment(simulator)"])
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`", "#else"])
    }

    @Test("in a long function (looked up through its statement index), each clause's value is possible too")
    func everyClauseInALongFunction() {
        let filler = (0..<80).map { "    let unrelated\($0) = \($0)" }.joined(separator: "\n")
        let resolution = resolveProbe("""
            func f() {
            \(filler)
                #if DEBUG
                let flags: SecAccessControlCreateFlags = .userPresence
                #else
                let flags: SecAccessControlCreateFlags = .biometryCurrentSet
                #endif
            \(filler.replacingOccurrences(of: "unrelated", with: "later"))
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".userPresence", ".biometryCurrentSet"])
        #expect(resolution.gaps.isEmpty)
    }

    @Test("statements inside the clause and after #endif still change the value")
    func flowAfterTheClause() {
        let resolution = resolveProbe("""
            func f(strict: Bool) {
                #if DEBUG
                var flags: SecAccessControlCreateFlags = .userPresence
                flags.insert(.privateKeyUsage)
                #else
                var flags: SecAccessControlCreateFlags = .biometryAny
                #endif
                flags = .biometryCurrentSet
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".biometryCurrentSet"], "\(resolution.descriptions)")
    }

    @Test("a name declared in only one clause has that clause's value")
    func oneClause() {
        let resolution = resolveProbe("""
            func f() {
                #if DEBUG
                let protection = kSecAttrAccessibleAlways
                #endif
                probe(protection)
            }
            """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleAlways"])
        #expect(resolution.trace(of: "kSecAttrAccessibleAlways") == ["`protection`", "#if DEBUG"])
    }

    @Test("a local inside the clause, used inside it, is an ordinary local")
    func useInsideTheClause() {
        let resolution = resolveProbe("""
            func f() {
                #if DEBUG
                let flags: SecAccessControlCreateFlags = .userPresence
                probe(flags)
                #endif
            }
            """)
        #expect(resolution.descriptions == [".userPresence"])
        #expect(resolution.trace(of: ".userPresence") == ["`flags`"])
    }

    @Test("a change made under #if: each clause's change is possible, and without #else the value before it too")
    func changeUnderAClause() {
        let resolution = resolveProbe("""
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                #if DEBUG
                flags = .userPresence
                #elseif os(macOS)
                flags.insert(.devicePasscode)
                #endif
                probe(flags)
            }
            """)
        #expect(resolution.descriptions == [".userPresence", "[.biometryCurrentSet, .devicePasscode]", ".biometryCurrentSet"], "\(resolution.descriptions)")
        #expect(resolution.gaps.isEmpty)
        #expect(resolution.trace(of: ".userPresence") == ["`flags`", "#if DEBUG", "assigned"], "\(resolution.trace(of: ".userPresence"))")
        #expect(resolution.trace(of: ".biometryCurrentSet") == ["`flags`"])
    }

    @Test("with #else, one clause's change always runs")
    func changeUnderEveryClause() {
        let resolution = resolveProbe("""
            func f() {
                var protection = kSecAttrAccessibleWhenUnlocked
                #if os(iOS)
                protection = kSecAttrAccessibleAlways
                #else
                protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                #endif
                probe(protection)
            }
            """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
    }

    @Test("a dictionary entry added under #if is in the query the configurations that compile it build")
    func entryUnderAClause() {
        let resolution = resolveProbe("""
            func f() {
                var query = [String: Any]()
                query[kSecMatchLimit as String] = kSecMatchLimitAll
                #if os(iOS) || os(tvOS)
                query[kSecReturnData as String] = kCFBooleanTrue
                #endif
                probe(query)
            }
            """)
        #expect(resolution.values.count == 2)
        #expect(resolution.gaps.isEmpty)
    }

    @Test("a use inside a clause sees what the clause did before it")
    func useInsideAClauseOfAnOuterLocal() {
        let resolution = resolveProbe("""
            func f() {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                #if DEBUG
                flags = .userPresence
                probe(flags)
                #endif
            }
            """)
        #expect(resolution.descriptions == [".userPresence"])
    }
}
