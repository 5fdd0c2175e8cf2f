import Foundation
import KeychainLintModel

/// The constants other Objective-C files of the scan define at file scope: a variable with a value
/// (`NSString *const kService = @"vault";` in `Keys.m`, which `Keys.h` declares `extern`) and, in a
/// header, a `static` constant or an object-like `#define`. A name a file uses but neither
/// declares with a value nor defines is looked up here, as a Swift constant of another file is.
///
/// Built once per scan and shared between threads: a cheap pass over each file's bytes first lists
/// the names a file may define at file scope (a name before `=` outside braces, a `#define`); a
/// file is parsed only when a name it may define is asked for, and kept.
///
/// What another `.m` declares `static` or `#define`s is private to it (unless the `.m` is itself
/// included, which is rare) and is not offered; a header's is, whoever includes it.
public final class ObjCScanConstants: @unchecked Sendable {
    /// One file-scope definition of a name, in the file that holds it.
    public struct Definition {
        public enum Kind {
            case variable(ObjCGlobalVariable)
            case macro(ObjCMacroDefinition)
            /// A constant of an `enum` body in a header.
            case enumerator(ObjCEnumerator)
            /// A function or method body (`bodyDefinitions`), not a constant.
            case body(ObjCBody)
        }

        public let path: String
        public let kind: Kind
        /// The file's text and tree, for its own resolver (paths and columns in that file).
        let file: ParsedFile
    }

    /// A function or method of another file whose returns a call follows: a C function the
    /// file defines without `static` (a `static` one is private to its file), or a method of a
    /// class the file implements, sent to the class by name.
    public struct BodyDefinition {
        public let path: String
        public let body: ObjCBody
        let file: ParsedFile

        /// The definition's file, as a constant's (`resolver(for:)`).
        var asDefinition: Definition { Definition(path: path, kind: .body(body), file: file) }
    }

    final class ParsedFile: @unchecked Sendable {
        let path: String
        let source: String
        let tree: ObjCSyntaxTree
        /// The file's variables with a value, by name (the last declaration with one), and its
        /// object-like `#define`s (the last of each name): looked up once per name asked for.
        let variables: [String: ObjCGlobalVariable]
        let macros: [String: ObjCMacroDefinition]
        /// The constants of its `enum` bodies (the first of each name).
        let enumerators: [String: ObjCEnumerator]
        /// The C functions it defines without `static`, and the methods of the classes it
        /// implements, by class and selector.
        let functions: [String: ObjCBody]
        let methods: [String: [String: ObjCBody]]
        /// The constants of its `enum` bodies by the type they declare, in order.
        let enumeratorsByType: [String: [ObjCEnumerator]]
        /// Of a header: its `@interface`s, categories and extensions, by class (what it declares
        /// for other files and modules to use).
        let interfaces: [String: [ObjCContainer]]

        init(path: String, source: String, tree: ObjCSyntaxTree) {
            self.path = path
            self.source = source
            // Kept for the rest of the scan: only what a value can refer to (the file-scope
            // declarations, functions, implementations and `#define`s), not its tokens or comments.
            self.tree = ObjCSyntaxTree(
                items: tree.allItems.compactMap { item in
                    switch item.kind {
                    case .declaration, .function:
                        return item
                    case .container(var container) where container.kind == .implementation || Self.isCategoryImplementation(container.kind):
                        // Its methods; what is nested in it is kept above, once.
                        container.nested = []
                        var kept = item
                        kept.kind = .container(container)
                        return kept
                    default:
                        return nil
                    }
                },
                macros: tree.macros.filter { $0.parameters == nil }, enumerators: tree.enumerators, tokens: [], comments: [],
                directives: [], diagnostics: [], droppedDiagnostics: 0, lineTable: tree.lineTable)
            var variables: [String: ObjCGlobalVariable] = [:]
            for variable in tree.globalVariables where variable.declarator.initializer != nil { variables[variable.name] = variable }
            self.variables = variables
            var macros: [String: ObjCMacroDefinition] = [:]
            for macro in tree.macros where macro.parameters == nil { macros[macro.name] = macro }
            self.macros = macros
            self.enumerators = Dictionary(tree.enumerators.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var byType: [String: [ObjCEnumerator]] = [:]
            for enumerator in tree.enumerators {
                if let typeName = enumerator.typeName { byType[typeName, default: []].append(enumerator) }
            }
            self.enumeratorsByType = byType
            var interfaces: [String: [ObjCContainer]] = [:]
            if path.hasSuffix(".h") {
                for item in tree.allItems {
                    guard case .container(var container) = item.kind else { continue }
                    switch container.kind {
                    case .interface, .category, .extension:
                        container.nested = []
                        interfaces[container.name, default: []].append(container)
                    default:
                        continue
                    }
                }
            }
            self.interfaces = interfaces
            let exported = self.tree.exportedFunctionNames
            var functions: [String: ObjCBody] = [:]
            var methods: [String: [String: ObjCBody]] = [:]
            for body in self.tree.bodies {
                switch body.owner {
                case .function(let name) where exported.contains(name): functions[name] = body
                case .method(let container, let selector, _): methods[container, default: [:]][selector] = body
                default: break
                }
            }
            self.functions = functions
            self.methods = methods
        }

        private static func isCategoryImplementation(_ kind: ObjCContainer.Kind) -> Bool {
            if case .categoryImplementation = kind { return true }
            return false
        }
    }

