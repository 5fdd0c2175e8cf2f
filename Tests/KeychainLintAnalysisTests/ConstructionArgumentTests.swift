import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// A library type constructed by name keeps only the arguments a check reads: a wrapper's
/// instance is judged by the arguments its model gives a role, and following a service name to
/// every caller costs as much as any other value and decides nothing.
@Suite("Resolver: arguments of a library type's construction that no check reads")
struct ConstructionArgumentTests {
    static let files = [
        "Store.swift": """
            func open(service: String, protection: CFString) {
                probe(Vault(service: service, protection: protection, "label", 3))
            }
            """,
        "CallerA.swift": #"func a() { open(service: "alpha", protection: kSecAttrAccessibleAlways) }"#,
        "CallerB.swift": #"func b() { open(service: "beta", protection: kSecAttrAccessibleWhenUnlocked) }"#,
    ]

    static func values(read: [String: Set<String>]) -> [Value] {
        let ordered = files.sorted { $0.key < $1.key }
        let index = ProjectIndex(inputs: ordered.map { ProjectIndex.Input(path: $0.key, text: $0.value) })
        let resolver = ValueResolver(index: index)
        resolver.constructionArgumentsRead = read
        let position = ordered.firstIndex { $0.key == "Store.swift" }!
        let file = index.file(at: position)
        let finder = ProbeFinder()
        finder.walk(file.tree)
        return resolver.resolve(finder.arguments[0], in: file).values.map(\.value)
    }

    static func argument(_ value: Value, _ label: String?) -> Value? {
        guard case .call(let call) = value else { return nil }
        return call.arguments.first { $0.label == label }?.value
    }

    @Test("the arguments a check reads are followed to the callers; the others keep their text; literals read as themselves")
    func unreadArgumentsAreNotFollowed() {
        let values = Self.values(read: ["Vault": ["protection"]])
        // Only the protection multiplies the construction by its callers' values.
        #expect(values.count == 2, "\(values)")
        for value in values {
            #expect(Self.argument(value, "service") == .opaque("service"))
            #expect(Self.argument(value, nil) == .string("label"))
        }
        #expect(Set(values.compactMap { Self.argument($0, "protection") })
            == [.symbol("kSecAttrAccessibleAlways"), .symbol("kSecAttrAccessibleWhenUnlocked")])
    }

    @Test("a type not listed keeps every argument followed")
    func unlistedTypeIsFollowed() {
        let values = Self.values(read: ["Other": []])
        // Each caller's pair of arguments, as the resolver follows a function read at two parameters.
        #expect(values.count == 2, "\(values)")
        #expect(Set(values.compactMap { value in Self.argument(value, "service").map { [$0, Self.argument(value, "protection")] } })
            == [[.string("alpha"), .symbol("kSecAttrAccessibleAlways")], [.string("beta"), .symbol("kSecAttrAccessibleWhenUnlocked")]])
    }

    @Test("the models list, per type constructed by name, the labels of its initializers' role arguments")
    func rolesOfTheBuiltInModels() {
        let models = WrapperModelCatalog.builtIn.filter { $0.library == "EllipticCurveKeyPair" }
        let read = WrapperModel.constructionArgumentsWithRoles(in: models)
        #expect(read["AccessControl"] == ["protection", "flags"])
        #expect(read["Config"] == ["publicKeyAccessControl", "privateKeyAccessControl"])
        #expect(read["Manager"] == [])
    }
}
