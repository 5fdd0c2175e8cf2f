import KeychainLintAnalysis
import KeychainLintCore
@testable import KeychainLintEngine
import Testing

/// An `LAContext` kept in a stored property that an initializer sets from its parameter: judged
/// as a new context when every construction in the app's code fills the parameter with one, and
/// otherwise left unjudged with a `--verbose` note that says where the context comes from.
@Suite("LocalAuthentication: a context property set from an initializer's parameter")
struct InitializerContextTests {
    private func scan(_ files: [String: String]) throws -> ScanResult {
        let sources = files.keys.sorted().map { ProjectIndex.Input(path: $0, text: files[$0]!) }
        return try Scanner(configuration: Configuration()).scan(sources: sources)
    }

    private func places(_ result: ScanResult) -> [String] {
        result.findings.filter { $0.ruleId == "swift.boolean_only_local_authentication" }
            .map { "\($0.range.file):\($0.range.start.line)" }
    }

    private func notes(_ result: ScanResult) -> [String] {
        result.diagnostics.filter { $0.message.contains("boolean_only_local_authentication") }
            .map { "\($0.file ?? ""):\($0.position?.line ?? 0) \($0.message)" }
    }

    static let lock = """
        final class ReceiptLock {
            private let context: LAContext
            init(context: LAContext = LAContext()) {
                self.context = context
            }
            func reveal(_ show: @escaping () -> Void) {
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Receipts") { granted, _ in
                    if granted { show() }
                }
            }
        }

        """

    @Test("every construction passes LAContext() or leaves the defaulted argument out: reported; a test's stub left aside")
    func newAtEveryConstruction() throws {
        let result = try scan([
            "ReceiptLock.swift": Self.lock,
            "Receipts.swift": "let first = ReceiptLock()\nlet second = ReceiptLock(context: LAContext())\n",
            "ReceiptTests/ReceiptLockTests.swift": "let stubbed = ReceiptLock(context: FakeContext())\n",
        ])
        #expect(places(result) == ["ReceiptLock.swift:7"])
        #expect(notes(result).isEmpty)
    }

    @Test("never constructed in the scan (a library's type): not judged, and --verbose says so")
    func neverConstructed() throws {
        let result = try scan(["ReceiptLock.swift": Self.lock])
        #expect(places(result).isEmpty)
        #expect(notes(result) == [
            "ReceiptLock.swift:7 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is the property `context`, set from the parameter `context` of an initializer of `ReceiptLock` (default `LAContext()`), and the scan never constructs `ReceiptLock`: its users may pass a context they hand to a Keychain query; not judged"
        ])
    }

    @Test("a construction passes a context the rule does not follow: not judged, and --verbose says so")
    func constructedWithAnotherContext() throws {
        let result = try scan([
            "ReceiptLock.swift": Self.lock,
            "Receipts.swift": "final class Receipts {\n    let session = LAContext()\n    lazy var lock = ReceiptLock(context: session)\n}\n",
        ])
        #expect(places(result).isEmpty)
        #expect(notes(result) == [
            "ReceiptLock.swift:7 swift.boolean_only_local_authentication: the LAContext of evaluatePolicy (`context`) is the property `context`, set from the parameter `context` of an initializer of `ReceiptLock` (default `LAContext()`), and the rule does not follow the context the constructions of `ReceiptLock` in the scan pass for it; not judged"
        ])
    }

    @Test("a property also handed to a Keychain query elsewhere: handed on, no note")
    func handedOnOtherwise() throws {
        let result = try scan([
            "ReceiptLock.swift": Self.lock + """
                extension ReceiptLock {
                    func token() -> Data? {
                        let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnData as String: true,
                                                    kSecUseAuthenticationContext as String: context]
                        var item: CFTypeRef?
                        return SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess ? item as? Data : nil
                    }
                }

                """,
        ])
        #expect(places(result).isEmpty)
        #expect(notes(result).isEmpty)
    }
}