    /// Files defining one name that a question follows: a name defined in more files is most
    /// likely a generated or vendored copy, and following each would cost a parse per file.
    public static let maximumDefiningFiles = 8

    private let paths: [String]
    private let text: @Sendable (Int) -> String
    private let lock = NSLock()
    private var candidates: [String: [Int]]?
    /// Files that may call each name (`FileNames.called`), built with `candidates`.
    private var callerFiles: [String: [Int]] = [:]
    /// Files whose `enum` bodies may declare each constant, built with `candidates`.
    private var enumeratorFiles: [String: [Int]] = [:]
    /// Files that may declare each `enum` type, and each class's `@interface`, built with `candidates`.
    private var enumTypeFiles: [String: [Int]] = [:]
    private var interfaceFiles: [String: [Int]] = [:]
    private var parsed: [Int: ParsedFile] = [:]
    private var answers: [String: [Definition]] = [:]
    /// The calls one file makes of one function or class method (`callSites`).
    private var siteAnswers: [SiteKey: [CallSiteElsewhere]] = [:]

    /// What the cheap pass over one file's bytes lists (`names(in:)`).
    public struct FileNames: Sendable {
        /// The names it may define at file scope.
        public var defined: [String]
        /// The names it may call: a C function (`Name(`), a class it sends a message to by name
        /// (`[Name …]`) or a piece of a selector it sends (`name:` inside `[…]`), inside braces.
        public var called: [String]
        /// The constants its `enum` bodies at file scope may declare.
        public var enumerated: [String]
        /// The names of the `enum` types it may declare, and the classes it declares an
        /// `@interface` (or a category or extension) of.
        public var enumTypes: [String]
        public var interfaces: [String]

        public init(defined: [String] = [], called: [String] = [], enumerated: [String] = [], enumTypes: [String] = [], interfaces: [String] = []) {
            self.defined = defined
            self.called = called
            self.enumerated = enumerated
            self.enumTypes = enumTypes
            self.interfaces = interfaces
        }
    }

    /// `paths`: the scan's Objective-C files; `text(i)`: the text of `paths[i]`; `names`, when the
    /// scan listed them as it read the files (`names(in:)`), each file's, in the order of `paths`
    /// (otherwise each file is read again on the first question).
    public init(paths: [String], text: @escaping @Sendable (Int) -> String, names: [FileNames]? = nil) {
        self.paths = paths
        self.text = text
        if let names { tabulate(names) }
    }

    private func tabulate(_ names: [FileNames]) {
        var defined: [String: [Int]] = [:]
        var called: [String: [Int]] = [:]
        var enumerated: [String: [Int]] = [:]
        var enumTypes: [String: [Int]] = [:]
        var interfaces: [String: [Int]] = [:]
        for (position, file) in zip(paths.indices, names) {
            for name in file.defined { defined[name, default: []].append(position) }
            for name in file.called { called[name, default: []].append(position) }
            for name in file.enumerated { enumerated[name, default: []].append(position) }
            for name in file.enumTypes { enumTypes[name, default: []].append(position) }
            for name in file.interfaces { interfaces[name, default: []].append(position) }
        }
        candidates = defined
        callerFiles = called
        enumeratorFiles = enumerated
        enumTypeFiles = enumTypes
        interfaceFiles = interfaces
    }

