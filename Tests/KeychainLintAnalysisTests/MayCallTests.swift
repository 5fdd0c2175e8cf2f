import KeychainLintAnalysis
import Testing

/// The byte check a search for callers uses to skip files without parsing them: it may say yes
/// for a file with no call (a word in a comment), never no for a file with one.
@Suite("Text search: may a file call a name")
struct MayCallTests {
    @Test("calls in every form the parser finds are a yes")
    func callsAreYes() {
        for text in [
            "let a = make(legacy: true)", "store.make (legacy: false)", "make { }", "Store<Int>()", "Store.init(x: 1)",
            "x = make\t(1)", "handler.make?(1)", "make!(1)",
        ] {
            let name = text.contains("Store") ? "Store" : "make"
            #expect(TextSearch.mayCall(name, in: text), "\(text)")
        }
    }

    @Test("a declaration, a longer identifier or a mere mention is a no")
    func othersAreNo() {
        for text in ["func make(legacy: Bool) {}", "func  make<T>(x: T)", "remake(1)", "maker(1)", "let make = 1", "// make"] {
            #expect(!TextSearch.mayCall("make", in: text), "\(text)")
        }
    }

    @Test("a construction that does not name its type: .init( and Self(, not a declaration or a delegation")
    func constructionsWithoutTypeName() {
        for text in ["let a: Store = .init(x: 1)", "f(.init ())", "Self(x: 1)", "Self.init(x: 1)", "return Store.init()"] {
            #expect(TextSearch.mayConstructWithoutTypeName(in: text), "\(text)")
        }
        for text in ["init(x: Int) {}", "self.init(x: 1)", "super.init()", "let initial = 1", "x.initialize()", "mySelf(1)"] {
            #expect(!TextSearch.mayConstructWithoutTypeName(in: text), "\(text)")
        }
    }
}
