import KeychainLintModel
import KeychainLintObjC
import Testing

/// Instance state as `ObjCValueResolver` follows it: what the class's methods in the file store
/// in a property or instance variable is what a read of it through `self` can be.
@Suite("Objective-C resolver: instance state")
struct InstanceStateTests {
    /// The values (and whether there is a gap) of the first argument of the first `probe(…)` call.
    static func probed(_ source: String) -> (values: [String], hasGap: Bool, trace: [String]) {
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return ([], true, []) }
        let resolver = ObjCValueResolver(path: "Store.m", source: source, tree: tree)
        let resolution = resolver.resolve(argument)
        return (resolution.values.map { "\($0.value)" }.sorted(), !resolution.gaps.isEmpty,
                resolution.values.first?.trace.map { "\($0.text)@\($0.line)" } ?? [])
    }

    @Test func aPropertySetInInitIsReadThroughSelfAndThroughItsIvar() {
        let source = """
            @implementation Store
            - (instancetype)init {
                self = [super init];
                self.accessibility = kSecAttrAccessibleAlways;
                return self;
            }
            - (void)viaProperty { probe(self.accessibility); }
            - (void)viaIvar { probe(_accessibility); }
            @end
            """
        let viaProperty = Self.probed(source)
        #expect(viaProperty.values == ["\(Value.symbol("kSecAttrAccessibleAlways"))"])
        #expect(!viaProperty.hasGap)
        #expect(viaProperty.trace == ["`self.accessibility`@4"])
        let viaIvar = Self.probed(source.replacingOccurrences(of: "- (void)viaProperty { probe(self.accessibility); }\n", with: ""))
        #expect(viaIvar.values == ["\(Value.symbol("kSecAttrAccessibleAlways"))"])
    }

    @Test func everyStoreInAnyMethodIsAPossibleValueAndASetterSendCounts() {
        let result = Self.probed("""
            @implementation Store {
                CFTypeRef _protection;
            }
            - (void)lock { _protection = kSecAttrAccessibleWhenUnlockedThisDeviceOnly; }
            - (void)legacy { [self setProtection:kSecAttrAccessibleAlways]; }
            - (void)save { probe(_protection); }
            @end
            """)
        #expect(result.values == ["\(Value.symbol("kSecAttrAccessibleAlways"))", "\(Value.symbol("kSecAttrAccessibleWhenUnlockedThisDeviceOnly"))"].sorted())
        #expect(!result.hasGap)
    }

    @Test func aValueHandedInThroughAParameterIsAGap() {
        let result = Self.probed("""
            @implementation Store
            - (void)setUp:(CFTypeRef)protection { _protection = protection; }
            - (void)save { probe(self.protection); }
            @end
            """)
        #expect(result.values.isEmpty)
        #expect(result.hasGap)
    }

    @Test func anotherClassesStoreIsNotThisClassesState() {
        let result = Self.probed("""
            @implementation Other
            - (void)setUp { self.protection = kSecAttrAccessibleAlways; }
            @end
            @implementation Store
            - (void)save { probe(self.protection); }
            @end
            """)
        #expect(result.values.isEmpty)
        #expect(result.hasGap)
    }

    @Test func aLocalOfTheSameNameInAnotherMethodIsNotInstanceState() {
        let result = Self.probed("""
            @implementation Store
            - (void)setUp { CFTypeRef protection = kSecAttrAccessibleAlways; use(protection); }
            - (void)save { probe(protection); }
            @end
            """)
        // Not stored by any method: a name declared elsewhere (as before instance state was followed).
        #expect(result.values == ["\(Value.symbol("protection"))"])
    }

    @Test func aCategoryOfTheClassSharesItsState() {
        let result = Self.probed("""
            @implementation Store
            - (instancetype)init { self = [super init]; _service = @"vault"; return self; }
            @end
            @implementation Store (Keychain)
            - (void)save { probe(self.service); }
            @end
            """)
        #expect(result.values == ["\(Value.string("vault"))"])
    }
}

/// Stores into another class's instance state through a local or parameter declared as an
/// instance of it.
@Suite("Objective-C resolver: instance state stored from another class")
struct InstanceStateFromOutsideTests {
    @Test func aStoreThroughATypedParameterOfAnotherClassCounts() {
        let result = InstanceStateTests.probed("""
            @implementation Vault
            - (void)save { probe(self.accessibility); }
            @end
            @implementation Setup
            - (void)configure:(Vault *)vault { vault.accessibility = kSecAttrAccessibleAlways; }
            @end
            """)
        #expect(result.values == ["\(Value.symbol("kSecAttrAccessibleAlways"))"])
        #expect(!result.hasGap)
        #expect(result.trace == ["`vault.accessibility`@5"])
    }