    /// The names a file's text may define at file scope and may call, for `init(paths:text:names:)`.
    public static func names(in text: String) -> FileNames {
        let found = text.utf8.withContiguousStorageIfAvailable { scanNames($0) } ?? Array(text.utf8).withUnsafeBufferPointer { scanNames($0) }
        return FileNames(
            defined: Array(found.defined), called: Array(found.called), enumerated: Array(found.enumerated),
            enumTypes: Array(found.enumTypes), interfaces: Array(found.interfaces))
    }

    /// The names a file's text may define at file scope.
    public static func definedNames(in text: String) -> [String] { names(in: text).defined }

    /// The file-scope definitions of `name` in the scan's Objective-C files other than `path`, in
    /// path order; nil when more than `maximumDefiningFiles` files may define it.
    public func definitions(of name: String, besides path: String) -> [Definition]? {
        let files = candidateFiles(of: name)
        if let known = lock.withLock({ answers[name] }) { return known.filter { $0.path != path } }
        guard files.count <= Self.maximumDefiningFiles + 1 else { return nil }
        var found: [Definition] = []
        for position in files {
            let file = parsedFile(position)
            let isHeader = file.path.hasSuffix(".h")
            // The last declaration with a value: a definition follows its `extern` declaration.
            if let variable = file.variables[name], isHeader || !variable.isStatic {
                found.append(Definition(path: file.path, kind: .variable(variable), file: file))
            } else if isHeader, let macro = file.macros[name] {
                found.append(Definition(path: file.path, kind: .macro(macro), file: file))
            }
        }
        lock.withLock { answers[name] = found }
        let others = found.filter { $0.path != path }
        return others.count > Self.maximumDefiningFiles ? nil : others
    }

    /// The constants named `name` that `enum` bodies of the scan's headers declare (an `enum` of
    /// a `.m` is private to it), in path order; nil when more than `maximumDefiningFiles` files
    /// may declare it.
    public func enumerators(named name: String, besides path: String) -> [Definition]? {
        let files = withTables { _, _ in enumeratorFiles[name] ?? [] }.filter { paths[$0] != path && paths[$0].hasSuffix(".h") }
        guard files.count <= Self.maximumDefiningFiles else { return nil }
        return files.compactMap { position in
            let file = parsedFile(position)
            return file.enumerators[name].map { Definition(path: file.path, kind: .enumerator($0), file: file) }
        }
    }

    /// The constants of the `enum` type `typeName` that one header of the scan declares (a type of
    /// a `.m` is private to it, not a library's public option), with the header; nil when no header
    /// or more than one declares it (which one a file sees is not known).
    public func enumerators(ofType typeName: String) -> (constants: [ObjCEnumerator], definition: Definition)? {
        let files = withTables { _, _ in enumTypeFiles[typeName] ?? [] }.filter { paths[$0].hasSuffix(".h") }
        guard files.count <= Self.maximumDefiningFiles else { return nil }
        let found = files.map(parsedFile).filter { $0.enumeratorsByType[typeName]?.isEmpty == false }
        guard found.count == 1, let file = found.first, let constants = file.enumeratorsByType[typeName] else { return nil }
        return (constants, Definition(path: file.path, kind: .enumerator(constants[0]), file: file))
    }

    /// The `@interface`s, categories and extensions of `className` that the scan's headers
    /// declare: what other files, and code outside the scan, may use.
    public func publicInterfaces(ofClass className: String) -> [ObjCContainer] {
        let files = withTables { _, _ in interfaceFiles[className] ?? [] }.filter { paths[$0].hasSuffix(".h") }
        guard files.count <= Self.maximumDefiningFiles else { return [] }
        return files.flatMap { parsedFile($0).interfaces[className] ?? [] }
    }

    /// The scan's definitions of the C function `name` (when `className` is nil) or of the method
    /// `selector` of class `className`, in files other than `path`; nil when more than
    /// `maximumDefiningFiles` files may define it.
    public func bodyDefinitions(function name: String, besides path: String) -> [BodyDefinition]? {
        bodyDefinitions(of: name, besides: path) { $0.functions[name] }
    }

    public func bodyDefinitions(method selector: String, ofClass className: String, besides path: String) -> [BodyDefinition]? {
        bodyDefinitions(of: className, besides: path) { $0.methods[className]?[selector] }
    }

