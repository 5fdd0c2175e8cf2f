import KeychainLintAnalysis
import KeychainLintModel
import Testing

/// Which calls can reach a function, by Swift's access rules: a `private` or `fileprivate`
/// function (or one inside a private type, or a local function) is called from its own file
/// only, so same-named calls elsewhere are not its callers, and a common name called in many
/// other files does not stop the search. Where the search does stop at its bound, the gap says
/// so (kind `.searchLimit`, shown under `--verbose`).
@Suite("Resolver: which calls can reach a function")
struct CallerScopeTests {
    private static let helper = """
        final class Vault {
            func save() { add(kSecAttrAccessibleWhenUnlocked) }
            ACCESS func add(_ protection: CFString) {
                probe(protection)
            }
        }
        """

    /// `helper` with `add` declared with `access`, and `callers` other files that call an `add`.
    private func resolution(access: String, callers: Int = 1) -> Resolution {
        var files = ["Vault.swift": Self.helper.replacingOccurrences(of: "ACCESS", with: access)]
        for number in 0..<callers {
            files["Other\(number).swift"] = "func other\(number)() { add(kSecAttrAccessibleAlways) }"
        }
        return resolveProbe(files)
    }

    @Test("a private method's callers are in its file: a same-named call in another file is not one")
    func privateMethodCallersInItsFile() {
        #expect(resolution(access: "private").descriptions == ["kSecAttrAccessibleWhenUnlocked"])
        #expect(resolution(access: "fileprivate").descriptions == ["kSecAttrAccessibleWhenUnlocked"])
    }

    @Test("an internal method's callers may be in any file of the module")
    func internalMethodCallersAnywhere() {
        #expect(resolution(access: "").descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
        #expect(resolution(access: "internal").descriptionSet == ["kSecAttrAccessibleWhenUnlocked", "kSecAttrAccessibleAlways"])
    }

    @Test("a method inside a private type, or a local function, is called from its file only")
    func privateTypeAndLocalFunction() {
        let privateType = resolveProbe([
            "Vault.swift": "private " + Self.helper.replacingOccurrences(of: "ACCESS", with: ""),
            "Other.swift": "func other() { add(kSecAttrAccessibleAlways) }",
        ])
        #expect(privateType.descriptions == ["kSecAttrAccessibleWhenUnlocked"])
        let local = resolveProbe([
            "Vault.swift": """
            func save() {
                func add(_ protection: CFString) { probe(protection) }
                add(kSecAttrAccessibleWhenUnlocked)
            }
            """,
            "Other.swift": "func other() { add(kSecAttrAccessibleAlways) }",
        ])
        #expect(local.descriptions == ["kSecAttrAccessibleWhenUnlocked"])
    }

    @Test("more files calling a common name than the bound: a search-limit gap for an internal method, callers followed for a private one")
    func callerSearchBound() {
        let many = ValueResolver.maximumCallerFiles
        let unbounded = resolution(access: "", callers: many)
        #expect(unbounded.values.isEmpty)
        #expect(unbounded.gaps.map(\.kind) == [.searchLimit])
        #expect(unbounded.reasons == ["`protection`: more than 64 files may call `add`, so its callers are not followed"])
        #expect(resolution(access: "private", callers: many).descriptions == ["kSecAttrAccessibleWhenUnlocked"])
        // At the bound (the files mentioning `add`, the function's own included), callers are
        // still searched (then more than `maximumCallSites` pass a value).
        let atBound = resolution(access: "", callers: ValueResolver.maximumCallerFiles - 1)
        #expect(!atBound.hasGap(mentioning: "files may call"))
        #expect(atBound.gaps.map(\.kind) == [.searchLimit])
        #expect(atBound.hasGap(mentioning: "more than \(ValueResolver.maximumCallSites) calls pass"))
    }
}
