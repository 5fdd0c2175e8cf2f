/// Statement nodes of the Objective-C syntax tree.
///
/// `case` and `default` labels are statements of their own inside the switch's compound body
/// (as C's grammar really has them: labels, not containers), so a `case` that falls through is
/// represented faithfully and a branch-aware resolver reads a switch like a flat statement list.
public struct ObjCStmt: Sendable, Hashable {
    public var kind: Kind
    public var range: ObjCSourceRange

    public init(_ kind: Kind, range: ObjCSourceRange) {
        self.kind = kind
        self.range = range
    }

    public indirect enum Kind: Sendable, Hashable {
        case expression(ObjCExpr)
        /// Local variable declarations (`NSMutableDictionary *query = …;`, `CFErrorRef error = NULL;`).
        case declaration(ObjCDeclaration)
        /// `{ … }`.
        case compound([ObjCStmt])
        case `if`(condition: ObjCExpr, then: ObjCStmt, else: ObjCStmt?)
        case `while`(condition: ObjCExpr, body: ObjCStmt)
        case doWhile(body: ObjCStmt, condition: ObjCExpr)
        /// `for (init; condition; increment) body`; `initializer` is a declaration or expression
        /// statement.
        case `for`(initializer: ObjCStmt?, condition: ObjCExpr?, increment: ObjCExpr?, body: ObjCStmt)
        /// `for (NSString *key in dictionary) body`.
        case forIn(element: ObjCStmt, collection: ObjCExpr, body: ObjCStmt)
        case `switch`(subject: ObjCExpr, body: ObjCStmt)
        /// `case value:` (GNU ranges `case 1 ... 3:` keep the first value).
        case caseLabel(ObjCExpr)
        case defaultLabel
        /// `name:` before a statement (a `goto` target).
        case label(String)
        case `return`(ObjCExpr?)
        case `break`
        case `continue`
        case goto(String)
        /// `@try { } @catch (NSException *e) { } @finally { }`.
        case `try`(body: ObjCStmt, catches: [ObjCCatchClause], finally: ObjCStmt?)
        /// `@throw expr;`.
        case `throw`(ObjCExpr?)
        case synchronized(ObjCExpr, body: ObjCStmt)
        case autoreleasepool(body: ObjCStmt)
        /// `;`.
        case empty
        /// Tokens skipped because the parser could not read them (a diagnostic says why).
        case unparsed
    }
}

public struct ObjCCatchClause: Sendable, Hashable {
    /// The caught exception's parameter; nil for `@catch (...)`.
    public var parameter: ObjCParameter?
    public var body: ObjCStmt
    public var range: ObjCSourceRange
}
