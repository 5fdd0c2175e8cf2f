/// File-scope items: globals, C functions, and the Objective-C containers with their methods,
/// properties and instance variables.
///
/// Unknown file-scope constructs are skipped to the end of their `;` or of their first balanced
/// `{ … }` group, so a macro the parser cannot read costs one item, not the file. A container
/// left without `@end` ends at the next container keyword or at the end of the file.
/// Macros that define a method (React Native's bridge).
let methodMacros: Set<String> = [
    "RCT_EXPORT_METHOD", "RCT_REMAP_METHOD", "RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD", "RCT_EXPORT_SYNCHRONOUS_TYPED_METHOD",
]

extension ObjCParser {
    func parseFile() -> [ObjCTopLevelItem] {
        var items: [ObjCTopLevelItem] = []
        while !isAtEnd {
            let before = position
            if let item = parseTopLevelItem() { items.append(item) }
            if position == before {
                diagnose(.unexpectedToken, "unexpected \(describe(current)) at file scope")
                advance()
            }
        }
        return items
    }

    /// One file-scope item, or nil for tokens that declare nothing (`;`, `NS_ASSUME_NONNULL_BEGIN`,
    /// `extern "C" {`).
    func parseTopLevelItem() -> ObjCTopLevelItem? {
        let start = startLocation
        let token = current
        switch token.kind {
        case .punctuator(.semicolon):
            advance()
            return nil
        case .punctuator(.rightBrace):
            if externBlocks > 0 {
                externBlocks -= 1
                advance()
                return nil
            }
            diagnose(.unexpectedToken, "unbalanced '}' at file scope")
            advance()
            return ObjCTopLevelItem(kind: .unparsed, range: token.range)
        case .atKeyword:
            return parseAtTopLevelItem(start: start)
        case .identifier:
            if token.text == "extern", peek().kind == .stringLiteral {
                // `extern "C" {` in `.mm` files: the braces enclose ordinary file-scope items.
                advance()
                advance()
                if eat(.leftBrace) { externBlocks += 1 }
                return nil
            }
            if isAttributeMacro(token), !peek().isPunctuator(.leftParen),
               peek().flags.contains(.atLineStart) || peek().kind == .endOfFile || peek().kind == .atKeyword {
                // `NS_ASSUME_NONNULL_BEGIN` and other statement-like macros on their own line.
                advance()
                return nil
            }
            if isAttributeMacro(token), peek().isPunctuator(.leftParen), let end = endOfStatementMacro() {
                // `RCT_EXPORT_MODULE()` on a line of its own, with no `;`: a macro that expands to
                // declarations. Read as a declaration, it would run into the item after it.
                position = end
                return nil
            }
            return parseExternalDeclaration(start: start)
        default:
            // One stray token (or balanced group) at a time: skipping to the next `;` would
            // swallow the declaration that follows a stray `)` or `@`.
            diagnose(.unexpectedToken, "\(describe(token)) starts no declaration: skipped")
            if !skipBalancedGroup() { advance() }
            return ObjCTopLevelItem(kind: .unparsed, range: range(from: start))
        }
    }

    /// The position after `MACRO( … )` at the current token when the next token starts a new
    /// line and neither ends the invocation (`;`) nor opens a body (`{`); nil otherwise, or when
    /// the parentheses do not close within a few lines' worth of tokens.
    func endOfStatementMacro() -> Int? {
        var index = position + 1
        var open = 0
        while index < tokens.count, index - position < 256 {
            switch tokens[index].kind {
            case .punctuator(.leftParen): open += 1
            case .punctuator(.rightParen): open -= 1
            case .punctuator(.semicolon), .punctuator(.leftBrace), .punctuator(.rightBrace), .endOfFile: return nil
            default: break
            }
            index += 1
            if open == 0 { break }
        }
        guard open == 0, index < tokens.count else { return nil }
        let next = tokens[index]
        guard next.flags.contains(.atLineStart) || next.kind == .endOfFile else { return nil }
        if next.isPunctuator(.semicolon) || next.isPunctuator(.leftBrace) { return nil }
        return index
    }

