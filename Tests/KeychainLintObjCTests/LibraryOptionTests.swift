import KeychainLintModel
import KeychainLintObjC
import Testing

/// A library's own options: a parameter of a public method, or a public property, whose type is an
/// `enum` a header of the scan declares, and which no code of the scan passes or sets, may be any
/// constant of that enum, each with a step of the path that says so; where the scan calls the
/// method or sets the property, the callers decide, as before.
@Suite("Objective-C resolver: a library's own options")
struct LibraryOptionTests {
    static let policyHeader = """
        typedef NS_OPTIONS(NSUInteger, LockPolicy) {
            LockPolicyNone = 0,
            LockPolicyPresence = 1 << 0,
            LockPolicyAnyFace = 1 << 1,
        };
        """

    /// `Lock.m` with `body` inside its implementation and `probe(…)` reading `_rule` in `-check`.
    static func lock(_ body: String, read: String = "_rule") -> (path: String, text: String) {
        (path: "Lock.m", text: """
            #import "Lock.h"
            @implementation Lock {
                LockPolicy _rule;
            }
            \(body)
            - (void)check {
                probe(\(read));
            }
            @end
            """)
    }

    static func probed(_ files: [(path: String, text: String)], swift: Set<String>? = nil) -> InstanceMethodCallerTests.Probed {
        InstanceMethodCallerTests.probed(files, asking: "Lock.m", swift: swift)
    }

