import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: self per receiver, in a library's public methods")
struct InstanceSelfTests {
    /// A library: one public settings type used twice (a key pair's public and private key), held
    /// by a public configuration whose owner reaches it through a stored property its callers set.
    private static func library(privateFlags: String = "[.userPresence, .privateKeyUsage]", holder: String = "let") -> String {
        """
        public final class KeyGuard {
            public let protection: CFString
            public let flags: SecAccessControlCreateFlags
            public init(protection: CFString, flags: SecAccessControlCreateFlags) {
                self.protection = protection
                self.flags = flags
            }
            public func currentFlags() -> SecAccessControlCreateFlags { flags }
            public var effectiveFlags: SecAccessControlCreateFlags { flags }
        }
        public struct PairSettings {
            public \(holder) publicGuard: KeyGuard
            public \(holder) privateGuard: KeyGuard
            public init(
                publicGuard: KeyGuard = KeyGuard(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                privateGuard: KeyGuard = KeyGuard(protection: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, flags: \(privateFlags))
            ) {
                self.publicGuard = publicGuard
                self.privateGuard = privateGuard
            }
        }
        """
    }

    private static func owner(reading expression: String) -> String {
        """
        public final class PairMaker {
            public let settings: PairSettings
            public init(settings: PairSettings) { self.settings = settings }
            public func make() { probe(\(expression)) }
        }
        """
    }

    private static let app = """
        let demoSettings = PairSettings(
            publicGuard: KeyGuard(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
            privateGuard: KeyGuard(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage]))
        func start() { PairMaker(settings: demoSettings).make() }
        """

    @Test func aPublicMethodOnAPropertyOfAnUnknownInstanceHasThatPropertysValuesOnly() {
        let resolution = resolveProbe([
            "Library.swift": Self.library(),
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(resolution.descriptions == ["[.userPresence, .privateKeyUsage]"], "\(resolution.reasons)")
        #expect(resolution.trace(of: "[.userPresence, .privateKeyUsage]") == [
            "`KeyGuard.currentFlags()`", "`PairSettings.privateGuard`", "assigned", "default of `privateGuard`", "`KeyGuard.flags`",
            "assigned", "argument `flags` of the call",
        ])
    }

    @Test func theOtherPropertyKeepsItsOwnValues() {
        let resolution = resolveProbe([
            "Library.swift": Self.library(),
            "Maker.swift": Self.owner(reading: "settings.publicGuard.currentFlags()"),
        ])
        #expect(resolution.descriptions == ["[]"], "\(resolution.reasons)")
    }

    @Test func aWeakDefaultTheLibraryOffersIsStillSeen() {
        let resolution = resolveProbe([
            "Library.swift": Self.library(privateFlags: ".privateKeyUsage"),
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(resolution.descriptions == [".privateKeyUsage"], "\(resolution.reasons)")
    }

    @Test func withAnAppInTheScanItsConstructionDecides() {
        let resolution = resolveProbe([
            "App.swift": Self.app,
            "Library.swift": Self.library(),
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(resolution.descriptions == ["[.biometryCurrentSet, .privateKeyUsage]"], "\(resolution.reasons)")
        #expect(resolution.trace(of: "[.biometryCurrentSet, .privateKeyUsage]")?.contains("argument `privateGuard` of the call") == true)
    }

    @Test func aComputedPropertyRunsOnTheInstanceItIsReadOn() {
        let resolution = resolveProbe([
            "Library.swift": Self.library(),
            "Maker.swift": Self.owner(reading: "settings.privateGuard.effectiveFlags"),
        ])
        #expect(resolution.descriptions == ["[.userPresence, .privateKeyUsage]"], "\(resolution.reasons)")
        #expect(resolution.trace(of: "[.userPresence, .privateKeyUsage]")?.first == "`KeyGuard.effectiveFlags`")
        let known = resolveProbe(
            Self.library() + """

                let settings = PairSettings(publicGuard: KeyGuard(protection: kSecAttrAccessibleAlways, flags: []))
                func f() { probe(settings.privateGuard.effectiveFlags) }
                """)
        #expect(known.descriptions == ["[.userPresence, .privateKeyUsage]"], "\(known.reasons)")
    }

    @Test func aStoredPropertyReadOnThePropertyOfAnUnknownInstance() {
        let resolution = resolveProbe([
            "Library.swift": Self.library(),
            "Maker.swift": Self.owner(reading: "self.settings.privateGuard.flags"),
        ])
        #expect(resolution.descriptions == ["[.userPresence, .privateKeyUsage]"], "\(resolution.reasons)")
    }

    /// A `var` may be set from anywhere (`maker.settings.privateGuard = other`): every instance.
    @Test func aVariablePropertyKeepsEveryInstance() {
        let resolution = resolveProbe([
            "Library.swift": Self.library(holder: "var"),
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(resolution.descriptionSet == ["[]", "[.userPresence, .privateKeyUsage]"], "\(resolution.reasons)")
    }

    /// An initializer that assigns something other than a construction or a parameter: the
    /// property is not narrowed.
    @Test func anAssignmentThatIsNotAConstructionKeepsEveryInstance() {
        let library = Self.library().replacingOccurrences(
            of: "self.privateGuard = privateGuard", with: "self.privateGuard = Bool.random() ? privateGuard : publicGuard")
        let resolution = resolveProbe([
            "Library.swift": library,
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(resolution.descriptionSet == ["[]", "[.userPresence, .privateKeyUsage]"], "\(resolution.reasons)")
    }

    /// `self.init(…)` and a subclass's `super.init(…)` run an initializer without naming the type:
    /// their arguments are not among its callers, so such a type keeps every value.
    @Test func anInitializerReachedWithoutNamingTheTypeKeepsEveryInstance() {
        let delegating = resolveProbe([
            "Library.swift": Self.library() + """

                extension PairSettings {
                    public init(legacy: Bool) {
                        self.init(publicGuard: KeyGuard(protection: kSecAttrAccessibleAlways, flags: []), privateGuard: KeyGuard(protection: kSecAttrAccessibleAlways, flags: .privateKeyUsage))
                    }
                }
                """,
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(delegating.descriptionSet.contains(".privateKeyUsage"), "\(delegating.reasons)")
        let subclassed = resolveProbe([
            "Library.swift": Self.library().replacingOccurrences(of: "public struct PairSettings", with: "open class PairSettings") + """

                final class LegacySettings: PairSettings {
                    init() {
                        super.init(privateGuard: KeyGuard(protection: kSecAttrAccessibleAlways, flags: .privateKeyUsage))
                    }
                }
                """,
            "Maker.swift": Self.owner(reading: "settings.privateGuard.currentFlags()"),
        ])
        #expect(subclassed.descriptionSet.contains(".privateKeyUsage"), "\(subclassed.reasons)")
    }
}