    private func bodyDefinitions(of name: String, besides path: String, _ pick: (ParsedFile) -> ObjCBody?) -> [BodyDefinition]? {
        let files = candidateFiles(of: name)
        guard files.count <= Self.maximumDefiningFiles + 1 else { return nil }
        var found: [BodyDefinition] = []
        for position in files where paths[position] != path {
            let file = parsedFile(position)
            if let body = pick(file) { found.append(BodyDefinition(path: file.path, body: body, file: file)) }
        }
        return found.count > Self.maximumDefiningFiles ? nil : found
    }

    private func candidateFiles(of name: String) -> [Int] {
        withTables { defined, _ in defined[name] ?? [] }
    }

    private func filesCalling(_ name: String) -> [Int] {
        withTables { _, called in called[name] ?? [] }
    }

    /// Reads the tables of files that may define and may call each name, made on the first
    /// question when the scan did not list the names as it read the files.
    private func withTables<T>(_ read: ([String: [Int]], [String: [Int]]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if candidates == nil { tabulate(paths.indices.map { Self.names(in: text($0)) }) }
        return read(candidates ?? [:], callerFiles)
    }

    /// One call of a function or method of another file, from a file of the scan.
    public struct CallSiteElsewhere {
        public let path: String
        public let arguments: [ObjCExpr]
        public let range: ObjCSourceRange
        let file: ParsedFile
        /// The call or message itself.
        let expression: ObjCExpr
    }

    /// Files calling one name that a question follows: beyond, the calls are not followed (a gap).
    public static let maximumCallingFiles = 16

    /// The calls of the C function `name` (when `className` is nil) or of the class method
    /// `selector` sent to `className` by name in the scan's Objective-C files other than `path`;
    /// nil when more than `maximumCallingFiles` files may make them.
    public func callSites(function name: String, besides path: String) -> [CallSiteElsewhere]? {
        callSites(of: name, question: "function " + name, besides: path) { expression in
            guard case .call(let call) = expression.kind, call.calleeName == name else { return nil }
            return call.arguments
        }
    }

    /// The messages of `selector` (one with arguments), whatever their receiver, in the scan's
    /// Objective-C files other than `path`; nil when more than `maximumCallingFiles` files may
    /// send it. Found through the selector's first piece (`name:` inside `[…]`).
    public func sends(of selector: String, besides path: String) -> [CallSiteElsewhere]? {
        let label = String(selector.prefix { $0 != ":" })
        return callSites(of: label, question: "send " + selector, besides: path) { expression in
            guard case .message(let message) = expression.kind, message.selector == selector, message.variadicArguments.isEmpty else { return nil }
            return message.pieces.compactMap(\.argument)
        }
    }

    /// The scan's Objective-C files other than `path` that send a message to class `className`
    /// by name (`[[Vault alloc] init]`, `[Vault new]`): where code that builds an instance may
    /// set its properties. Nil when more than `maximumCallingFiles` files do.
    func filesSending(to className: String, besides path: String) -> [ParsedFile]? {
        let files = filesCalling(className).filter { paths[$0] != path }
        guard files.count <= Self.maximumCallingFiles else { return nil }
        return files.map(parsedFile)
    }

    public func callSites(method selector: String, ofClass className: String, besides path: String) -> [CallSiteElsewhere]? {
        callSites(of: className, question: "method \(className) \(selector)", besides: path) { expression in
            guard case .message(let message) = expression.kind, message.selector == selector,
                message.receiverClassName == className, message.variadicArguments.isEmpty
            else { return nil }
            return message.pieces.compactMap(\.argument)
        }
    }

    /// `question` names what `match` looks for (the function, or the class and selector): each
    /// file's sites are found with one walk for the scan, however many parameters and branches
    /// of the callee ask.
    private func callSites(
        of name: String, question: String, besides path: String, _ match: @escaping (ObjCExpr) -> [ObjCExpr]?
    ) -> [CallSiteElsewhere]? {
        let files = filesCalling(name).filter { paths[$0] != path }
        guard files.count <= Self.maximumCallingFiles else { return nil }
        var sites: [CallSiteElsewhere] = []
        for position in files {
            let key = SiteKey(question: question, file: position)
            if let known = lock.withLock({ siteAnswers[key] }) {
                sites += known
                continue
            }
            let file = parsedFile(position)
            var found: [CallSiteElsewhere] = []
            file.tree.walk(ObjCVisitor(expression: { expression, _ in
                if let arguments = match(expression) {
                    found.append(CallSiteElsewhere(path: file.path, arguments: arguments, range: expression.range, file: file, expression: expression))
                }
            }))
            lock.withLock { siteAnswers[key] = found }
            sites += found
        }
        return sites
    }

    /// Whether a Swift file of the scan mentions a word (the scan's text index, which records the
    /// word as a dependency of the asking file); nil when the scan's Swift files are not known.
    public var swiftFilesMention: (@Sendable (String) -> Bool)?
    /// Whether the scan holds a Swift file.
    public var hasSwiftFiles = false
    /// Paths of the files that only the scan's code can call: files of a framework or static
    /// library that an app of the scan links or embeds (the project model's judgement, which this
    /// module does not read itself). Their public methods and properties have no users outside
    /// the scan, so a library option nobody in the scan chooses is not a possible value there.
    public var closedToOtherCode: Set<String> = []

    /// Whether Swift code of the scan may call the Objective-C method `selector` of `className`
    /// (through a bridging header): a Swift file mentions the class or a name Swift may import the
    /// method under (`init(protection:flags:)` for `initWithProtection:flags:`, `store(_:)` or
    /// `storeSecret(_:)` for `storeSecret:`, a trailing word omitted as the importer may), or a
    /// header that declares the class renames something for Swift (`NS_SWIFT_NAME`) and a Swift
    /// file may call anything. A rename is written on the declaration it renames, so one in an
    /// unrelated header (another class's `+loadHosts NS_SWIFT_NAME(…)`) leaves this method's Swift
    /// names as the importer makes them. Swift calls an instance method on a value of the class's
    /// type, which Swift code gets by naming the class (a construction, a type, a cast, a
    /// subclass) or from an Objective-C declaration of that type (a property, a method's result, a
    /// subclass declared in a header): where neither is in the scan, Swift cannot call the method,
    /// whatever words it spells. Errs on yes; no when the scan's Swift files are not known.
    public func swiftMayCall(_ selector: String, ofClass className: String) -> Bool {
        guard let mention = swiftFilesMention else { return false }
        if headersMention("NS_SWIFT_NAME") || headersMention("swift_name") || headersMention("NS_REFINED_FOR_SWIFT"),
            headersDeclaringMayRename(className)
        {
            return hasSwiftFiles || Self.swiftNames(of: selector, ofClass: className).contains(where: mention)
        }
        guard mention(className) || headersUseType(className) else { return false }
        return Self.swiftNames(of: selector, ofClass: className).contains(where: mention)
    }

    /// Whether a header of the scan other than those declaring `className`'s interface names the
    /// class outside an `#import`, `#include`, `@import` or `@class` line: a property, a method's
    /// parameter or result, or a subclass, through which Swift code may hold an instance without
    /// naming the class. Answered once per class.
    private func headersUseType(_ className: String) -> Bool {
        if let known = lock.withLock({ typeUseAnswers[className] }) { return known }
        let own = Set(withTables { _, _ in interfaceFiles[className] ?? [] })
        let word = Array(className.utf8)
        var answer = false
        for position in paths.indices where paths[position].hasSuffix(".h") && !own.contains(position) {
            let source = text(position)
            guard source.contains(className) else { continue }
            for line in source.split(separator: "\n", omittingEmptySubsequences: true) where line.contains(className) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix("#import") || trimmed.hasPrefix("#include") || trimmed.hasPrefix("@import")
                    || trimmed.hasPrefix("@class") || trimmed.hasPrefix("//")
                {
                    continue
                }
                let bytes = Array(line.utf8)
                func isIdentifierByte(_ byte: UInt8) -> Bool {
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                }
                // The whole word: `UICKeyChainStoreAccessibility` is another name.
                if Self.occurs(word, in: bytes, { end in
                    let start = end - word.count
                    return (start == 0 || !isIdentifierByte(bytes[start - 1])) && (end == bytes.count || !isIdentifierByte(bytes[end]))
                }) {
                    answer = true
                    break
                }
            }
            if answer { break }
        }
        lock.withLock { typeUseAnswers[className] = answer }
        return answer
    }

