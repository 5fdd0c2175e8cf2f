import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// The queries (dictionaries) the first argument of the one `probe(…)` call in `files` can be.
private func probeQueries(
    _ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> (queries: [KeychainQuery], gaps: [ResolutionGap]) {
    let ordered = files.sorted { $0.key < $1.key }
    let index = ProjectIndex(inputs: ordered.map { ProjectIndex.Input(path: $0.key, text: $0.value) })
    let resolver = ValueResolver(index: index)
    for position in ordered.indices where ordered[position].value.contains("probe(") {
        let file = index.file(at: position)
        let finder = ProbeFinder()
        finder.walk(file.tree)
        if let expression = finder.arguments.first {
            return resolver.queries(expression, in: file)
        }
    }
    Issue.record("no probe(…) call", sourceLocation: sourceLocation)
    return ([], [])
}

private func probeQueries(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> (queries: [KeychainQuery], gaps: [ResolutionGap])
{
    probeQueries(["A.swift": source], sourceLocation: sourceLocation)
}

extension KeychainQuery {
    /// Canonical key names in order (`?` for a key that is not a known constant).
    fileprivate var keys: [String] { entries.map { $0.key ?? "?" } }
}

@Suite("Query model: SecItem dictionaries")
struct KeychainQueryTests {
    @Test func stringKeyedLiteralWithCasts() {
        let (queries, gaps) = probeQueries(
            """
            func save(password: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "vault",
                    kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked,
                    kSecValueData as String: password,
                ]
                probe(query as CFDictionary)
            }
            """)
        #expect(queries.count == 1)
        let query = queries[0]
        #expect(query.keys == ["kSecClass", "kSecAttrService", "kSecAttrAccessible", "kSecValueData"])
        #expect(query.value("kSecClass") == .symbol("kSecClassGenericPassword"))
        #expect(query.value("kSecAttrService") == .string("vault"))
        #expect(query.value("kSecAttrAccessible") == .symbol("kSecAttrAccessibleWhenUnlocked"))
        #expect(query.contains("kSecAttrAccessible"))
        #expect(!query.contains("kSecAttrAccessControl"))
        #expect(query.trace.map(\.text) == ["`query`"])
        // The stored data is not judged: its value stays unfollowed (no gap about `password`).
        #expect(query.value("kSecValueData") == .opaque("password"))
        #expect(gaps.isEmpty, "\(gaps)")
    }

    @Test func cfStringKeyedLiteral() {
        let (queries, _) = probeQueries(
            """
            func f(access: SecAccessControl) {
                let query: [CFString: Any] = [
                    kSecClass: kSecClassInternetPassword,
                    kSecAttrAccessControl: access,
                    kSecAttrServer: "example.com",
                ]
                probe(query as CFDictionary)
            }
            """)
        #expect(queries.count == 1)
        #expect(queries[0].keys == ["kSecClass", "kSecAttrAccessControl", "kSecAttrServer"])
        #expect(queries[0].value("kSecAttrServer") == .string("example.com"))
    }

    @Test func nsDictionaryLiterals() {
        let (annotated, _) = probeQueries(
            """
            let query: NSDictionary = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "me"]
            func f() { probe(query) }
            """)
        #expect(annotated.map(\.keys) == [["kSecClass", "kSecAttrAccount"]])
        let (cast, _) = probeQueries(
            """
            func f() {
                let query = [kSecClass as NSString: kSecClassGenericPassword, kSecAttrAccount as NSString: "me"] as NSDictionary
                probe(query)
            }
            """)
        #expect(cast.map(\.keys) == [["kSecClass", "kSecAttrAccount"]])
        let (copied, _) = probeQueries(
            """
            func f() {
                let query = NSDictionary(dictionary: [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "me"])
                probe(query)
            }
            """)
        #expect(copied.map(\.keys) == [["kSecClass", "kSecAttrAccount"]])
    }

    @Test func subscriptAssignmentsOnAnEmptyDictionary() {
        // OWASP MASTG-KNOW-0057's example builds its query this way, starting from `[String: Any]()` or `[:]`.
        for start in ["[String: Any]()", "[:]", "Dictionary<String, Any>()", "[String: AnyObject]()"] {
            let (queries, gaps) = probeQueries(
                """
                func f(accessControl: SecAccessControl) {
                    var query: [String: Any] = \(start)
                    query[kSecClass as String] = kSecClassGenericPassword
                    query[kSecAttrAccount as String] = "OWASP Account" as CFString
                    query[kSecAttrAccessControl as String] = accessControl
                    probe(query as CFDictionary)
                }
                """)
            #expect(queries.map(\.keys) == [["kSecClass", "kSecAttrAccount", "kSecAttrAccessControl"]], "\(start)")
            #expect(queries.first?.value("kSecAttrAccount") == .string("OWASP Account"), "\(start)")
            #expect(!gaps.contains { $0.reason.contains("not a known dictionary") }, "\(start)")
        }
    }

    @Test func literalThenSubscriptsAndNilRemoves() {
        let (queries, _) = probeQueries(
            """
            func f() {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrLabel as String: "x"]
                query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
                query[kSecClass as String] = kSecClassInternetPassword
                query[kSecAttrLabel as String] = nil
                probe(query)
            }
            """)
        #expect(queries.count == 1)
        // A re-assigned key moves to the end; `nil` removes it, as Swift dictionaries do.
        #expect(queries[0].keys == ["kSecAttrAccessible", "kSecClass"])
        #expect(queries[0].value("kSecClass") == .symbol("kSecClassInternetPassword"))
    }

    @Test func mergingMergeUpdateValueAndRemoveValue() {
        let (merged, _) = probeQueries(
            """
            func f() {
                let base: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked]
                let query = base.merging([kSecAttrAccessible as String: kSecAttrAccessibleAlways]) { _, new in new }
                probe(query)
            }
            """)
        #expect(merged.first?.value("kSecAttrAccessible") == .symbol("kSecAttrAccessibleAlways"))
        #expect(merged.first?.keys == ["kSecClass", "kSecAttrAccessible"])

        let (mutated, _) = probeQueries(
            """
            func f(access: SecAccessControl) {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrLabel as String: "x"]
                query.merge([kSecAttrAccount as String: "me"]) { $1 }
                query.updateValue(access, forKey: kSecAttrAccessControl as String)
                query.removeValue(forKey: kSecAttrLabel as String)
                probe(query)
            }
            """)
        #expect(mutated.first?.keys == ["kSecClass", "kSecAttrAccount", "kSecAttrAccessControl"])
    }

    @Test func helperReturningTheDictionaryThenSubscripts() {
        let (queries, gaps) = probeQueries(
            """
            func baseQuery(service: String = "vault") -> [String: Any] {
                return [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
            }
            func f() {
                var query = baseQuery()
                query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                probe(query)
            }
            """)
        #expect(gaps.isEmpty)
        #expect(queries.map(\.keys) == [["kSecClass", "kSecAttrService", "kSecAttrAccessible"]])
        #expect(queries.first?.value("kSecAttrService") == .string("vault"))
        #expect(queries.first?.trace.map(\.text) == ["`query`", "`baseQuery()`", "default of `service`"])
    }

    @Test func helperInAnotherFileKeepsTheKeyLocation() {
        let (queries, _) = probeQueries(
            [
                "Queries.swift": """
                enum Queries {
                    static func tokenQuery() -> [String: Any] {
                        [kSecClass as String: kSecClassGenericPassword,
                         kSecAttrAccessible as String: kSecAttrAccessibleAlways]
                    }
                }
                """,
                "Store.swift": """
                func save() {
                    probe(Queries.tokenQuery() as CFDictionary)
                }
                """,
            ])
        #expect(queries.count == 1)
        let location = queries.first?.entry("kSecAttrAccessible")?.location
        #expect(location?.file == "Queries.swift")
        #expect(location?.line == 4)
        #expect(location?.column == 10)
        #expect(location?.endColumn == 38)
        #expect(queries.first?.trace.first?.text == "`Queries.tokenQuery()`")
    }

    @Test func keyLocationOfLiteralSubscriptAndUpdateValue() {
        let (queries, _) = probeQueries(
            """
            func f() {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                query[String(kSecAttrAccessible)] = kSecAttrAccessibleWhenUnlocked
                query.updateValue("svc", forKey: kSecAttrService as String)
                probe(query)
            }
            """)
        let query = queries[0]
        #expect(query.entry("kSecClass")?.location.map { [$0.line, $0.column] } == [2, 33])
        #expect(query.entry("kSecAttrAccessible")?.location.map { [$0.line, $0.column] } == [3, 11])
        #expect(query.entry("kSecAttrService")?.location.map { [$0.line, $0.column] } == [4, 38])
    }

    @Test func branchesGiveTwoQueries() {
        let (queries, _) = probeQueries(
            """
            func f(protected: Bool, access: SecAccessControl) {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                if protected {
                    query[kSecAttrAccessControl as String] = access
                } else {
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
                }
                probe(query)
            }
            """)
        #expect(queries.count == 2)
        #expect(Set(queries.map(\.keys)) == [["kSecClass", "kSecAttrAccessControl"], ["kSecClass", "kSecAttrAccessible"]])
        let protected = queries.first { $0.contains("kSecAttrAccessControl") }
        #expect(protected?.trace.map(\.text) == ["`query`", "if `protected`"])
    }

    @Test func everyKeySpelling() {
        let spellings = [
            "kSecAttrAccessible", "kSecAttrAccessible as String", "(kSecAttrAccessible as String)",
            "String(kSecAttrAccessible)", "kSecAttrAccessible as NSString", "kSecAttrAccessible as CFString",
            "NSString(string: kSecAttrAccessible as String) as String", "\"pdmn\"",
        ]
        for spelling in spellings {
            let (queries, _) = probeQueries(
                """
                func f() {
                    let query: [AnyHashable: Any] = [\(spelling): kSecAttrAccessibleAlwaysThisDeviceOnly]
                    probe(query)
                }
                """)
            #expect(queries.first?.keys == ["kSecAttrAccessible"], "\(spelling)")
        }
    }

    @Test func rawKeysAndRawAccessibilityValues() {
        let (queries, _) = probeQueries(
            """
            func f(access: SecAccessControl) {
                let query: [String: Any] = ["class": "genp", "pdmn": "dk", "accc": access, "m_Limit": "m_LimitAll"]
                probe(query)
            }
            """)
        let query = queries[0]
        #expect(query.keys == ["kSecClass", "kSecAttrAccessible", "kSecAttrAccessControl", "kSecMatchLimit"])
        #expect(query.value("kSecAttrAccessible").flatMap(SecItemKeys.accessibilityName) == "kSecAttrAccessibleAlways")
        #expect(SecItemKeys.accessibilityName(.string("dku")) == "kSecAttrAccessibleAlwaysThisDeviceOnly")
        #expect(SecItemKeys.accessibilityName(.symbol("kSecAttrAccessibleAfterFirstUnlock")) == "kSecAttrAccessibleAfterFirstUnlock")
        #expect(SecItemKeys.accessibilityName(.string("vault")) == nil)
        #expect(SecItemKeys.valueName(.string("m_LimitAll")) == "kSecMatchLimitAll")
        #expect(SecItemKeys.valueName(.string("u_AuthUIS")) == "kSecUseAuthenticationUISkip")
        #expect(SecItemKeys.valueName(.symbol("kSecMatchLimitOne")) == "kSecMatchLimitOne")
    }

    @Test func nestedPrivateKeyAttributes() {
        let (queries, _) = probeQueries(
            """
            func f(access: SecAccessControl) {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [
                        kSecAttrIsPermanent as String: true,
                        kSecAttrAccessControl as String: access,
                    ],
                ]
                probe(attributes as CFDictionary)
            }
            """)
        let privateAttributes = queries.first?.nested("kSecPrivateKeyAttrs")
        #expect(privateAttributes?.keys == ["kSecAttrIsPermanent", "kSecAttrAccessControl"])
        #expect(privateAttributes?.value("kSecAttrIsPermanent") == .bool(true))
        #expect(privateAttributes?.entry("kSecAttrAccessControl")?.location?.line == 7)
        #expect(queries.first?.nested("kSecPublicKeyAttrs") == nil)
    }

    @Test func nsMutableDictionaryWithSetObjectAndSetValue() {
        let (queries, gaps) = probeQueries(
            """
            func f(access: SecAccessControl) {
                let query = NSMutableDictionary()
                query.setObject(kSecClassGenericPassword, forKey: kSecClass as NSString)
                query.setValue("vault", forKey: kSecAttrService as String)
                query[kSecAttrAccessControl] = access
                query.removeObject(forKey: kSecAttrService)
                probe(query)
            }
            """)
        #expect(queries.map(\.keys) == [["kSecClass", "kSecAttrAccessControl"]])
        #expect(queries.first?.entry("kSecClass")?.location.map { [$0.line, $0.column] } == [3, 55])
        #expect(!gaps.contains { $0.reason.contains("not a known dictionary") })
    }

    @Test func addEntriesRemoveAllAndValueLocations() {
        let (queries, _) = probeQueries(
            """
            func f(access: SecAccessControl) {
                let query = NSMutableDictionary(dictionary: [kSecAttrLabel: "old"])
                query.removeAllObjects()
                query.addEntries(from: [kSecClass: kSecClassGenericPassword])
                query.setValue(kSecAttrAccessibleAlways, forKey: kSecAttrAccessible as String)
                var other: [String: Any] = [kSecAttrAccount as String: "a"]
                other.removeAll()
                other[kSecAttrService as String] = "s"
                probe(query)
            }
            """)
        #expect(queries.map(\.keys) == [["kSecClass", "kSecAttrAccessible"]])
        let accessible = queries.first?.entry("kSecAttrAccessible")
        #expect(accessible?.valueLocation.map { [$0.line, $0.column] } == [5, 20])
        #expect(accessible?.location.map { [$0.line, $0.column] } == [5, 54])
        #expect(queries.first?.entry("kSecClass")?.valueLocation.map { [$0.line, $0.column] } == [4, 40])
    }

    @Test func removeAllWithAPredicateIsNotFollowed() {
        let (queries, gaps) = probeQueries(
            """
            func f() {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                query.removeAll { $0.key == "x" }
                probe(query)
            }
            """)
        #expect(queries.map(\.keys) == [["kSecClass"]])
        #expect(gaps.contains { $0.reason.contains("not follow") })
    }

    @Test func keyAttributesMergeNestedOverTopLevel() {
        let (queries, _) = probeQueries(
            """
            func f(access: SecAccessControl) {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked,
                    kSecAttrLabel as String: "top",
                    kSecPrivateKeyAttrs as String: [kSecAttrLabel as String: "private", kSecAttrAccessControl as String: access],
                ]
                probe(attributes)
            }
            """)
        let privateKey = queries.first?.keyAttributes("kSecPrivateKeyAttrs")
        #expect(privateKey?.keys == ["kSecAttrKeyType", "kSecAttrAccessible", "kSecAttrLabel", "kSecAttrAccessControl"])
        #expect(privateKey?.value("kSecAttrLabel") == .string("private"))
        #expect(queries.first?.keyAttributes("kSecPublicKeyAttrs") == nil)
    }

    @Test func queryPassedToAWrapperByItsCallers() {
        let (queries, _) = probeQueries(
            [
                "Keychain.swift": """
                func add(_ query: [String: Any]) -> OSStatus {
                    probe(query as CFDictionary)
                }
                """,
                "App.swift": """
                func store() {
                    _ = add([kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a"])
                    _ = add([kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "b"])
                }
                """,
            ])
        #expect(Set(queries.compactMap { $0.value("kSecAttrAccount") }) == [.string("a"), .string("b")])
        #expect(queries.allSatisfy { $0.entry("kSecAttrAccount")?.location?.file == "App.swift" })
    }

    @Test func unknownDictionaryIsNoQuery() {
        let (queries, gaps) = probeQueries(
            """
            func f(store: Store) {
                let query = store.makeQuery()
                probe(query)
            }
            """)
        #expect(queries.isEmpty)
        #expect(!gaps.isEmpty)
    }
}