    @Test func parsedEnumeratorsKnowTheTypeTheyBelongTo() {
        let tree = ObjCSyntaxTree.parse("""
            typedef NS_OPTIONS(NSUInteger, LockPolicy) { LockPolicyNone = 0, LockPolicyPresence = 1 << 0 };
            enum LockMode : NSInteger { LockModeStrict, LockModeLoose };
            typedef enum { LockLevelLow, LockLevelHigh } LockLevel;
            enum { LockAnonymous };
            """)
        #expect(tree.enumerators.map(\.name) == [
            "LockPolicyNone", "LockPolicyPresence", "LockModeStrict", "LockModeLoose", "LockLevelLow", "LockLevelHigh", "LockAnonymous",
        ])
        #expect(tree.enumerators.map(\.typeName) == ["LockPolicy", "LockPolicy", "LockMode", "LockMode", "LockLevel", "LockLevel", nil])
    }

    @Test func aPublicSettersParameterNoCodeCallsIsEveryConstantOfItsEnum() {
        let header = (path: "Lock.h", text: Self.policyHeader + """

            @interface Lock : NSObject
            - (void)setRule:(LockPolicy)rule;
            @end
            """)
        let result = Self.probed([header, Self.lock("- (void)setRule:(LockPolicy)rule { _rule = rule; }")])
        #expect(result.values == [.symbol("LockPolicyNone"), .symbol("LockPolicyPresence"), .symbol("LockPolicyAnyFace")])
        #expect(result.gaps.isEmpty)
        #expect(result.traces[1] == [
            "`_rule`@Lock.m:5", "`rule`, any `LockPolicy` callers of public `setRule:` may pass@Lock.m:5",
        ])
    }

    @Test func aCallerInTheScanDecides() {
        let header = (path: "Lock.h", text: Self.policyHeader + """

            @interface Lock : NSObject
            - (void)setRule:(LockPolicy)rule;
            @end
            """)
        let caller = (path: "Door.m", text: """
            #import "Lock.h"
            void Close(Lock *lock) { [lock setRule:LockPolicyNone]; }
            """)
        let result = Self.probed([header, Self.lock("- (void)setRule:(LockPolicy)rule { _rule = rule; }"), caller])
        #expect(result.values == [.symbol("LockPolicyNone")])
        #expect(result.traces.first?.last == "`rule` passed by the call@Door.m:2")
    }

    @Test func aMethodNoHeaderDeclaresOrAnEnumOfTheImplementationFileOffersNothing() {
        // The setter is private to the file: its parameter stays unknown.
        let privateSetter = Self.probed([
            (path: "Lock.h", text: Self.policyHeader + "\n@interface Lock : NSObject\n@end"),
            Self.lock("- (void)setRule:(LockPolicy)rule { _rule = rule; }"),
        ])
        #expect(privateSetter.values.isEmpty)
        #expect(privateSetter.gaps.count == 1)
        // The enum is declared in the implementation file: not an option the library's users see.
        let privateEnum = Self.probed([
            (path: "Lock.h", text: "@interface Lock : NSObject\n- (void)setRule:(NSUInteger)rule;\n@end"),
            Self.lock("- (void)setRule:(NSUInteger)rule { _rule = rule; }"),
        ])
        #expect(privateEnum.values.isEmpty)
    }

    @Test func swiftCodeThatMayCallTheSetterLeavesItUnknown() {
        let header = (path: "Lock.h", text: Self.policyHeader + """

            @interface Lock : NSObject
            - (void)setRule:(LockPolicy)rule;
            @end
            """)
        let result = Self.probed([header, Self.lock("- (void)setRule:(LockPolicy)rule { _rule = rule; }")], swift: ["Lock", "setRule"])
        #expect(result.values.isEmpty)
    }

    @Test func aPublicPropertyNoCodeSetsIsEveryConstantBesideTheClassesOwnStores() {
        let header = (path: "Lock.h", text: Self.policyHeader + """

            @interface Lock : NSObject
            @property (nonatomic) LockPolicy rule;
            @end
            """)
        let result = Self.probed([header, Self.lock("- (instancetype)init { _rule = LockPolicyNone; return self; }", read: "self.rule")])
        #expect(Set(result.values) == [.symbol("LockPolicyNone"), .symbol("LockPolicyPresence"), .symbol("LockPolicyAnyFace")])
        #expect(result.traces.contains(["`rule`, any `LockPolicy` users of public property `rule` may set@Lock.m:7"]))
    }

    @Test func aReadonlyPropertyOrOneAnotherFileSetsOffersNothing() {
        let readonly = Self.probed([
            (path: "Lock.h", text: Self.policyHeader + "\n@interface Lock : NSObject\n@property (nonatomic, readonly) LockPolicy rule;\n@end"),
            Self.lock("- (instancetype)init { _rule = LockPolicyNone; return self; }"),
        ])
        #expect(readonly.values == [.symbol("LockPolicyNone")])
        let setElsewhere = Self.probed([
            (path: "Lock.h", text: Self.policyHeader + "\n@interface Lock : NSObject\n@property (nonatomic) LockPolicy rule;\n@end"),
            Self.lock("- (instancetype)init { _rule = LockPolicyNone; return self; }"),
            (path: "Door.m", text: "#import \"Lock.h\"\nvoid Close(Lock *lock) { lock.rule = LockPolicyNone; }"),
        ])
        #expect(setElsewhere.values == [.symbol("LockPolicyNone")])
    }

    @Test func aDictionaryEntryKeepsTheOptionItsValueComesFromAndATableLookupTheOptionOfItsKey() {
        let header = (path: "Lock.h", text: Self.policyHeader + """

            @interface Lock : NSObject
            - (void)setRule:(LockPolicy)rule;
            @end
            """)
        let body = "- (void)setRule:(LockPolicy)rule { _rule = rule; }"
        let literal = Self.probed([header, Self.lock(body, read: "@{@\"rule\": @(_rule), @\"fixed\": @1}")])
        let entries = literal.values.compactMap { value -> [DictionaryEntry]? in
            if case .dictionary(let entries) = value { return entries }
            return nil
        }
        #expect(entries.count == 3)
        #expect(entries.allSatisfy { $0[0].libraryOption?.text == "`rule`, any `LockPolicy` callers of public `setRule:` may pass" })
        #expect(entries.allSatisfy { $0[1].libraryOption == nil })
        // `table[@(_rule)]`: the entry the offered key selects is the users' choice too.
        let table = Self.probed([header, Self.lock(body, read: "@{@(LockPolicyPresence): @\"presence\", @(LockPolicyAnyFace): @\"face\"}[@(_rule)]")])
        #expect(Set(table.values) == [.string("presence"), .string("face")])
        #expect(table.traces.allSatisfy { $0.last == "`rule`, any `LockPolicy` callers of public `setRule:` may pass@Lock.m:5" })
    }

    @Test func aConstantOfferedIsReadAsItsNumberUnderACastToAccessControlFlags() {
        let header = (path: "Lock.h", text: Self.policyHeader + """

            @interface Lock : NSObject
            - (void)setRule:(LockPolicy)rule;
            @end
            """)
        let result = Self.probed([header, Self.lock("- (void)setRule:(LockPolicy)rule { _rule = rule; }", read: "(SecAccessControlCreateFlags)_rule")])
        #expect(result.values == [.integer(0), .integer(1), .integer(2)])
        #expect(result.traces[2].last == "`LockPolicyAnyFace`@Lock.h:4")
    }
}
