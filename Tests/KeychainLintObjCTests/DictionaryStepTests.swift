import KeychainLintModel
import KeychainLintObjC
import Testing

/// `NSMutableDictionary`s built in steps, as `ObjCValueResolver` follows them to a `SecItemAdd`:
/// which keys each possible dictionary holds.
@Suite("Objective-C resolver: dictionaries built in steps")
struct DictionaryStepTests {
    /// The keys of each possible dictionary passed to the first `SecItemAdd` in `body`, sorted.
    static func keySets(_ body: String) -> [[String]] {
        let source = "void f(BOOL a, BOOL b, SecAccessControlRef access, NSArray *items) {\n\(body)\n}\n"
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "SecItemAdd").first?.arguments.first?.value else { return [] }
        let resolver = ObjCValueResolver(path: "Example.m", source: source, tree: tree)
        return resolver.resolve(argument).values.compactMap { traced -> [String]? in
            guard case .dictionary(let entries) = traced.value else { return nil }
            return entries.map { SecItemKeys.keyName($0.key) ?? "\($0.key)" }.sorted()
        }
    }

    @Test func stepsInTheThenAndElseOfOneIfNeverMeet() {
        #expect(Self.keySets("""
            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            if (a) {
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
            } else if (b) {
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
            } else {
                [query setObject:@YES forKey:(__bridge id)kSecAttrSynchronizable];
            }
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            """) == [[], ["kSecAttrAccessControl"], ["kSecAttrAccessible"], ["kSecAttrSynchronizable"]])
    }

    @Test func stepsInTwoIfsInARowMeet() {
        #expect(Self.keySets("""
            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            if (a) {
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
            }
            if (b) {
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
            }
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            """) == [[], ["kSecAttrAccessControl"], ["kSecAttrAccessible"], ["kSecAttrAccessControl", "kSecAttrAccessible"]])
    }

    @Test func casesOfOneSwitchNeverMeetButALoopRunsBothArms() {
        #expect(Self.keySets("""
            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            switch (a) {
            case 0:
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                break;
            default:
                query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
                break;
            }
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            """) == [[], ["kSecAttrAccessControl"], ["kSecAttrAccessible"]])
        #expect(Self.keySets("""
            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            for (id item in items) {
                if (a) {
                    query[(__bridge id)kSecAttrAccessControl] = item;
                } else {
                    query[(__bridge id)kSecAttrAccessible] = item;
                }
            }
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            """) == [[], ["kSecAttrAccessControl"], ["kSecAttrAccessible"], ["kSecAttrAccessControl", "kSecAttrAccessible"]])
    }

    @Test func unknownValuesStandAsOpaqueAndKeepTheCallKnown() {
        let sets = Self.keySets("""
            CFErrorRef error = NULL;
            SecAccessControlRef created = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlApplicationPassword, &error);
            NSMutableDictionary *query = [NSMutableDictionary dictionary];
            [query setObject:(__bridge id)created forKey:(__bridge id)kSecAttrAccessControl];
            [query setObject:items forKey:(__bridge id)kSecValueData];
            SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            """)
        #expect(sets == [["kSecAttrAccessControl", "kSecValueData"]])
        let source = """
            void f(void) {
                CFErrorRef error = NULL;
                SecItemAdd(SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlocked, kSecAccessControlUserPresence, &error), NULL);
            }
            """
        let tree = ObjCSyntaxTree.parse(source)
        let argument = tree.calls(named: "SecItemAdd")[0].arguments[0].value
        let values = ObjCValueResolver(path: "Example.m", source: source, tree: tree).resolve(argument).values.map(\.value)
        guard case .call(let call)? = values.first else {
            Issue.record("the call is not known: \(values)")
            return
        }
        #expect(call.name == "SecAccessControlCreateWithFlags")
        #expect(call.arguments.map(\.value) == [
            .null, .symbol("kSecAttrAccessibleWhenUnlocked"), .symbol("kSecAccessControlUserPresence"), .opaque("&error"),
        ])
    }
}
