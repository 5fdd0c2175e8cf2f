import KeychainLintModel
@testable import KeychainLintObjC
import Testing

/// A question asked again about the same expression of a file (several checks read the
/// dictionary of one `SecItemAdd`) is answered from the first answer, and charged to the file's
/// budget as if it had been followed again.
@Suite("Objective-C resolver: questions asked again")
struct RepeatedQuestionTests {
    @Test func answeredOnceChargedEachTime() throws {
        let source = """
            void f(BOOL sync) {
                NSMutableDictionary *query = [NSMutableDictionary dictionary];
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAlways;
                if (sync) { query[(__bridge id)kSecAttrSynchronizable] = @YES; }
                probe(query);
            }
            """
        let tree = ObjCSyntaxTree.parse(source)
        let expression = try #require(tree.calls(named: "probe").first?.arguments.first?.value)
        let resolver = ObjCValueResolver(path: "A.m", source: source, tree: tree)
        let first = resolver.resolve(expression)
        let steps = resolver.steps
        #expect(first.values.count == 2)
        #expect(steps > 0)
        let second = resolver.resolve(expression)
        #expect(second == first)
        #expect(resolver.steps == steps)
        #expect(resolver.fileSteps == steps)
        #expect(resolver.answeredQuestions.count == 1)
    }
}
