import KeychainLintModel
import KeychainLintObjC
import Testing

/// Message sends over constants and C arrays (what a credential or a query value is made of), and
/// methods of the class reached through `[self class]` and `self.class`.
@Suite("Objective-C resolver: message sends over constants, byte arrays, the class of self")
struct MessageSendTests {
    static func probed(_ source: String) -> (values: [Value], gaps: [String], trace: [String]) {
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return ([], ["no probe"], []) }
        let resolution = ObjCValueResolver(path: "Store.m", source: source, tree: tree).resolve(argument)
        return (resolution.values.map(\.value), resolution.gaps.map(\.reason),
                resolution.values.first?.trace.map { "\($0.text)@\($0.line)" } ?? [])
    }

    static func data(_ receiver: Value) -> Value {
        .call(CallValue(name: "dataUsingEncoding", receiver: receiver, arguments: [Argument(label: nil, value: .symbol("NSUTF8StringEncoding"))]))
    }

    @Test func aConstantsContentIsTheReceiverOfAConversion() {
        for declaration in [
            #"static NSString *const kPassword = @"1234";"#,
            #"NSString *const kPassword = @"1234";"#,
            #"#define kPassword @"1234""#,
        ] {
            let result = Self.probed("\(declaration)\nvoid f(void) { probe([kPassword dataUsingEncoding:NSUTF8StringEncoding]); }\n")
            #expect(result.values == [Self.data(.string("1234"))], "\(declaration)")
            #expect(result.trace == ["`kPassword`@1"], "\(declaration)")
        }
    }

    @Test func anUpperCaseConstantOrLocalIsAValueNotAClass() {
        let constant = Self.probed(#"""
            static NSString *const AppPassword = @"1234";
            void f(void) { probe([AppPassword dataUsingEncoding:NSUTF8StringEncoding]); }
            """#)
        #expect(constant.values == [Self.data(.string("1234"))])
        let local = Self.probed(#"""
            void f(void) {
                NSString *Password = @"abcd";
                probe([Password dataUsingEncoding:NSUTF8StringEncoding]);
            }
            """#)
        #expect(local.values == [Self.data(.string("abcd"))])
        // A class stays a class.
        let send = Self.probed("void f(void) { probe([NSString string]); }\n")
        #expect(send.values == [.call(CallValue(name: "string", receiver: .symbol("NSString"), arguments: []))])
    }

    @Test func aByteArraysInitializerIsItsContentAndSizeofIsOnlyASize() {
        let result = Self.probed("""
            static const unsigned char kBytes[] = {0x31, 0x32, '3', '\\x34'};
            void f(void) { probe([NSData dataWithBytes:kBytes length:sizeof(kBytes)]); }
            """)
        #expect(result.values == [.call(CallValue(name: "dataWithBytes", receiver: .symbol("NSData"), arguments: [
            Argument(label: nil, value: .array([.integer(0x31), .integer(0x32), .integer(0x33), .integer(0x34)])),
            Argument(label: "length", value: .opaque("sizeof(kBytes)")),
        ]))])
        #expect(result.trace == ["`kBytes`@1"])
        #expect(result.gaps.isEmpty)
    }

    @Test func aCharArrayInitializedFromAStringIsTheString() {
        let result = Self.probed("""
            static const char kSecret[] = "0000";
            void f(void) { probe([NSData dataWithBytes:kSecret length:4]); }
            """)
        #expect(result.values == [.call(CallValue(name: "dataWithBytes", receiver: .symbol("NSData"), arguments: [
            Argument(label: nil, value: .string("0000")), Argument(label: "length", value: .integer(4)),
        ]))])
    }

    @Test func characterLiterals() {
        #expect(Self.probed("void f(void) { probe('a'); }").values == [.integer(97)])
        #expect(Self.probed("void f(void) { probe('\\n'); }").values == [.integer(10)])
        #expect(Self.probed("void f(void) { probe('\\0'); }").values == [.integer(0)])
        #expect(Self.probed("void f(void) { probe('\\x7f'); }").values == [.integer(127)])
    }

    @Test func aClassMethodThroughTheClassOfSelfIsFollowed() {
        for receiver in ["[self class]", "self.class", "Store", "self"] {
            let result = Self.probed("""
                @implementation Store
                + (CFTypeRef)protection { return kSecAttrAccessibleAlways; }
                - (void)save { probe([\(receiver) protection]); }
                @end
                """)
            #expect(result.values == [.symbol("kSecAttrAccessibleAlways")], "\(receiver)")
            #expect(result.trace == ["`protection`@2"], "\(receiver)")
        }
    }

    @Test func anInstanceMethodThroughSelfIsFollowed() {
        let result = Self.probed("""
            @implementation Store
            - (CFTypeRef)protection { return kSecAttrAccessibleAlways; }
            - (void)save { probe([self protection]); }
            @end
            """)
        #expect(result.values == [.symbol("kSecAttrAccessibleAlways")])
    }

    @Test func aParameterOfAClassMethodHasWhatSendsThroughTheClassOfSelfPass() {
        for receiver in ["[self class]", "self.class"] {
            let result = Self.probed("""
                @implementation Store
                + (void)store:(NSData *)data protection:(CFTypeRef)protection { probe(protection); }
                - (void)save:(NSData *)data { [\(receiver) store:data protection:kSecAttrAccessibleAlways]; }
                @end
                """)
            #expect(result.values == [.symbol("kSecAttrAccessibleAlways")], "\(receiver)")
            #expect(result.gaps.isEmpty, "\(receiver)")
        }
    }

    @Test func aMessageToAnotherObjectsClassIsNotTheClassOfSelf() {
        let result = Self.probed("""
            @implementation Store
            + (CFTypeRef)protection { return kSecAttrAccessibleAlways; }
            - (void)save:(id)other { probe([[other class] protection]); }
            @end
            """)
        #expect(!result.values.contains(.symbol("kSecAttrAccessibleAlways")))
    }
}
