import KeychainLintModel

/// The judgement of `swift.unchecked_access_control_creation` and `objc.unchecked_access_control_creation`:
/// a `SecAccessControlCreateWithFlags` result used unchecked.
public enum UncheckedAccessControlCreationJudgement {
    /// One finding per call; a higher case wins (fails open > crash > unnoticed nil > lost error).
    public enum Problem {
        case failsOpen(place: String)
        case forced(text: String, place: String?)
        case optionalInQuery(text: String, place: String?)
        case discardedError
    }

    /// The one problem reported for a call, from what the code does with its result: fails open
    /// (the failure branch writes plain `kSecAttrAccessible` at `failsOpenAt`), then a crash (`forced`: a direct use always, one
    /// through a variable unless it is checked), then an unchecked value in the query, then (low)
    /// a checked result whose error argument is nil.
    public static func problem(
        failsOpenAt: String?, forced: (text: String, place: String?)?, inQuery: (text: String, place: String?)?,
        checked: Bool, errorArgumentIsNil: Bool
    ) -> Problem? {
        if let place = failsOpenAt {
            return .failsOpen(place: place)
        }
        if let forced, !checked || forced.place == nil {
            return .forced(text: forced.text, place: forced.place)
        }
        if let inQuery, !checked {
            return .optionalInQuery(text: inQuery.text, place: inQuery.place)
        }
        if checked, errorArgumentIsNil {
            return .discardedError
        }
        return nil
    }

    /// The finding's message. `.c` words it for C and Objective-C (`objc.unchecked_access_control_creation`),
    /// where the result is a `SecAccessControlRef` that may be `NULL`: `forced` is then a
    /// dictionary insertion that raises on `NULL`, and `optionalInQuery` one that leaves the entry
    /// out (a subscript assignment or `setValue:forKey:` removes the key, a `nil` ends the list of
    /// `dictionaryWithObjectsAndKeys:`).
    public static func message(_ problem: Problem, spelling: FlagSpelling = .swift) -> String {
        let none = spelling == .swift ? "nil" : "NULL"
        switch problem {
        case .failsOpen(let place):
            return "Access control creation fails open: when SecAccessControlCreateWithFlags returns \(none), the failure branch sets plain `kSecAttrAccessible` (\(place)), so the item is stored without its user-authentication protection and nobody notices"
        case .forced(let text, let place):
            let at = place.map { " (\($0))" } ?? ""
            if spelling == .c {
                return "Access control is used without a NULL check: inserting `\(text)`\(at) into a dictionary crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns NULL with errSecParam)"
            }
            return "Access control creation is force-unwrapped: `\(text)`\(at) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)"
        case .optionalInQuery(let text, let place):
            let at = place.map { " (\($0))" } ?? ""
            if spelling == .c {
                return "Access control is put into the query without a NULL check: `\(text)`\(at) is never checked for NULL, so when SecAccessControlCreateWithFlags fails the entry is left out, the query carries no access control and the failure goes unnoticed"
            }
            return "Access control is put into the query while still Optional: `\(text)`\(at) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
        case .discardedError:
            return "Access control creation discards its error: the result is checked, but `\(none)` as the error argument throws away the reason Security gives for rejecting the flags or protection"
        }
    }
}