    /// Whether a header that declares an interface of `className` (its `@interface`, a category or
    /// an extension) may rename something for Swift; yes when no header of the scan declares one,
    /// or more than `maximumDefiningFiles` do (where it is declared is then not known).
    private func headersDeclaringMayRename(_ className: String) -> Bool {
        // Asked for every message a Swift caller may send, each time a value is followed to its
        // callers: answered once per class (searching a large header's text for each send was
        // half of a scan's time where a library's header is bundled in an app).
        if let known = lock.withLock({ renameAnswers[className] }) { return known }
        let files = withTables { _, _ in interfaceFiles[className] ?? [] }.filter { paths[$0].hasSuffix(".h") }
        let answer: Bool
        if files.isEmpty || files.count > Self.maximumDefiningFiles {
            answer = true
        } else {
            answer = files.contains { position in
                let source = text(position)
                return source.contains("NS_SWIFT_NAME") || source.contains("swift_name") || source.contains("NS_REFINED_FOR_SWIFT")
            }
        }
        lock.withLock { renameAnswers[className] = answer }
        return answer
    }

    /// The words a Swift call of the method may spell: the class, and the method's base name and
    /// each of its leading camel-case words (`storeSecret`, `store`), or for an initializer the
    /// first argument label (`protection`, `urlString` for `initWithURLString:`).
    public static func swiftNames(of selector: String, ofClass className: String) -> [String] {
        var first = String(selector.prefix { $0 != ":" })
        var names = [className]
        if first.hasPrefix("init"), first.count == 4 || first.dropFirst(4).first.map({ $0.isUppercase }) == true {
            first = String(first.dropFirst(4))
            if first.hasPrefix("With"), first.dropFirst(4).first.map({ $0.isUppercase }) == true { first = String(first.dropFirst(4)) }
            // `URLString` → `urlString`: the leading capitals but the last before a lower-case letter.
            let capitals = first.prefix { $0.isUppercase }.count
            let lowered = capitals > 1 && capitals < first.count ? capitals - 1 : capitals
            first = first.prefix(lowered).lowercased() + first.dropFirst(lowered)
            if !first.isEmpty { names.append(first) }
            return names
        }
        var word = ""
        for character in first {
            if character.isUppercase, !word.isEmpty { names.append(word) }
            word.append(character)
        }
        if !word.isEmpty { names.append(word) }
        return names
    }

