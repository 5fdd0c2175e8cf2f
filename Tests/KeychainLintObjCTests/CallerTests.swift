import KeychainLintModel
import KeychainLintObjC
import Testing

/// A parameter of a function or method of the file has the values the file's calls of it pass.
@Suite("Objective-C resolver: callers")
struct CallerTests {
    /// The values of the first argument of the first `probe(…)` call, and the gaps' reasons.
    static func probed(_ source: String) -> (values: [Value], gaps: [String]) {
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return ([], ["no probe"]) }
        let resolution = ObjCValueResolver(path: "Store.m", source: source, tree: tree).resolve(argument)
        return (resolution.values.map(\.value), resolution.gaps.map(\.reason))
    }

    @Test func aFunctionsParameterHasWhatEachCallPasses() {
        let result = Self.probed("""
            static void store(CFTypeRef accessibility) { probe(accessibility); }
            void run(void) {
                store(kSecAttrAccessibleAlways);
                store(kSecAttrAccessibleWhenUnlocked);
            }
            """)
        #expect(result.values == [.symbol("kSecAttrAccessibleAlways"), .symbol("kSecAttrAccessibleWhenUnlocked")])
        #expect(result.gaps.isEmpty)
    }

    @Test func aMethodsParameterHasWhatSendsToSelfPass() {
        let result = Self.probed("""
            @implementation Store
            - (void)save:(NSData *)data accessibility:(CFTypeRef)accessibility { probe(accessibility); }
            - (void)run { [self save:nil accessibility:kSecAttrAccessibleAlways]; }
            @end
            """)
        #expect(result.values == [.symbol("kSecAttrAccessibleAlways")])
    }

    @Test func withoutACallInTheFileTheParameterIsAGap() {
        let result = Self.probed("""
            @implementation Store
            - (void)save:(CFTypeRef)accessibility { probe(accessibility); }
            @end
            """)
        #expect(result.values.isEmpty)
        #expect(result.gaps == ["`accessibility` is a parameter of -[Store save:]: no call of it in this file"])
    }

    @Test func aSelectorTwoClassesDeclareIsNotMatchedToEitherBody() {
        let result = Self.probed("""
            @implementation Store
            - (void)save:(CFTypeRef)accessibility { probe(accessibility); }
            @end
            @implementation Other
            - (void)save:(CFTypeRef)accessibility { }
            - (void)run { [self save:kSecAttrAccessibleAlways]; }
            @end
            """)
        #expect(result.values.isEmpty)
    }

    @Test func aParameterPassedOnToItselfEndsAndKeepsTheOtherCallersValues() {
        let result = Self.probed("""
            static void store(CFTypeRef accessibility, int depth) {
                probe(accessibility);
                if (depth > 0) { store(accessibility, depth - 1); }
            }
            void run(void) { store(kSecAttrAccessibleAlways, 3); }
            """)
        #expect(result.values == [.symbol("kSecAttrAccessibleAlways")])
    }

    @Test func beyondTheBoundOnCallsTheRestIsSaid() {
        var source = "static void store(int option) { probe(option); }\nvoid run(void) {\n"
        for option in 0..<30 { source += "    store(\(option));\n" }
        source += "}\n"
        let result = Self.probed(source)
        #expect(result.values.count == ObjCValueResolver.maximumCallers)
        #expect(result.gaps == ["more than 24 calls pass `option`: only the first are followed"])
    }
}
