import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: associated values bound by `case let`")
struct CasePayloadTests {
    private static let protection = """
        enum Protection {
            case biometric(flags: SecAccessControlCreateFlags)
            case passcode
            case custom(SecAccessControlCreateFlags, CFString)
            var flags: SecAccessControlCreateFlags {
                switch self {
                case let .biometric(flags): return flags
                case .passcode: return .devicePasscode
                case .custom(let flags, _): return flags
                }
            }
        }
        """

    @Test func payloadOfAKnownCaseThroughSwitchSelf() {
        let resolution = resolveProbe(Self.protection + "\nfunc f() { probe(Protection.biometric(flags: .biometryAny).flags) }")
        #expect(resolution.descriptions == [".biometryAny"])
        #expect(resolution.trace(of: ".biometryAny") == ["`Protection.flags`", "case let .biometric(flags)", "case .biometric"])
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
    }

    @Test func unlabeledPayloadAtItsPosition() {
        let resolution = resolveProbe(
            Self.protection + "\nfunc f() { probe(Protection.custom([.biometryAny, .or, .devicePasscode], kSecAttrAccessibleAlways).flags) }")
        #expect(resolution.descriptions == ["[.biometryAny, .or, .devicePasscode]"])
    }

    @Test func payloadOfAParameterFromItsCallers() {
        let resolution = resolveProbe(
            Self.protection + """

                func store(_ protection: Protection) {
                    switch protection {
                    case .biometric(let flags):
                        probe(flags)
                    default:
                        break
                    }
                }
                func caller() {
                    store(.biometric(flags: .touchIDAny))
                    store(.passcode)
                }
                """)
        #expect(resolution.descriptions == [".touchIDAny"])
    }

    @Test func twoCasesBindingTheSameNameAreNotFollowed() {
        let resolution = resolveProbe(
            """
            enum Mode { case a(SecAccessControlCreateFlags), b(SecAccessControlCreateFlags) }
            func f(_ mode: Mode) {
                switch mode {
                case .a(let flags), .b(let flags): probe(flags)
                }
            }
            func g() { f(.a(.biometryAny)) }
            """)
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "`case` pattern"))
    }

    @Test func anUnknownSubjectIsAGap() {
        let resolution = resolveProbe(Self.protection + "\nfunc f(p: Protection) { switch p { case let .biometric(flags): probe(flags); default: break } }")
        #expect(resolution.values.isEmpty)
        #expect(!resolution.gaps.isEmpty)
    }

    /// `if case`, `guard case` and `while case` bind a payload as a `switch` case does, from the
    /// values the matched value can have; other cases' values do not reach it.
    @Test func payloadOfACaseCondition() {
        let callers = """

            func caller() {
                store(.biometric(flags: .touchIDAny))
                store(.custom(.userPresence, kSecAttrAccessibleAlways))
                store(.passcode)
            }
            """
        let guarded = resolveProbe(Self.protection + """

            func store(_ protection: Protection) {
                guard case let .custom(flags, _) = protection else { return }
                probe(flags)
            }
            """ + callers)
        #expect(guarded.descriptions == [".userPresence"])
        #expect(guarded.trace(of: ".userPresence")?.first == "case .custom")
        let conditional = resolveProbe(Self.protection + """

            func store(_ protection: Protection) {
                if case .biometric(let flags) = protection { probe(flags) }
            }
            """ + callers)
        #expect(conditional.descriptions == [".touchIDAny"])
        #expect(conditional.gaps.isEmpty, "\(conditional.reasons)")
    }
}
