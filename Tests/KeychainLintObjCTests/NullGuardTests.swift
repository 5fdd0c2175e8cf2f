import KeychainLintModel
import KeychainLintObjC
import Testing

/// A null value of a name is dropped where a check on the way says the name is not null.
@Suite("Objective-C resolver: null checks")
struct NullGuardTests {
    /// The values of the first argument of the first `probe(…)` call in `f`'s body (`x` may be
    /// `NULL` or `kSecAttrAccessibleWhenUnlocked`).
    static func probed(_ body: String) -> [Value] {
        let source = """
            void f(BOOL flag, BOOL other) {
                CFTypeRef x = flag ? kSecAttrAccessibleWhenUnlocked : NULL;
            \(body)
            }
            """
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return [] }
        return ObjCValueResolver(path: "Example.m", source: source, tree: tree).resolve(argument).values.map(\.value)
    }

    static let both: [Value] = [.symbol("kSecAttrAccessibleWhenUnlocked"), .null]
    static let known: [Value] = [.symbol("kSecAttrAccessibleWhenUnlocked")]

    @Test func unchecked() {
        #expect(Self.probed("probe(x);") == Self.both)
    }

    @Test func checkedInTheConditionOfTheBranch() {
        #expect(Self.probed("if (other && x != nil) { probe(x); }") == Self.known)
        #expect(Self.probed("if (!x) { } else { probe(x); }") == Self.known)
        #expect(Self.probed("if (x == NULL || other) { } else { probe(x); }") == Self.known)
        // `||` proves nothing about either side when true.
        #expect(Self.probed("if (x || other) { probe(x); }") == Self.both)
    }

    @Test func checkedByAnEarlyReturn() {
        #expect(Self.probed("if (!x) { return; }\nprobe(x);") == Self.known)
        // A branch that falls through proves nothing.
        #expect(Self.probed("if (!x) { other = YES; }\nprobe(x);") == Self.both)
    }

    @Test func anAssignmentAfterTheCheckUndoesIt() {
        // The null assigned after the check stays a possible value.
        #expect(Self.probed("if (x) { x = NULL; probe(x); }").contains(.null))
        #expect(Self.probed("if (x) { other = NO; probe(x); }") == Self.known)
    }
}
