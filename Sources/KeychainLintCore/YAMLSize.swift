// libyaml's event parser, which Yams is built on. Yams offers no event-level API and always
// composes whole trees, so the size check below talks to libyaml directly, before Yams does.
import CYaml

/// How many values a YAML text holds once every alias is expanded, counted on libyaml's event
/// stream in one pass without building the expansion.
enum YAMLSize {
    /// Whether the text, with every alias expanded (merge keys `<<` are aliases or mappings, so
    /// they are counted the same way), holds at most `limit` nodes: scalars, lists and mappings,
    /// keys included. Stops reading at the limit. A syntax error ends the count early with the
    /// answer so far: Yams reports the error when it composes the same text.
    static func fits(_ yaml: String, limit: Int) -> Bool {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return true }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(yaml.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // The expanded size of each anchored node, and for each open list or mapping the total
            // when it began (its size is the total at its end minus that).
            var sizes: [String: Int] = [:]
            var open: [(anchor: String?, totalBefore: Int)] = []
            var total = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return true }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_SCALAR_EVENT:
                    total += 1
                    if let anchor = name(event.data.scalar.anchor) { sizes[anchor] = 1 }
                case YAML_SEQUENCE_START_EVENT:
                    open.append((name(event.data.sequence_start.anchor), total))
                    total += 1
                case YAML_MAPPING_START_EVENT:
                    open.append((name(event.data.mapping_start.anchor), total))
                    total += 1
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let (anchor, before) = open.popLast(), let anchor { sizes[anchor] = total - before }
                case YAML_ALIAS_EVENT:
                    // An anchor used inside its own node (not yet closed) counts as one.
                    total += name(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1
                case YAML_STREAM_END_EVENT:
                    return true
                default:
                    break
                }
                if total > limit { return false }
            }
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