    /// Skips an unknown file-scope construct: to its `;`, or through its first balanced `{…}`.
    func skipTopLevelJunk() {
        while !isAtEnd {
            if isContainerBoundary(position) { return }
            if eat(.semicolon) { return }
            if ObjCParser.isCloser(current.kind) {
                advance()
                return
            }
            let isBrace = at(.leftBrace)
            if ObjCParser.isOpener(current.kind) {
                skipBalancedGroup()
                if isBrace { return }
                continue
            }
            advance()
        }
    }

    func parseAtTopLevelItem(start: ObjCSourceLocation) -> ObjCTopLevelItem? {
        let token = current
        switch token.text {
        case "@interface", "@implementation":
            return parseContainer()
        case "@protocol":
            if peek().kind == .identifier, peek(2).isPunctuator(.semicolon) || peek(2).isPunctuator(.comma) {
                advance()
                let names = parseNameList()
                return ObjCTopLevelItem(kind: .protocolForward(names), range: range(from: start))
            }
            return parseContainer()
        case "@class":
            advance()
            let names = parseNameList()
            return ObjCTopLevelItem(kind: .classForward(names), range: range(from: start))
        case "@import":
            advance()
            var module = ""
            while atIdentifier() || at(.period) { module += advance().text }
            finishStatement(start: start)
            return ObjCTopLevelItem(kind: .moduleImport(module), range: range(from: start))
        case "@end":
            diagnose(.unexpectedToken, "'@end' without a container")
            advance()
            return ObjCTopLevelItem(kind: .unparsed, range: token.range)
        default:
            // `@compatibility_alias`, `@synthesize` outside a container, a literal at file scope.
            diagnose(.skippedConstruct, "'\(token.text)' at file scope is not analysed")
            advance()
            skipTopLevelJunk()
            return ObjCTopLevelItem(kind: .unparsed, range: range(from: start))
        }
    }

    /// `A, B;` after `@class` or `@protocol`.
    func parseNameList() -> [String] {
        var names: [String] = []
        while atIdentifier() {
            names.append(advance().text)
            skipAngleGroup()
            if !eat(.comma) { break }
        }
        finishStatement(start: startLocation)
        return names
    }

    /// A global variable, prototype, typedef or C function definition.
    func parseExternalDeclaration(start: ObjCSourceLocation) -> ObjCTopLevelItem {
        let specifiers = parseDeclarationSpecifiers()
        if specifiers.isEmpty && specifiers.storage.isEmpty {
            diagnose(.skippedConstruct, "\(describe(current)) starts no declaration: skipped to the end of the construct")
            skipTopLevelJunk()
            return ObjCTopLevelItem(kind: .unparsed, range: range(from: start))
        }
        if eat(.semicolon) {
            // `struct Tag { … };`, `typedef NS_ENUM(NSInteger, Kind) { … };`
            let declaration = ObjCDeclaration(storage: specifiers.storage, declarators: [], range: range(from: start))
            return ObjCTopLevelItem(kind: .declaration(declaration), range: declaration.range)
        }
        let declaratorStart = startLocation
        let shape = parseDeclarator(abstract: false)
        if let parameters = shape.functionParameters, let name = shape.name, let nameRange = shape.nameRange, at(.leftBrace) {
            let body = parseCompoundStatement()
            let function = ObjCFunctionDefinition(
                name: name, nameRange: nameRange, storage: specifiers.storage,
                returnType: makeType(specifiers, shape), parameters: parameters, body: body, range: range(from: start))
            return ObjCTopLevelItem(kind: .function(function), range: function.range)
        }
        let declarators = parseInitDeclarators(specifiers, first: shape, firstStart: declaratorStart)
        finishStatement(start: start)
        let declaration = ObjCDeclaration(storage: specifiers.storage, declarators: declarators, range: range(from: start))
        return ObjCTopLevelItem(kind: .declaration(declaration), range: declaration.range)
    }

