import KeychainLintAnalysis
import KeychainLintModel
@testable import KeychainLintRules
import Testing

/// Reading resolved values through a model's option sets: only the option set's own type (or no
/// type, an implicit member) counts, so an app's `RefreshPolicy.always` is never `Accessibility.always`.
@Suite("Wrapper options")
struct WrapperOptionTests {
    static let keychainAccess = WrapperModelCatalog.builtIn.first { $0.library == "KeychainAccess" }!
    static let valet = WrapperModelCatalog.builtIn.first { $0.library == "Valet" }!

    static func read(_ value: Value, _ optionSet: String, in model: WrapperModel = keychainAccess) -> WrapperOption? {
        WrapperOption.read(value, as: model.optionSet(named: optionSet)!, of: model)
    }

    @Test func accessibilityByImplicitQualifiedAndModuleQualifiedMember() {
        for type in [nil, "Accessibility", "KeychainAccess.Accessibility"] as [String?] {
            let option = Self.read(.member("always", type: type), "Accessibility")
            #expect(option == WrapperOption(spelling: ".always", accessibility: "kSecAttrAccessibleAlways", flags: nil), "\(type ?? "implicit")")
        }
    }

    @Test func anotherTypesMemberOrAnUnknownCaseIsNotAnOption() {
        #expect(Self.read(.member("always", type: "RefreshPolicy"), "Accessibility") == nil)
        #expect(Self.read(.member("always", type: "Valet.Accessibility"), "Accessibility") == nil)
        #expect(Self.read(.member("sometimes", type: nil), "Accessibility") == nil)
        #expect(Self.read(.symbol("kSecAttrAccessibleAlways"), "Accessibility") == nil)
        #expect(Self.read(.member("userPresence", type: "AuthMode"), "AuthenticationPolicy") == nil)
    }

    @Test func flagsFromMembersArraysAndRawValues() throws {
        let combination = try #require(Self.read(
            .array([.member("biometryAny", type: nil), .member("or", type: "AuthenticationPolicy"), .member("devicePasscode", type: nil)]),
            "AuthenticationPolicy"))
        #expect(combination.spelling == "[.biometryAny, .or, .devicePasscode]")
        #expect(combination.flags?.isUserPresenceCombination == true)
        let raw = try #require(Self.read(.rawValue(2, type: "AuthenticationPolicy"), "AuthenticationPolicy"))
        #expect(raw.flags?.bits == AccessControlFlag.biometryAny.bit && raw.spelling == ".init(rawValue: 2)")
        // Valet's enum is not an option set of Security bits: its raw values are its own.
        #expect(Self.read(.rawValue(2, type: nil), "SecureEnclaveAccessControl", in: Self.valet) == nil)
        let biometric = try #require(Self.read(.member("biometricAny", type: nil), "SecureEnclaveAccessControl", in: Self.valet))
        #expect(biometric.flags?.swiftDescription == ".biometryAny" && biometric.spelling == ".biometricAny")
    }
}
