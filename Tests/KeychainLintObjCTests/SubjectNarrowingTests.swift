import KeychainLintModel
import KeychainLintObjC
import Testing

/// A `switch` subject read again inside one of its cases is one of the names the labels leading
/// there give: what is derived from it there is its value for those cases.
@Suite("Objective-C resolver: a switch subject narrowed inside its cases")
struct SubjectNarrowingTests {
    static func probed(_ source: String) -> (values: Set<String>, hasGap: Bool) {
        let tree = ObjCSyntaxTree.parse(source)
        guard let argument = tree.calls(named: "probe").first?.arguments.first?.value else { return ([], true) }
        let resolver = ObjCValueResolver(path: "Vault.m", source: source, tree: tree)
        let resolution = resolver.resolve(argument)
        return (Set(resolution.values.map { "\($0.value)" }), !resolution.gaps.isEmpty)
    }

    /// The mode is set by callers outside the file; `-protection` switches over it.
    private static func vault(_ save: String) -> String {
        """
        typedef NS_ENUM(NSInteger, VaultMode) { VaultModeOpen, VaultModeShared, VaultModeSealed };
        @implementation Vault
        - (CFStringRef)protection {
            switch (self.mode) {
                case VaultModeOpen: return kSecAttrAccessibleAlways;
                case VaultModeShared: return kSecAttrAccessibleAfterFirstUnlock;
                case VaultModeSealed: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
            }
            return kSecAttrAccessibleWhenUnlocked;
        }
        \(save)
        @end
        """
    }

    @Test func aMethodSentToSelfInsideACaseRunsThatCase() {
        let narrowed = Self.probed(Self.vault("""
            - (void)save {
                switch (self.mode) {
                    case VaultModeShared:
                        probe([self protection]);
                        break;
                    default:
                        break;
                }
            }
            """))
        // The `return` after the `switch` is not known never to run.
        #expect(narrowed.values == ["kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlocked"])

        // Outside the switch, every case (and the return after it) stays possible.
        let whole = Self.probed(Self.vault("- (void)save { probe([self protection]); }"))
        #expect(whole.values == [
            "kSecAttrAccessibleAlways", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            "kSecAttrAccessibleWhenUnlocked",
        ])
    }

    /// C falls through: a case reached from the label before it admits both; `default:` admits
    /// none of the other labels.
    @Test func fallThroughAndDefault() {
        let both = Self.probed(Self.vault("""
            - (void)save {
                switch (_mode) {
                    case VaultModeOpen:
                    case VaultModeShared:
                        probe([self protection]);
                        break;
                    case VaultModeSealed:
                        break;
                }
            }
            """))
        #expect(both.values == ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenUnlocked"])

        let otherwise = Self.probed(Self.vault("""
            - (void)save {
                switch (self.mode) {
                    case VaultModeOpen:
                        break;
                    default:
                        probe([self protection]);
                        break;
                }
            }
            """))
        #expect(otherwise.values == [
            "kSecAttrAccessibleAfterFirstUnlock", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", "kSecAttrAccessibleWhenUnlocked",
        ])
    }

    @Test func aComparisonNarrowsItsBranches() {
        let then = Self.probed(Self.vault("- (void)save { if (self.mode == VaultModeSealed) { probe([self protection]); } }"))
        #expect(then.values == ["kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", "kSecAttrAccessibleWhenUnlocked"])
    }

    /// Known values of the subject (what the file's calls pass) are narrowed too, and a C
    /// function's table keyed by the parameter.
    @Test func knownValuesOfAParameterAreNarrowed() {
        let result = Self.probed("""
            typedef NS_ENUM(NSInteger, VaultMode) { VaultModeOpen, VaultModeSealed };
            static void keep(VaultMode mode) {
                switch (mode) {
                    case VaultModeSealed:
                        probe(mode);
                        break;
                    default:
                        break;
                }
            }
            void callers(void) { keep(VaultModeOpen); keep(VaultModeSealed); }
            """)
        #expect(result.values == ["VaultModeSealed"])
    }

    /// A case that stores into the subject before the read is not narrowed.
    @Test func aStoreIntoTheSubjectKeepsEveryCase() {
        let result = Self.probed(Self.vault("""
            - (void)save:(VaultMode)other {
                switch (self.mode) {
                    case VaultModeShared:
                        self.mode = other;
                        probe([self protection]);
                        break;
                    default:
                        break;
                }
            }
            """))
        #expect(result.values.count == 4)
    }
}
