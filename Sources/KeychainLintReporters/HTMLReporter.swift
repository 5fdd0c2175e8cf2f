import KeychainLintCore

/// One self-contained HTML page (no external file, script or font; it works offline and from an
/// artifact store): the summary by rule and severity, filters (severity, rule, text), and each
/// finding with its code excerpt, the path its value took and the fix. Everything from the
/// scanned code is escaped; the page is the same for the same result.
public struct HTMLReporter: Reporter {
    /// Lines of code shown around a finding.
    public static let contextLines = 2

    public init() {}

    public func render(_ result: ScanResult, options: ReportOptions) throws -> String {
        let rules = result.rulesById
        var out: [String] = []
        out.append("<!DOCTYPE html>")
        out.append("<html lang=\"en\"><head><meta charset=\"utf-8\">")
        out.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">")
        out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        out.append("<title>keychain-lint: \(Self.escape(MarkdownReporter.headline(result)))</title>")
        out.append("<style>\(Self.style)</style></head><body>")
        out.append("<header><h1>keychain-lint report</h1><p class=\"summary\">\(Self.escape(TextReporter.summary(result, timed: false)))</p>")
        out.append("<p class=\"tool\">\(Self.escape(KeychainLintVersion.toolName)) \(Self.escape(KeychainLintVersion.current)); paths relative to \(Self.escape(JSONReporter.pathsRelativeTo)).</p></header>")

        // Summary by rule and severity.
        let severities = Array(Severity.allCases.reversed())
        var ruleOrder: [String] = []
        var counts: [String: [Severity: Int]] = [:]
        for finding in result.findings {
            if counts[finding.ruleId] == nil { ruleOrder.append(finding.ruleId) }
            counts[finding.ruleId, default: [:]][finding.severity, default: 0] += 1
        }
        ruleOrder.sort()
        out.append("<section><h2>Summary</h2>")
        if ruleOrder.isEmpty {
            out.append("<p>No findings.</p>")
        } else {
            out.append("<table class=\"counts\"><thead><tr><th>Rule</th>" + severities.map { "<th>\($0.rawValue)</th>" }.joined() + "<th>All</th></tr></thead><tbody>")
            for id in ruleOrder {
                let row = counts[id]!
                let cells = severities.map { severity in row[severity].map { "<td class=\"n \(severity.rawValue)\">\($0)</td>" } ?? "<td class=\"n\"></td>" }
                let name = rules[id]?.name ?? id
                out.append("<tr><th scope=\"row\">\(Self.escape(name)) <code>\(Self.escape(id))</code></th>\(cells.joined())<td class=\"n\">\(row.values.reduce(0, +))</td></tr>")
            }
            let totals = severities.map { severity in "<td class=\"n\">\(result.count(of: severity))</td>" }
            out.append("</tbody><tfoot><tr><th scope=\"row\">All</th>\(totals.joined())<td class=\"n\">\(result.findings.count)</td></tr></tfoot></table>")
        }
        out.append("</section>")

