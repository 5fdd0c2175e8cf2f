import KeychainLintAnalysis
import KeychainLintModel
import Testing

@Suite("Resolver: whole-number floats, integer arithmetic, string views")
struct NumberAndStringViewResolutionTests {
    @Test(arguments: [
        ("60.0", "60"),
        ("1_0.0", "10"),
        ("5 * 60", "300"),
        ("400 - 100", "300"),
        ("2 * 60 + 30", "150"),
        ("Data(\"1234\".utf8)", "Data(\"1234\".utf8())"),
        ("Array(\"ab\".utf16)", "Array(\"ab\".utf16())"),
    ])
    func resolved(_ expression: String, _ expected: String) {
        let resolution = resolveProbe("func f() { probe(\(expression)) }")
        #expect(resolution.descriptions == [expected])
        #expect(resolution.gaps.isEmpty)
    }

    @Test func fractionIsAGap() {
        let resolution = resolveProbe("func f() { probe(2.5) }")
        #expect(resolution.values.isEmpty)
        #expect(resolution.hasGap(mentioning: "2.5", "whole number"))
    }

    @Test func viewOfAConstantKeepsItsTrace() {
        let resolution = resolveProbe(
            """
            enum Secrets { static let pin = "1234" }
            func f() { probe(Data(Secrets.pin.utf8)) }
            """)
        #expect(resolution.descriptions == ["Data(\"1234\".utf8())"])
        #expect(resolution.trace(of: "Data(\"1234\".utf8())") == ["`Secrets.pin`"])
    }

    @Test func viewOfAnUnknownStringIsNotAString() {
        let resolution = resolveProbe("func f(field: UITextField) { probe(Data(field.text!.utf8)) }")
        #expect(!resolution.descriptions.contains { $0.contains("\"") })
    }
}
