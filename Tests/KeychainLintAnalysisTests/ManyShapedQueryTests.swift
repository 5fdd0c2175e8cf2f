import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// Queries built from more optional pieces than a resolution holds shapes of: the shapes kept are
/// those that differ in what checks read, each still one whole dictionary of one path.
struct ManyShapedQueryTests {
    /// Six optional entries no check reads (64 shapes), an early return without the access
    /// control, then the access control.
    static let earlyReturn = """
        struct Item {
            var label: String?
            var note: String?
            var group: String?
            var summary: String?
            var maker: String?
            var port: Int?
            var access: SecAccessControl?
        }
        func attributes(_ item: Item, data: Data) -> [String: Any] {
            var attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
            if let label = item.label { attributes[kSecAttrLabel as String] = label }
            if let note = item.note { attributes[kSecAttrComment as String] = note }
            if let group = item.group { attributes[kSecAttrAccessGroup as String] = group }
            if let summary = item.summary { attributes[kSecAttrDescription as String] = summary }
            if let maker = item.maker { attributes[kSecAttrCreator as String] = maker }
            if let port = item.port { attributes[kSecAttrPort as String] = port }
            guard let access = item.access else { return attributes }
            attributes[kSecAttrAccessControl as String] = access
            return attributes
        }
        func save(_ item: Item, data: Data) { probe(attributes(item, data: data)) }
        """

    @Test func entriesNoCheckReadsDoNotHideALaterEntry() {
        let resolution = resolveProbe(Self.earlyReturn)
        let withAccess = resolution.values.filter { $0.value.description.contains("kSecAttrAccessControl") }
        #expect(!withAccess.isEmpty, "\(resolution.descriptions)")
        #expect(resolution.values.contains { !$0.value.description.contains("kSecAttrAccessControl") })
        // Every shape dropped is the same as a kept one to every check: nothing to say.
        #expect(!resolution.hasGap(mentioning: "possible values"), "\(resolution.reasons)")
    }

    @Test func exclusiveEntriesAreNeverPaired() {
        let resolution = resolveProbe(
            """
            func attributes(label: String?, note: String?, group: String?, summary: String?, maker: String?,
                            port: Int?, account: String?, service: String?, access: SecAccessControl?) -> [String: Any] {
                var attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                if let label { attributes[kSecAttrLabel as String] = label }
                if let note { attributes[kSecAttrComment as String] = note }
                if let group { attributes[kSecAttrAccessGroup as String] = group }
                if let summary { attributes[kSecAttrDescription as String] = summary }
                if let account { attributes[kSecAttrAccount as String] = account }
                if let service { attributes[kSecAttrService as String] = service }
                if let maker { attributes[kSecAttrCreator as String] = maker }
                if let port { attributes[kSecAttrPort as String] = port }
                if let access {
                    attributes[kSecAttrAccessControl as String] = access
                } else {
                    attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                }
                return attributes
            }
            func save(access: SecAccessControl?) { probe(attributes(label: nil, note: nil, group: nil, summary: nil, maker: nil, port: nil, account: nil, service: nil, access: access)) }
            """)
        let descriptions = resolution.descriptions
        #expect(descriptions.contains { $0.contains("kSecAttrAccessControl") }, "\(descriptions)")
        #expect(descriptions.contains { $0.contains("kSecAttrAccessible") }, "\(descriptions)")
        #expect(!descriptions.contains { $0.contains("kSecAttrAccessControl") && $0.contains("kSecAttrAccessible") })
    }

    @Test func shapesThatDifferInWhatChecksReadStillMeetTheBound() {
        // Six optional entries checks read (an account, a service, a returned flag…): 64 shapes
        // that no kept one stands for, the shapes with the last key coming after all others. The
        // bound is a gap, said under --verbose, and a shape with that key is among those kept.
        let resolution = resolveProbe(
            """
            func query(a: Bool, b: Bool, c: Bool, d: Bool, e: Bool, f: Bool) -> [String: Any] {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                if a { query[kSecAttrAccount as String] = "a" }
                if b { query[kSecAttrService as String] = "b" }
                if c { query[kSecReturnData as String] = true }
                if d { query[kSecReturnAttributes as String] = true }
                if e { query[kSecMatchLimit as String] = kSecMatchLimitAll }
                if f { query[kSecAttrSynchronizable as String] = true }
                guard last else { return query }
                query[kSecUseAuthenticationUI as String] = kSecUseAuthenticationUISkip
                return query
            }
            func read(a: Bool, b: Bool, c: Bool, d: Bool, e: Bool, f: Bool) { probe(query(a: a, b: b, c: c, d: d, e: e, f: f)) }
            """)
        #expect(resolution.values.count == Resolution.maximumValues)
        #expect(resolution.hasGap(mentioning: "possible values"), "\(resolution.reasons)")
        #expect(resolution.descriptions.contains { $0.contains("kSecUseAuthenticationUI") })
        #expect(resolution.descriptions.contains { !$0.contains("kSecUseAuthenticationUI") })
    }