    /// A declaration without a function body (local variables, instance variables, property
    /// declarations): specifiers, then declarators with initializers, then `;` when `terminated`.
    func parseDeclaration(start: ObjCSourceLocation, terminated: Bool = true, contextual: Bool = false) -> ObjCDeclaration {
        let specifiers = parseDeclarationSpecifiers(contextual: contextual)
        let declaratorStart = startLocation
        let shape = parseDeclarator(abstract: false, contextual: contextual)
        let declarators = parseInitDeclarators(specifiers, first: shape, firstStart: declaratorStart)
        if terminated { finishStatement(start: start) }
        return ObjCDeclaration(storage: specifiers.storage, declarators: declarators, range: range(from: start))
    }

    func parseInitDeclarators(_ specifiers: DeclarationSpecifiers, first: DeclaratorShape, firstStart: ObjCSourceLocation) -> [ObjCDeclarator] {
        var declarators: [ObjCDeclarator] = []
        var shape = first
        var declaratorStart = firstStart
        while true {
            var initializer: ObjCExpr?
            if eat(.equal) {
                initializer = parseInitializer()
            }
            if let name = shape.name, let nameRange = shape.nameRange {
                declarators.append(ObjCDeclarator(
                    name: name, nameRange: nameRange, type: makeType(specifiers, shape), initializer: initializer,
                    functionParameters: shape.functionParameters, range: range(from: declaratorStart)))
            }
            guard eat(.comma) else { break }
            declaratorStart = startLocation
            shape = parseDeclarator(abstract: false)
        }
        return declarators
    }

    // MARK: Containers

    /// `@interface`, `@implementation` or `@protocol` up to its `@end`.
    func parseContainer() -> ObjCTopLevelItem {
        let start = startLocation
        let keyword = advance().text
        var name = ""
        var nameRange = ObjCSourceRange(start: start, end: start)
        if atIdentifier() {
            nameRange = current.range
            name = advance().text
        } else {
            diagnose(.unexpectedToken, "expected a name after '\(keyword)', found \(describe(current))")
        }
        var kind: ObjCContainer.Kind = keyword == "@protocol" ? .protocol : (keyword == "@interface" ? .interface : .implementation)
        var superclass: String?
        var protocols: [String] = []
        if kind != .protocol {
            if keyword == "@interface", at(.less) { skipAngleGroup() }
            if eat(.leftParen) {
                let category = atIdentifier() ? advance().text : ""
                if !expect(.rightParen, "to close a category name") { skipToCloser(.rightParen) }
                if keyword == "@interface" {
                    kind = category.isEmpty ? .extension : .category(category)
                } else {
                    kind = .categoryImplementation(category)
                }
            }
            if eat(.colon) {
                if atIdentifier() { superclass = advance().text }
            }
        }
        if at(.less) { protocols = parseProtocolList() }
        var instanceVariables: [ObjCDeclaration] = []
        if at(.leftBrace) { instanceVariables = parseInstanceVariables() }
        var container = ObjCContainer(
            kind: kind, name: name, nameRange: nameRange, superclass: superclass, protocols: protocols,
            instanceVariables: instanceVariables, properties: [], methods: [], synthesized: [], nested: [],
            hasEnd: false, range: nameRange)
        let isImplementation = keyword == "@implementation"
        while true {
            if atAtKeyword("@end") {
                advance()
                container.hasEnd = true
                break
            }
            if current.text == keyword, peek().isIdentifier(name), !name.isEmpty,
               hasBranch(between: start.offset, and: current.range.start.offset) {
                // `#if A @interface X : Base <P> #else @interface X : Base <Q> #endif … @end`:
                // both headers open one container; the second one's protocols are added.
                advance()
                advance()
                if at(.leftParen) { skipBalancedGroup() }
                if eat(.colon), atIdentifier() { advance() }
                if at(.less) { container.protocols += parseProtocolList() }
                if at(.leftBrace) { container.instanceVariables += parseInstanceVariables() }
                continue
            }
            if isAtEnd || isContainerBoundary(position) {
                diagnose(.missingEnd, "'\(keyword) \(name)' has no '@end'", at: ObjCSourceRange(start: start, end: nameRange.end))
                break
            }
            let before = position
            switch current.kind {
            case .punctuator(.minus), .punctuator(.plus):
                container.methods.append(parseMethod(isImplementation: isImplementation))
            case .punctuator(.semicolon):
                advance()
            case .atKeyword:
                switch current.text {
                case "@property":
                    container.properties.append(parseProperty())
                case "@synthesize", "@dynamic":
                    container.synthesized += parseSynthesize()
                case "@optional", "@required", "@public", "@private", "@protected", "@package":
                    advance()
                default:
                    if let item = parseTopLevelItem() { container.nested.append(item) }
                }
            case .identifier where methodMacros.contains(current.text) && peek().isPunctuator(.leftParen):
                container.methods.append(parseMacroMethod())
            default:
                if let item = parseTopLevelItem() { container.nested.append(item) }
            }
            if position == before {
                diagnose(.unexpectedToken, "unexpected \(describe(current)) in '\(keyword) \(name)'")
                advance()
            }
        }
        container.range = range(from: start)
        return ObjCTopLevelItem(kind: .container(container), range: container.range)
    }

