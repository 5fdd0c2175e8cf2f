import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// A `switch` subject read again inside one of its clauses (or in the body of `if case`) is one
/// of the cases the clause matches: what is derived from it there is its value for those cases.
@Suite("Resolver: a switch subject narrowed inside its clauses")
struct SubjectNarrowingTests {
    private static let tier = """
        enum Tier {
            case open, shared, sealed
            var protection: CFString {
                switch self {
                case .open: return kSecAttrAccessibleAlways
                case .shared: return kSecAttrAccessibleAfterFirstUnlock
                case .sealed: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                }
            }
        }
        """

    /// `tier` is a parameter of a public function: its value is not known, but inside
    /// `case .shared:` the property's own `switch self` runs that case only.
    @Test func computedPropertyOfAnUnknownSubjectTakesTheClauseCase() {
        let narrowed = resolveProbe(
            Self.tier + """

                public func keep(_ tier: Tier) {
                    switch tier {
                    case .shared: probe(tier.protection)
                    default: break
                    }
                }
                """)
        #expect(narrowed.descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
        #expect(narrowed.gaps.isEmpty, "\(narrowed.reasons)")

        // Outside the switch, every case stays possible.
        let whole = resolveProbe(Self.tier + "\npublic func keep(_ tier: Tier) { probe(tier.protection) }")
        #expect(whole.descriptionSet == [
            "kSecAttrAccessibleAlways", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
        ])
    }

    @Test func aClauseOfSeveralCasesAdmitsEach() {
        let resolution = resolveProbe(
            Self.tier + """

                public func keep(_ tier: Tier) {
                    switch tier {
                    case .open, .shared: probe(tier.protection)
                    case .sealed: break
                    }
                }
                """)
        #expect(resolution.descriptionSet == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAfterFirstUnlock"])
    }

    @Test func defaultExcludesTheCasesOtherClausesCatch() {
        let resolution = resolveProbe(
            Self.tier + """

                public func keep(_ tier: Tier) {
                    switch tier {
                    case .open: break
                    default: probe(tier.protection)
                    }
                }
                """)
        #expect(resolution.descriptionSet == ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
    }

    @Test func ifCaseNarrowsItsBodyAndItsElse() {
        let body = resolveProbe(Self.tier + "\npublic func keep(_ tier: Tier) { if case .sealed = tier { probe(tier.protection) } }")
        #expect(body.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
        let otherwise = resolveProbe(
            Self.tier + "\npublic func keep(_ tier: Tier) { if case .sealed = tier { } else { probe(tier.protection) } }")
        #expect(otherwise.descriptionSet == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAfterFirstUnlock"])
    }

    /// Known values of the subject (what callers pass) are narrowed too.
    @Test func knownValuesOfTheSubjectAreNarrowed() {
        let resolution = resolveProbe(
            Self.tier + """

                func keep(_ tier: Tier) {
                    switch tier {
                    case .sealed: probe(tier.protection)
                    default: break
                    }
                }
                func callers() { keep(.open); keep(.sealed) }
                """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
    }

    /// A nested `switch` over the same subject, which chooses a local's value, runs only the
    /// clause the outer one admits.
    @Test func nestedSwitchOverTheSameSubject() {
        let resolution = resolveProbe(
            Self.tier + """

                public func keep(_ tier: Tier) {
                    switch tier {
                    case .sealed:
                        var protection: CFString = kSecAttrAccessibleWhenUnlocked
                        switch tier {
                        case .open: protection = kSecAttrAccessibleAlways
                        case .shared, .sealed: protection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                        }
                        probe(protection)
                    default: break
                    }
                }
                """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
    }

    @Test func tableLookupKeyedByTheSubject() {
        let resolution = resolveProbe(
            """
            enum Tier { case open, shared, sealed }
            let protections: [Tier: CFString] = [
                .open: kSecAttrAccessibleAlways, .shared: kSecAttrAccessibleAfterFirstUnlock,
                .sealed: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            ]
            public func keep(_ tier: Tier) {
                switch tier {
                case .sealed: probe(protections[tier])
                default: break
                }
            }
            """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"])
    }

    /// A clause with a payload binding admits its case; the member's `switch self` then reads the
    /// payload of the subject's values of that case only.
    @Test func payloadBindingClause() {
        let resolution = resolveProbe(
            """
            enum Storage {
                case device(CFString), synced
                var protection: CFString {
                    switch self {
                    case let .device(protection): return protection
                    case .synced: return kSecAttrAccessibleAfterFirstUnlock
                    }
                }
            }
            func keep(_ storage: Storage) {
                switch storage {
                case .device(let chosen): probe(storage.protection)
                case .synced: break
                }
            }
            func callers() { keep(.device(kSecAttrAccessibleAlways)); keep(.synced) }
            """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleAlways"])
    }

    /// The associated value of a subject that is not known: its type is the one the case
    /// declares, so a member read on it is that type's, and the chain stays within the case.
    @Test func payloadOfAnUnknownSubjectHasTheDeclaredType() {
        let resolution = resolveProbe(
            """
            enum Level {
                case low, high
                var constant: CFString {
                    switch self {
                    case .low: return kSecAttrAccessibleAfterFirstUnlock
                    case .high: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    }
                }
            }
            enum Sync {
                case soon, later
                var level: Level { .low }
            }
            enum Config {
                case local(Level), synced(Sync), sealed
                var level: Level {
                    switch self {
                    case let .local(level): return level
                    case let .synced(sync): return sync.level
                    case .sealed: return .high
                    }
                }
            }
            public func keep(_ config: Config) {
                switch config {
                case .synced: probe(config.level.constant)
                default: break
                }
            }
            """)
        #expect(resolution.descriptions == ["kSecAttrAccessibleAfterFirstUnlock"])
    }

    /// A computed property of the enum read on implicit `self` inside a clause of `switch self`.
    @Test func implicitSelfInsideSwitchSelf() {
        let resolution = resolveProbe(
            Self.tier + """

                extension Tier {
                    var label: CFString {
                        switch self {
                        case .shared: return protection
                        default: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                        }
                    }
                }
                public func keep(_ tier: Tier) { probe(tier.label) }
                """)
        #expect(resolution.descriptionSet == ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"])
    }

    /// What the clause changes is not narrowed: an assignment to the subject, a clause that falls
    /// through, a subject that is a call's result.
    @Test func changedSubjectsAreNotNarrowed() {
        let all: Set<String> = [
            "kSecAttrAccessibleAlways", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
        ]
        let assigned = resolveProbe(
            Self.tier + """

                public func keep(_ start: Tier, _ other: Tier) {
                    var tier = start
                    switch tier {
                    case .shared:
                        tier = other
                        probe(tier.protection)
                    default: break
                    }
                }
                """)
        #expect(assigned.descriptionSet == all)
        let fallsThrough = resolveProbe(
            Self.tier + """

                public func keep(_ tier: Tier) {
                    switch tier {
                    case .open: fallthrough
                    case .shared: probe(tier.protection)
                    default: break
                    }
                }
                """)
        #expect(fallsThrough.descriptionSet == all)
        let called = resolveProbe(
            Self.tier + """

                func current() -> Tier { .open }
                public func keep() {
                    switch current() {
                    case .shared: probe(current().protection)
                    default: break
                    }
                }
                """)
        #expect(called.descriptions == ["kSecAttrAccessibleAlways"])
    }
}