    /// Whether an Objective-C file of the scan other than `path` may set the property `name`
    /// (`x.name = …`, `[x setName:…]`), or a Swift file names it. Errs on yes: a comparison
    /// written `x.name =` without spaces around `==` does not count, but any `setName:` does.
    public func otherFilesMaySet(property name: String, besides path: String) -> Bool {
        if swiftFilesMention?(name) ?? hasSwiftFiles { return true }
        guard let first = name.first else { return false }
        let setter = Array(("set" + first.uppercased() + name.dropFirst() + ":").utf8)
        let member = Array(("." + name).utf8)
        for position in paths.indices where paths[position] != path {
            if let known = lock.withLock({ settingAnswers[SiteKey(question: name, file: position)] }) {
                if known { return true }
                continue
            }
            let bytes = Array(text(position).utf8)
            let sets = Self.occurs(setter, in: bytes) { _ in true } || Self.occurs(member, in: bytes) { end in
                // `.name` then spaces and `=`, not `==`; not `.nameOther`.
                var cursor = end
                while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
                return cursor < bytes.count && bytes[cursor] == 0x3D && (cursor + 1 >= bytes.count || bytes[cursor + 1] != 0x3D)
            }
            lock.withLock { settingAnswers[SiteKey(question: name, file: position)] = sets }
            if sets { return true }
        }
        return false
    }

    /// Whether `word` occurs in `bytes` at a place `accept` (given the index after it) accepts.
    private static func occurs(_ word: [UInt8], in bytes: [UInt8], _ accept: (Int) -> Bool) -> Bool {
        guard !word.isEmpty, bytes.count >= word.count else { return false }
        var index = 0
        while index + word.count <= bytes.count {
            if bytes[index] == word[0], bytes[index..<(index + word.count)].elementsEqual(word), accept(index + word.count) { return true }
            index += 1
        }
        return false
    }

    /// Per property and file, whether the file may set it (`otherFilesMaySet`).
    private var settingAnswers: [SiteKey: Bool] = [:]

    /// Per class, whether a header declaring it may rename something for Swift (`headersDeclaringMayRename`).
    private var renameAnswers: [String: Bool] = [:]
    /// Per class, whether a header other than its own names it (`headersUseType`).
    private var typeUseAnswers: [String: Bool] = [:]

    /// Every word of the scan's headers (`.h`), read on the first question.
    private var headerWords: Set<String>?