    func parseProtocolList() -> [String] {
        var names: [String] = []
        advance()
        while !isAtEnd && !at(.greater) {
            if atIdentifier() {
                names.append(advance().text)
            } else if !eat(.comma) {
                break
            }
        }
        expect(.greater, "to close a protocol list")
        return names
    }

    /// `{ @private NSString *_secret; … }` after a container's header.
    func parseInstanceVariables() -> [ObjCDeclaration] {
        var declarations: [ObjCDeclaration] = []
        let start = startLocation
        advance()
        while true {
            if eat(.rightBrace) { break }
            if isAtEnd || isContainerBoundary(position) {
                diagnose(.missingClose, "expected '}' to close the instance variables opened at \(start)")
                break
            }
            let before = position
            if current.kind == .atKeyword || at(.semicolon) {
                advance()
            } else if atIdentifier() {
                declarations.append(parseDeclaration(start: startLocation))
            } else {
                diagnose(.unexpectedToken, "unexpected \(describe(current)) among instance variables")
                skipRest(stopAtSemicolon: true)
                _ = eat(.semicolon)
            }
            if position == before { advance() }
        }
        return declarations
    }

    /// React Native's `RCT_EXPORT_METHOD(save:(NSString *)value resolver:(…)resolve) { … }`
    /// (and its remapping and synchronous forms) define instance methods through a macro; the
    /// module in the ecosystem that keeps Keychain items for React Native apps is written so.
    func parseMacroMethod() -> ObjCMethod {
        let start = startLocation
        let macro = advance().text
        advance()
        var returnType: ObjCTypeName?
        if macro == "RCT_REMAP_METHOD" {
            // `RCT_REMAP_METHOD(jsName, selector…)`: the JavaScript name first.
            skipRest(stopAtSemicolon: true, stopAtComma: true)
            _ = eat(.comma)
        } else if macro == "RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD" || macro == "RCT_EXPORT_SYNCHRONOUS_TYPED_METHOD" {
            if macro == "RCT_EXPORT_SYNCHRONOUS_TYPED_METHOD" {
                returnType = parseTypeName(contextual: true)
                _ = eat(.comma)
            }
        }
        let (selector, parameters, isVariadic) = parseMethodSelector()
        if !expect(.rightParen, "to close '\(macro)('") { skipToCloser(.rightParen) }
        var body: ObjCStmt?
        if at(.leftBrace) {
            body = parseCompoundStatement()
        } else {
            _ = eat(.semicolon)
        }
        return ObjCMethod(
            isClassMethod: false, returnType: returnType, selector: selector, parameters: parameters,
            isVariadic: isVariadic, body: body, range: range(from: start))
    }

