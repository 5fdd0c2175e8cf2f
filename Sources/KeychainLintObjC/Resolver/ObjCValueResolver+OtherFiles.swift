import KeychainLintModel

// Other files: a name the file uses but does not define (`kService`, declared `extern` in a
// header and defined in `Keys.m`) has the values its file-scope definitions in the scan's other
// Objective-C files give (`ObjCScanConstants`), each followed in its own file (its own constants,
// `#define`s and calls), so the path says where the value was written. A name several files
// define with different values (one per target, say) may have each of them; `--verbose` says so.
extension ObjCValueResolver {
    /// A note for `--verbose` about a name this file's questions looked up in other files.
    public struct Note: Hashable, Sendable {
        public let range: ObjCSourceRange
        public let message: String
    }

    /// The resolvers of other files this file's questions followed names into, shared with them
    /// (a constant of one file defined through another's).
    final class OtherFiles {
        var resolvers: [String: ObjCValueResolver] = [:]
    }

    /// The values the scan's other Objective-C files define `name` with; nil when none defines
    /// it (or no table of the scan's constants is known): the name is then declared outside the
    /// scan, as before.
    func valuesDefinedElsewhere(_ name: String, at use: ObjCExpr, _ env: Environment) -> Resolution? {
        guard let constants else { return nil }
        // The result cache re-runs this file when a file mentioning the name changes.
        Dependencies.record(name)
        guard let definitions = constants.definitions(of: name, besides: path) else {
            return gap(
                use.range, "`\(name)` may be defined in more than \(ObjCScanConstants.maximumDefiningFiles) files: not followed",
                kind: .searchLimit)
        }
        guard !definitions.isEmpty else { return nil }
        let key = "elsewhere " + name
        guard !env.visiting.contains(key) else { return gap(use.range, "`\(name)` refers to itself", kind: .cycle) }
        let answer = remembered(key) { () -> Resolution in
            var inner = env.deeper(key)
            inner.arguments = [:]
            inner.argumentsBody = nil
            inner.argumentsScope = 0
            inner.selfInstances = nil
            var result = Resolution()
            var valueSets: [Set<Value>] = []
            for definition in definitions {
                let other = resolver(for: definition)
                // One question, one budget: the other file's steps count as this one's.
                other.steps = steps
                let values: Resolution
                switch definition.kind {
                case .variable(let variable):
                    values = other.evaluate(variable.declarator.initializer!, inner)
                        .through(other.step(.variable, "`\(name)`", at: variable.declarator.nameRange))
                case .macro(let macro):
                    values = macro.value.map {
                        other.evaluate($0, inner).through(other.step(.variable, "`\(name)`", at: macro.nameRange))
                    } ?? other.gap(macro.nameRange, "the macro `\(name)` is not an expression")
                case .enumerator(let enumerator):
                    // Not offered by `definitions(of:besides:)`: a constant is read as its number
                    // only where a cast asks for one (`readingConstantsAsNumbers`).
                    values = .value(.symbol(enumerator.name))
                case .body(let body):
                    values = other.gap(body.range, "`\(name)` is a function, not a constant")
                }
                steps = other.steps
                valueSets.append(Set(values.values.map(\.value)))
                result = result.merging(values)
            }
            if definitions.count > 1, Set(valueSets).count > 1 {
                let places = definitions.map { definition -> String in
                    let line: Int
                    switch definition.kind {
                    case .variable(let variable): line = variable.declarator.nameRange.start.line
                    case .macro(let macro): line = macro.nameRange.start.line
                    case .enumerator(let enumerator): line = enumerator.nameRange.start.line
                    case .body(let body): line = body.range.start.line
                    }
                    return "\(definition.path):\(line)"
                }
                let message = "`\(name)` is defined in \(definitions.count) files with different values (\(places.joined(separator: ", "))): each is a possible value here"
                let note = Note(range: use.range, message: message)
                if !notes.contains(note) { notes.append(note) }
            }
            return result
        }
        return answer
    }

    /// The values a function or method of another Objective-C file of the scan returns for a call
    /// of this file (`DefaultFlags()` defined in `Flags.m`, `[KeychainConfig accessibility]` of a
    /// class `KeychainConfig.m` implements), with the call's arguments bound; nil when no other
    /// file defines it. Followed in the defining file, so the path says where the value was
    /// written; several definitions (one per target, say) each give their values.
    func returnsDefinedElsewhere(
        _ definitions: [ObjCScanConstants.BodyDefinition], called name: String, at call: ObjCExpr, arguments: [ObjCExpr],
        _ env: Environment
    ) -> Resolution? {
        guard !definitions.isEmpty else { return nil }
        var result = Resolution()
        for definition in definitions {
            let other = resolver(for: definition.asDefinition)
            guard definition.body.parameterNames.count == arguments.count else {
                result = result.merging(gap(call.range, "\(name) takes \(definition.body.parameterNames.count) arguments, the call passes \(arguments.count)"))
                continue
            }
            // The arguments are this file's values; the body is evaluated in its own file.
            let passed = boundArguments(arguments, to: definition.body, env)
            var inner = env
            inner.visiting = env.visiting.union(["file " + path])
            inner.selfInstances = nil
            // One question, one budget: the other file's steps count as this one's.
            other.steps = steps
            result = result.merging(other.returns(of: definition.body, called: name, at: call, arguments: passed, inner))
            steps = other.steps
        }
        return result
    }

    /// The resolver of the file that holds `definition`, made once per file and sharing this
    /// file's table of other files.
    func resolver(for definition: ObjCScanConstants.Definition) -> ObjCValueResolver {
        resolver(for: definition.file)
    }

    /// The resolver of another file the scan's constants table parsed, made once per file.
    func resolver(for file: ObjCScanConstants.ParsedFile) -> ObjCValueResolver {
        if let known = otherFiles.resolvers[file.path] { return known }
        let made = ObjCValueResolver(path: file.path, source: file.source, tree: file.tree)
        made.constants = constants
        made.otherFiles = otherFiles
        otherFiles.resolvers[file.path] = made
        return made
    }
}