    /// Whether a header of the scan holds `word` (a selector's first piece): a method a header
    /// may declare can be sent by any file including it, and by code outside the scan. Errs on
    /// yes: a word in a comment counts.
    public func headersMention(_ word: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if headerWords == nil {
            var words: Set<String> = []
            for position in paths.indices where paths[position].hasSuffix(".h") {
                var current: [UInt8] = []
                for byte in text(position).utf8 {
                    if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F {
                        current.append(byte)
                    } else if !current.isEmpty {
                        words.insert(String(decoding: current, as: UTF8.self))
                        current.removeAll(keepingCapacity: true)
                    }
                }
                if !current.isEmpty { words.insert(String(decoding: current, as: UTF8.self)) }
            }
            headerWords = words
        }
        return headerWords?.contains(word) ?? true
    }

    private struct SiteKey: Hashable {
        let question: String
        let file: Int
    }

    private func parsedFile(_ position: Int) -> ParsedFile {
        if let known = lock.withLock({ parsed[position] }) { return known }
        let source = text(position)
        let file = ParsedFile(path: paths[position], source: source, tree: ObjCSyntaxTree.parse(source))
        return lock.withLock {
            if let known = parsed[position] { return known }
            parsed[position] = file
            return file
        }
    }

    /// The names a file may define at file scope: the name before `=` (past any `[…]`) outside
    /// braces, the name of each `#define`, the name before a file-scope `(…) {` (a C function)
    /// and the class of each `@implementation`. Comments, strings and characters are skipped. A
    /// name listed here that the file does not define costs one parse, nothing more; a definition
    /// missed here is not followed, so the pass errs on listing.
    static func definedNames(_ bytes: [UInt8]) -> Set<String> {
        bytes.withUnsafeBufferPointer { scanNames($0).defined }
    }

    /// The words that open an `enum` body at file scope.
    private static let enumWords: Set<String> = enumMacros.union(["enum"])

