import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// Entries whose values no check judges (a key's tag, the stored data, an LAContext handed over)
/// keep their key, with the value left unfollowed: following a parameter to every caller across
/// the project would cost much and decide nothing, and its possible values would multiply the
/// shapes of the query.
@Suite("Resolver: entries whose values are not judged")
struct UnjudgedEntryTests {
    /// A helper that builds a query from its parameters, and callers in other files.
    static let files = [
        "Store.swift": """
            import Security
            func store(tag: Data, secret: Data, account: String) {
                var query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrApplicationTag as String: tag,
                    kSecAttrAccount as String: account,
                    kSecAttrAccessible as String: kSecAttrAccessibleAlways,
                ]
                query[kSecValueData as String] = secret
                query.updateValue(secret, forKey: kSecAttrLabel as String)
                probe(query)
            }
            """,
        "CallerA.swift": #"func a() { store(tag: Data("a".utf8), secret: Data(), account: "alice") }"#,
        "CallerB.swift": #"func b() { store(tag: Data("b".utf8), secret: Data(), account: "bob") }"#,
    ]

    static func queries(followingIdentity: Bool) -> (queries: [KeychainQuery], index: ProjectIndex) {
        let ordered = files.sorted { $0.key < $1.key }
        let index = ProjectIndex(inputs: ordered.map { ProjectIndex.Input(path: $0.key, text: $0.value) })
        let resolver = ValueResolver(index: index)
        if !followingIdentity { resolver.keysNotFollowed.insert("kSecAttrAccount") }
        let position = ordered.firstIndex { $0.key == "Store.swift" }!
        let file = index.file(at: position)
        let finder = ProbeFinder()
        finder.walk(file.tree)
        return (resolver.queries(finder.arguments[0], in: file).queries, index)
    }

    @Test("a literal's, a subscript's and updateValue's unjudged values stay unfollowed; the judged ones are followed")
    func unjudgedValuesAreNotFollowed() {
        let (queries, _) = Self.queries(followingIdentity: true)
        // Only the account, which is judged, multiplies the query by its callers' values.
        #expect(queries.count == 2, "\(queries.map(\.entries))")
        for query in queries {
            #expect(query.value("kSecAttrApplicationTag") == .opaque("tag"))
            #expect(query.value("kSecValueData") == .opaque("secret"))
            #expect(query.value("kSecAttrLabel") == .opaque("secret"))
            #expect(query.value("kSecAttrAccessible") == .symbol("kSecAttrAccessibleAlways"))
        }
        #expect(Set(queries.compactMap { $0.value("kSecAttrAccount") }) == [.string("alice"), .string("bob")])
    }

    @Test("with the identity attributes not judged, the account is kept unfollowed and no caller's file is parsed")
    func identityNotFollowed() {
        let (queries, index) = Self.queries(followingIdentity: false)
        #expect(queries.count == 1)
        #expect(queries.first?.value("kSecAttrAccount") == .opaque("account"))
        #expect(queries.first?.value("kSecAttrAccessible") == .symbol("kSecAttrAccessibleAlways"))
        #expect(index.parsedFileCount == 1, "parsed \(index.parsedFileCount) of \(index.fileCount) files")
    }
}