    /// `- (void)foo:(NSString *)a bar:(int)b { … }` or a declaration ending in `;`.
    func parseMethod(isImplementation: Bool) -> ObjCMethod {
        let start = startLocation
        let isClassMethod = advance().isPunctuator(.plus)
        var returnType: ObjCTypeName?
        if at(.leftParen) { returnType = parseParenthesizedType() }
        let (selector, parameters, isVariadic) = parseMethodSelector()
        if selector.isEmpty {
            diagnose(.unexpectedToken, "expected a method selector, found \(describe(current))")
        }
        // Attributes and availability macros before `;` or the body.
        while atIdentifier() {
            advance()
            if at(.leftParen) { skipBalancedGroup() }
        }
        var body: ObjCStmt?
        if eat(.semicolon) {
            if isImplementation, at(.leftBrace) { body = parseCompoundStatement() }
        } else if at(.leftBrace) {
            body = parseCompoundStatement()
        } else {
            diagnose(.unexpectedToken, "expected ';' or a body after the method '\(selector)', found \(describe(current))")
            skipRest(stopAtSemicolon: true)
            if !eat(.semicolon), at(.leftBrace) || ObjCParser.isCloser(current.kind) { advance() }
        }
        return ObjCMethod(
            isClassMethod: isClassMethod, returnType: returnType, selector: selector, parameters: parameters,
            isVariadic: isVariadic, body: body, range: range(from: start))
    }

    /// `foo:(NSString *)a bar:(int)b, ...` or a unary `foo`: the selector, its parameters and
    /// whether it is variadic.
    func parseMethodSelector() -> (String, [ObjCMethodParameter], Bool) {
        var parameters: [ObjCMethodParameter] = []
        var selector = ""
        var isVariadic = false
        if atIdentifier(), !peek().isPunctuator(.colon) {
            selector = advance().text
        } else {
            while true {
                let pieceStart = startLocation
                var label = ""
                if atIdentifier(), peek().isPunctuator(.colon) {
                    label = advance().text
                } else if !at(.colon) {
                    break
                }
                advance()
                var type: ObjCTypeName?
                if at(.leftParen) { type = parseParenthesizedType() }
                while atIdentifier(), qualifierWords.contains(current.text), !peek().isPunctuator(.colon) {
                    advance()
                }
                var name = ""
                if atIdentifier(), !peek().isPunctuator(.colon) { name = advance().text }
                parameters.append(ObjCMethodParameter(label: label, type: type, name: name, range: range(from: pieceStart)))
                selector += label + ":"
            }
            while eat(.comma) {
                if eat(.ellipsis) {
                    isVariadic = true
                } else {
                    _ = parseParameter()
                }
            }
        }
        return (selector, parameters, isVariadic)
    }

    /// `(type)` in a method's return or parameter type.
    func parseParenthesizedType() -> ObjCTypeName? {
        advance()
        let type = parseTypeName(contextual: true)
        if !expect(.rightParen, "to close a method type") { skipToCloser(.rightParen) }
        return type
    }

    /// `@property (nonatomic, strong, getter=isFoo) NSString *name;`
    func parseProperty() -> ObjCProperty {
        let start = startLocation
        advance()
        var attributes: [ObjCPropertyAttribute] = []
        if eat(.leftParen) {
            while !isAtEnd && !at(.rightParen) {
                guard atIdentifier() else {
                    if !eat(.comma) { break }
                    continue
                }
                let name = advance().text
                var value: String?
                if eat(.equal) {
                    var text = ""
                    while atIdentifier() || at(.colon) { text += advance().text }
                    value = text
                }
                attributes.append(ObjCPropertyAttribute(name: name, value: value))
                _ = eat(.comma)
            }
            if !expect(.rightParen, "to close property attributes") { skipToCloser(.rightParen) }
        }
        let declaration = parseDeclaration(start: startLocation, contextual: true)
        return ObjCProperty(attributes: attributes, declaration: declaration, range: range(from: start))
    }

    /// `@synthesize a = _a, b;` / `@dynamic a;`
    func parseSynthesize() -> [ObjCSynthesize] {
        let start = startLocation
        let isDynamic = advance().text == "@dynamic"
        var result: [ObjCSynthesize] = []
        while atIdentifier() {
            let property = advance().text
            var instanceVariable: String?
            if eat(.equal), atIdentifier() { instanceVariable = advance().text }
            result.append(ObjCSynthesize(property: property, instanceVariable: instanceVariable, isDynamic: isDynamic))
            if !eat(.comma) { break }
        }
        finishStatement(start: start)
        return result
    }
}