    @Test func aStoreThroughATypedLocalAndASetterSendInAFunctionCount() {
        let result = InstanceStateTests.probed("""
            @implementation Vault
            - (void)save { probe(_protection); }
            @end
            void setUp(void) {
                Vault *vault = [[Vault alloc] init];
                [vault setProtection:kSecAttrAccessibleAlwaysThisDeviceOnly];
                Vault *other = [Vault new];
                other->_protection = kSecAttrAccessibleAfterFirstUnlock;
            }
            """)
        #expect(result.values == [
            "\(Value.symbol("kSecAttrAccessibleAfterFirstUnlock"))", "\(Value.symbol("kSecAttrAccessibleAlwaysThisDeviceOnly"))",
        ].sorted())
        #expect(!result.hasGap)
    }

    @Test func aStoreThroughAnInstanceOfAnotherClassOrAnUntypedObjectDoesNotCount() {
        let result = InstanceStateTests.probed("""
            @implementation Vault
            - (void)save { probe(self.accessibility); }
            @end
            @implementation Setup
            - (void)configure:(Other *)other object:(id)object {
                other.accessibility = kSecAttrAccessibleAlways;
                object.accessibility = kSecAttrAccessibleAlways;
            }
            @end
            """)
        #expect(result.values.isEmpty)
        #expect(result.hasGap)
    }

    @Test func aValueStoredFromOutsideIsFollowedToTheCallersOfTheStoringMethod() {
        let result = InstanceStateTests.probed("""
            @implementation Vault
            - (void)save { probe(self.accessibility); }
            @end
            @implementation Setup
            - (void)configure:(Vault *)vault protection:(CFTypeRef)protection { vault.accessibility = protection; }
            - (void)run { [self configure:vault protection:kSecAttrAccessibleAlways]; }
            @end
            """)
        #expect(result.values == ["\(Value.symbol("kSecAttrAccessibleAlways"))"])
    }

    /// A class maps its own option held in an instance variable to an accessibility with a
    /// `switch`; `extra` is a method that may store another option.
    private static func mapping(_ extra: String) -> String {
        """
        typedef NS_ENUM(NSInteger, StoreProtection) { StoreProtectionUnlocked, StoreProtectionFirstUnlock, StoreProtectionAlways };
        @implementation Store {
            StoreProtection _protection;
        }
        - (instancetype)init {
            self = [super init];
            _protection = StoreProtectionFirstUnlock;
            return self;
        }
        \(extra)
        - (CFTypeRef)protectionObject {
            switch (_protection) {
                case StoreProtectionUnlocked: return kSecAttrAccessibleWhenUnlocked;
                case StoreProtectionFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock;
                case StoreProtectionAlways: return kSecAttrAccessibleAlways;
            }
            return NULL;
        }
        - (void)save { probe([self protectionObject]); }
        @end
        """
    }

    @Test func aSwitchOverAnInstanceVariableRunsOnlyTheCasesItsStoresGive() {
        // The `return NULL` after the switch stays a possible value (C does not know the switch
        // covers every constant).
        let onlyInit = InstanceStateTests.probed(Self.mapping(""))
        #expect(onlyInit.values == ["\(Value.symbol("kSecAttrAccessibleAfterFirstUnlock"))", "\(Value.null)"].sorted())
        #expect(!onlyInit.hasGap)
        let relaxed = InstanceStateTests.probed(Self.mapping("- (void)relax { _protection = StoreProtectionAlways; }"))
        #expect(relaxed.values == [
            "\(Value.symbol("kSecAttrAccessibleAfterFirstUnlock"))", "\(Value.symbol("kSecAttrAccessibleAlways"))", "\(Value.null)",
        ].sorted())
    }

    @Test func aSwitchOverAnInstanceVariableHandedInThroughAParameterKeepsEveryCase() {
        let handedIn = InstanceStateTests.probed(Self.mapping("- (void)setProtection:(StoreProtection)protection { _protection = protection; }"))
        #expect(handedIn.values.contains("\(Value.symbol("kSecAttrAccessibleAlways"))"))
    }
}