    /// One arm builds an access control from every protection and every flag a parameter may
    /// choose (four by eight: as many values as a resolution holds), the other arm sets the
    /// accessibility: where the arms join, every accessibility is still among the shapes kept.
    @Test func theArmsOfAnIfShareThePlacesAtTheJoin() {
        let resolution = resolveProbe(
            """
            enum Retention { case session, device, background, forever }
            enum Gate { case a, b, c, d, e, f, g, h }
            func protection(_ retention: Retention) -> CFString {
                switch retention {
                case .session: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                case .device: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                case .background: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                case .forever: return kSecAttrAccessibleAlways
                }
            }
            func flags(_ gate: Gate) -> SecAccessControlCreateFlags {
                switch gate {
                case .a: return .biometryCurrentSet
                case .b: return [.biometryCurrentSet, .and, .devicePasscode]
                case .c: return [.biometryCurrentSet, .applicationPassword]
                case .d: return .applicationPassword
                case .e: return [.biometryCurrentSet, .and, .applicationPassword]
                case .f: return [.biometryCurrentSet, .or, .companion]
                case .g: return [.devicePasscode, .and, .applicationPassword]
                case .h: return [.biometryCurrentSet, .and, .devicePasscode, .applicationPassword]
                }
            }
            func keep(_ blob: Data, retention: Retention, gate: Gate, guarded: Bool) {
                var item: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: blob]
                if guarded {
                    item[kSecAttrAccessControl as String] = SecAccessControlCreateWithFlags(nil, protection(retention), flags(gate), nil)!
                } else {
                    item[kSecAttrAccessible as String] = protection(retention)
                }
                probe(item)
            }
            """)
        let shapes = resolution.values.map(\.value.description)
        for constant in [
            "kSecAttrAccessibleWhenUnlockedThisDeviceOnly", "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "kSecAttrAccessibleAlways",
        ] {
            #expect(shapes.contains { $0.contains("kSecAttrAccessible: \(constant)") }, "\(constant): \(shapes)")
        }
        #expect(shapes.contains { $0.contains("kSecAttrAccessControl") })
    }

    @Test func aDictionaryWrittenInAnotherOrderOrWithARepeatedEntryIsRepresentedAtTheBound() {
        // At the bound, a dictionary with the same entries as a kept one (as a set, the keys no
        // check reads aside) is represented by it: no gap, whatever the order of its entries and
        // whether one is repeated. A dictionary with an entry no kept one has is not.
        func entry(_ key: String, _ value: Value) -> DictionaryEntry { DictionaryEntry(key: .symbol(key), value: value) }
        var resolution = Resolution()
        for number in 0..<Resolution.maximumValues {
            resolution.add(TracedValue(value: .dictionary([
                entry("kSecClass", .symbol("kSecClassGenericPassword")), entry("kSecAttrAccount", .string("a\(number)")),
            ])))
        }
        resolution.add(TracedValue(value: .dictionary([
            entry("kSecAttrAccount", .string("a7")), entry("kSecAttrLabel", .string("not read")),
            entry("kSecClass", .symbol("kSecClassGenericPassword")), entry("kSecAttrAccount", .string("a7")),
        ])))
        #expect(resolution.values.count == Resolution.maximumValues)
        #expect(resolution.gaps.isEmpty, "\(resolution.reasons)")
        resolution.add(TracedValue(value: .dictionary([
            entry("kSecAttrAccount", .string("a7")), entry("kSecClass", .symbol("kSecClassInternetPassword")),
        ])))
        #expect(resolution.gaps == [Resolution.valueLimitGap])
    }
}