        if !result.findings.isEmpty {
            out.append("<section><h2>Findings</h2><form class=\"filters\" onsubmit=\"return false\">")
            out.append("<fieldset><legend>Severity</legend>" + severities.filter { result.count(of: $0) > 0 }.map { severity in
                "<label><input type=\"checkbox\" name=\"severity\" value=\"\(severity.rawValue)\" checked> \(severity.rawValue) (\(result.count(of: severity)))</label>"
            }.joined(separator: " ") + "</fieldset>")
            out.append("<label>Rule <select name=\"rule\"><option value=\"\">all rules</option>" + ruleOrder.map { id in
                "<option value=\"\(Self.escape(id))\">\(Self.escape(id))</option>"
            }.joined() + "</select></label>")
            out.append("<label>Text <input type=\"search\" name=\"text\" placeholder=\"file, message…\"></label>")
            out.append("<output id=\"shown\">\(result.findings.count) of \(result.findings.count) shown</output></form>")
            var lineCache: [String: [Substring]?] = [:]
            for (number, finding) in result.findings.enumerated() {
                out.append(Self.article(finding, number: number + 1, rule: rules[finding.ruleId], lines: {
                    if let known = lineCache[$0] { return known }
                    let lines = options.source?($0).map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
                    lineCache[$0] = lines
                    return lines
                }))
            }
            out.append("</section>")
        }
        let notes = result.visibleDiagnostics(verbose: options.verbose).filter { $0.kind == .skippedFile || $0.kind == .fileNote }
        if !notes.isEmpty {
            out.append("<section><h2>Notes</h2><ul class=\"notes\">")
            for note in notes {
                let place = note.position.map { "\(note.file):\($0.line):\($0.column)" } ?? note.file
                let text = note.kind == .skippedFile ? "skipped: \(note.message)" : note.message
                out.append("<li><code>\(Self.escape(place))</code> \(Self.escape(text))</li>")
            }
            out.append("</ul></section>")
        }
        out.append("<script>\(Self.script)</script></body></html>")
        return out.joined(separator: "\n") + "\n"
    }

    static func article(_ finding: Finding, number: Int, rule: RuleDescription?, lines: (String) -> [Substring]?) -> String {
        let start = finding.range.start
        let place = "\(finding.range.file):\(start.line):\(start.column)"
        var out = "<article class=\"finding \(finding.severity.rawValue)\" id=\"f\(number)\" data-severity=\"\(finding.severity.rawValue)\" data-rule=\"\(escape(finding.ruleId))\">"
        out += "<h3><span class=\"badge \(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> <code class=\"place\">\(escape(place))</code></h3>"
        out += "<p class=\"message\">\(escape(finding.message))</p>"
        out += "<p class=\"rule\">\(escape(rule?.name ?? finding.ruleId)) <code>\(escape(finding.ruleId))</code> · confidence \(finding.confidence.rawValue)</p>"
        if let text = lines(finding.range.file), start.line >= 1, start.line <= text.count {
            let first = max(1, start.line - contextLines)
            let last = min(text.count, max(start.line, finding.range.end.line) + contextLines)
            out += "<pre class=\"excerpt\">"
            for line in first...last {
                let marked = line >= start.line && line <= max(start.line, finding.range.end.line)
                out += "<span class=\"line\(marked ? " hit" : "")\"><span class=\"ln\">\(line)</span>\(escape(String(text[line - 1].prefix(400))))</span>"
            }
            out += "</pre>"
        }
        if !finding.relatedLocations.isEmpty {
            out += "<div class=\"path\"><h4>Value path</h4><ol>"
            for related in finding.relatedLocations {
                out += "<li>\(escape(related.message)) <code>\(escape(related.range.file)):\(related.range.start.line)</code></li>"
            }
            out += "<li>reported at <code>\(escape(place))</code></li></ol></div>"
        }
        if !finding.remediation.isEmpty {
            out += "<p class=\"fix\"><strong>Fix:</strong> \(escape(finding.remediation))</p>"
        }
        out += "</article>"
        return out
    }

    /// HTML text and attribute values: markup characters as entities, unsafe characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in OutputEscaping.text(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let style = """
        body{font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1100px;padding:0 20px 40px;color:#1f2328;background:#fff}
        h1{font-size:24px;margin:24px 0 4px}h2{font-size:19px;margin:28px 0 10px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
        h3{font-size:15px;margin:0 0 6px;font-weight:600}h4{font-size:13px;margin:8px 0 2px}
        .summary{font-size:16px;margin:4px 0}.tool{color:#59636e;font-size:12px;margin:2px 0}
        code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
        table.counts{border-collapse:collapse;width:100%}table.counts th,table.counts td{border:1px solid #d0d7de;padding:4px 8px;text-align:left}
        td.n{text-align:right;width:70px}thead th{background:#f6f8fa}tfoot th,tfoot td{font-weight:600;background:#f6f8fa}
        .filters{display:flex;flex-wrap:wrap;gap:14px;align-items:center;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;margin-bottom:14px}
        .filters fieldset{border:0;padding:0;margin:0}.filters legend{float:left;margin-right:8px;font-weight:600}
        #shown{margin-left:auto;color:#59636e}
        .finding{border:1px solid #d0d7de;border-left:5px solid #8c959f;border-radius:6px;padding:10px 14px;margin:10px 0}
        .finding.critical,.finding.high{border-left-color:#cf222e}.finding.medium{border-left-color:#bf8700}.finding.low{border-left-color:#0969da}
        .badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;color:#fff;background:#8c959f;text-transform:uppercase}
        .badge.critical{background:#82071e}.badge.high{background:#cf222e}.badge.medium{background:#9a6700}.badge.low{background:#0969da}
        .message{margin:4px 0}.rule{margin:2px 0;color:#59636e;font-size:13px}
        .excerpt{background:#f6f8fa;border-radius:6px;padding:6px 0;overflow-x:auto;margin:8px 0}
        .line{display:block;padding:0 10px;white-space:pre}.line.hit{background:#fff8c5}
        .ln{display:inline-block;width:44px;color:#8c959f;text-align:right;margin-right:12px;user-select:none}
        .path ol{margin:2px 0;padding-left:22px}.fix{margin:6px 0 2px}
        .notes li{margin:2px 0}[hidden]{display:none}
        """

    static let script = """
        (function(){
          var form=document.querySelector('.filters');if(!form)return;
          var items=[].slice.call(document.querySelectorAll('.finding'));
          var out=document.getElementById('shown');
          function update(){
            var sev={};[].forEach.call(form.querySelectorAll('input[name=severity]'),function(b){sev[b.value]=b.checked;});
            var rule=form.querySelector('select[name=rule]').value;
            var text=form.querySelector('input[name=text]').value.toLowerCase();
            var shown=0;
            items.forEach(function(a){
              var ok=sev[a.dataset.severity]!==false&&(!rule||a.dataset.rule===rule)&&(!text||a.textContent.toLowerCase().indexOf(text)>=0);
              a.hidden=!ok;if(ok)shown++;
            });
            out.textContent=shown+' of '+items.length+' shown';
          }
          form.addEventListener('input',update);form.addEventListener('change',update);update();
        })();
        """
}