    private static func scanNames(_ bytes: UnsafeBufferPointer<UInt8>)
        -> (defined: Set<String>, called: Set<String>, enumerated: Set<String>, enumTypes: Set<String>, interfaces: Set<String>)
    {
        var names: Set<String> = []
        var enumerated: Set<String> = []
        // The names between an `enum` word and its body (`NS_OPTIONS(NSUInteger, Policy)`,
        // `enum Policy`) and after it (`} Policy;`) may be the type's: listing too many costs a parse.
        var enumTypes: Set<String> = []
        var afterEnumBody = false
        var interfaces: Set<String> = []
        var called: Set<String> = []
        // Where the name just after a `[` inside braces lies (a class a message may be sent to).
        var afterBracket = false
        var depth = 0
        var index = 0
        // Where the last name before a possible `=` lies (a string is made only for a definition).
        var lastIdentifier: Range<Int>?
        var inBrackets = 0
        var atLineStart = true
        // A possible function name (before a file-scope `(`), and the parentheses open.
        var functionName: Range<Int>?
        // The identifier just before the current byte (a `(` after it is a call's).
        var lastCalled: Range<Int>?
        var parentheses = 0
        // An `enum` body at file scope: the name at the start of each of its elements is a constant.
        var enumPending = false
        var inEnumBody = false
        var expectEnumerator = false
        let count = bytes.count
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x24
        }
        func identifierEnd(_ start: Int) -> Int {
            var end = start
            while end < count, isIdentifierByte(bytes[end]) { end += 1 }
            return end
        }
        func identifier(at start: Int) -> (String, Int) {
            let end = identifierEnd(start)
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self), end)
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x0D:
                atLineStart = true
                index += 1
                continue
            case 0x20, 0x09, 0x0C:
                index += 1
                continue
            case 0x23 where atLineStart:  // `#define NAME`
                var cursor = index + 1
                while cursor < count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
                let (directive, afterDirective) = identifier(at: cursor)
                cursor = afterDirective
                if directive == "define" {
                    while cursor < count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
                    let (name, _) = identifier(at: cursor)
                    if !name.isEmpty { names.insert(name) }
                }
                // The rest of the directive, with its continuation lines (LF, CRLF or CR breaks).
                while cursor < count {
                    let current = bytes[cursor]
                    if current == 0x0A || current == 0x0D {
                        let continued = bytes[cursor - 1] == 0x5C || (current == 0x0A && bytes[cursor - 1] == 0x0D && cursor >= 2 && bytes[cursor - 2] == 0x5C)
                        if !continued { break }
                    }
                    cursor += 1
                }
                index = cursor
                continue
            default:
                break
            }
            atLineStart = false
            switch byte {
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2F:  // `//`
                while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            case 0x2F where index + 1 < count && bytes[index + 1] == 0x2A:  // `/*`
                index += 2
                while index + 1 < count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
                index += 2
                continue
            case 0x22, 0x27:  // a string or a character
                index += 1
                while index < count, bytes[index] != byte, bytes[index] != 0x0A, bytes[index] != 0x0D {
                    index += bytes[index] == 0x5C ? 2 : 1
                }
                index += 1
                continue
            case 0x7B:
                // `Name(…) {` at file scope defines a C function `Name`.
                if depth == 0, let name = functionName { names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)) }
                if depth == 0, enumPending {
                    inEnumBody = true
                    expectEnumerator = true
                }
                enumPending = false
                functionName = nil
                depth += 1
                lastIdentifier = nil
            case 0x7D:
                depth = max(0, depth - 1)
                if depth == 0, inEnumBody { afterEnumBody = true }
                if depth == 0 { inEnumBody = false }
                lastIdentifier = nil
            case 0x2C where inEnumBody && depth == 1 && parentheses == 0:
                expectEnumerator = true
            case 0x3B:
                lastIdentifier = nil
                functionName = nil
                inBrackets = 0
                if depth == 0 {
                    enumPending = false
                    afterEnumBody = false
                }
            case 0x28:
                // The name before the first `(` at file scope may be a function's; inside braces,
                // the name before a `(` may be a function the file calls.
                if depth == 0, parentheses == 0 { functionName = lastIdentifier }
                if depth > 0, let name = lastCalled { called.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)) }
                parentheses += 1
            case 0x29:
                parentheses = max(0, parentheses - 1)
            case 0x40 where depth == 0 && index + 11 < count:  // `@implementation Name`, `@interface Name`
                let (keyword, afterKeyword) = identifier(at: index + 1)
                if keyword == "implementation" || keyword == "interface" {
                    var cursor = afterKeyword
                    while cursor < count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
                    let (name, end) = identifier(at: cursor)
                    if !name.isEmpty {
                        if keyword == "implementation" { names.insert(name) } else { interfaces.insert(name) }
                    }
                    index = end
                    continue
                }
            case 0x5B:
                inBrackets += 1
                afterBracket = depth > 0
            case 0x5D:
                inBrackets = max(0, inBrackets - 1)
            case 0x3D:
                let next = index + 1 < count ? bytes[index + 1] : 0
                if depth == 0, inBrackets == 0, next != 0x3D, let name = lastIdentifier {
                    names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))
                }
                lastIdentifier = nil
            default:
                if isIdentifierByte(byte) {
                    let end = identifierEnd(index)
                    let isName = !(byte >= 0x30 && byte <= 0x39)
                    // `enum`, `NS_…`, `CF_…`: a string is made only for a word that may be one.
                    if depth == 0, byte == 0x65 || byte == 0x4E || byte == 0x43, end - index <= 14,
                        enumWords.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
                    {
                        enumPending = true
                    }
                    if depth == 0, enumPending || afterEnumBody, isName {
                        enumTypes.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
                    }
                    if inEnumBody, expectEnumerator, depth == 1, parentheses == 0, isName {
                        enumerated.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
                        expectEnumerator = false
                    }
                    if inBrackets == 0, isName { lastIdentifier = index..<end }
                    lastCalled = isName ? index..<end : nil
                    if afterBracket, isName { called.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)) }
                    // `name:` inside `[…]` in a body: a piece of a selector the file may send
                    // (`::` is C++ scope, not a piece).
                    if depth > 0, inBrackets > 0, isName, !afterBracket {
                        var cursor = end
                        while cursor < count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
                        if cursor < count, bytes[cursor] == 0x3A, cursor + 1 >= count || bytes[cursor + 1] != 0x3A {
                            called.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
                        }
                    }
                    afterBracket = false
                    index = end
                    continue
                }
                // `==`, `!=`, `<=`, `+=`: the `=` that follows is not a definition's.
                if depth == 0, inBrackets == 0, "!<>+-*/%&|^".utf8.contains(byte) { lastIdentifier = nil }
            }
            // Only a name right before `(`, or right after `[`, is a call's.
            lastCalled = nil
            if byte != 0x5B { afterBracket = false }
            index += 1
        }
        return (names, called, enumerated, enumTypes, interfaces)
    }
}
