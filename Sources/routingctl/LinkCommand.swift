// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import RoutingService
import StrictJSON

/// `routingctl link`: writes a request as a link in another format, in this process (no daemon).
extension RoutingCtl {
    static var linkUsage: String {
        let formats = DirectionsLinkBuilder.formats.map(\.rawValue)
        var lines: [String] = []
        var line = "         "
        for name in formats {
            if line.count + name.count + 1 > 96 { lines.append(line); line = "         " }
            line += " " + name
        }
        lines.append(line)
        return """
            Usage: routingctl link --format FORMAT|all [--strict] [--json] [--current-location-literals FILE]
                                   [--expand-short-links [--short-link-timeout SECONDS]]
                                   (URL | FILE.mkdirectionsrequest | JSON-REQUEST | -)

            Writes a directions request as a link in FORMAT, so a routing app can be launched with the
            link form it understands. The request comes from a link of any known format, an Apple
            .mkdirectionsrequest file, a JSON Request object ({"destination":{"kind":"coordinate",
            "latitude":48.8584,"longitude":2.2945},"mode":"Pedestrian"}, as in the varlink IDL), or
            standard input (-) holding any of these. Works without the daemon.

            Formats that can be written:
            \(lines.joined(separator: "\n"))
            --format all writes every one of them, one "FORMAT URL" line each (formats that cannot
            carry the request are reported on standard error).

            The link goes to standard output; what the format cannot carry goes to standard error as
            "omitted: …" lines (the link then parses back to less than the request). A lenient parse's
            repairs are "warning: …" lines; --strict makes them errors.
            --json prints {"url","omitted":[…],"warnings":[{"code","message","parameter"}]} (with --format
            all: {"links":[{"format","url","omitted"}],"errors":[{"format","code","message","field"}],
            "warnings":[…]}), or {"error":{…}} on failure; "warnings" are the parse's repairs, as in
            resolve --json.

            Exit status: 0 written; 1 the input cannot be parsed or the format cannot carry the
            request (for all: none can); 2 usage or I/O error.
            """
    }

    static func link(_ arguments: [String], literals: String?) throws(Arguments.UsageError) -> Int32 {
        let args = try Arguments(
            arguments, flags: ["json", "strict", "help", "expand-short-links"],
            options: ["format", "current-location-literals", "short-link-timeout"])
        if args.has("help") { out(linkUsage); return ExitStatus.success }
        guard let formatName = args.options["format"] else {
            return usageError("link needs --format (one of \(DirectionsLinkBuilder.formats.map(\.rawValue).joined(separator: ", ")) or all)", command: "link")
        }
        let formats: [LinkFormat]
        if formatName == "all" {
            formats = DirectionsLinkBuilder.formats
        } else if let format = LinkFormat(rawValue: formatName) {
            formats = [format]
        } else {
            return usageError("'\(formatName)' is not a link format; use one of \(DirectionsLinkBuilder.formats.map(\.rawValue).joined(separator: ", ")) or all", command: "link")
        }
        guard args.positionals.count == 1, var input = args.positionals.first else {
            return usageError("link needs exactly one URL, file, JSON request or -, got \(args.positionals.count) (quote it for the shell)", command: "link")
        }
        let json = args.has("json")
        switch ShortLinkExpansion.apply(input, args) {
        case .success(let expanded): input = expanded
        case .failure(.io(let message)): err("routingctl: \(message)"); return ExitStatus.usage
        case .failure(.link(let error)):
            if json {
                out(jsonText(JSON.object(["error": .object(WireFormat.encode(error))])))
            } else {
                err("routingctl: cannot parse the link (parameter 'url'): \(OneLine.escaped(error.message)) [\(error.code.rawValue)]")
            }
            return ExitStatus.failure
        }
        let parser: DirectionsURLParser
        switch LinkInput.parser(literalsPath: args.options["current-location-literals"] ?? literals, strict: args.has("strict")) {
        case .success(let p): parser = p
        case .failure(let message): err("routingctl: \(OneLine.escaped(message.text))"); return ExitStatus.usage
        }
        let request: DirectionsRequest
        // The parse's repairs, in --json output as in `resolve --json`.
        var warnings: [JSON] = []
        switch LinkInput.read(input, parser: parser) {
        case .failure(.io(let message)):
            err("routingctl: \(OneLine.escaped(message))")
            return ExitStatus.usage
        case .failure(.parse(let error)):
            if json {
                out(jsonText(JSON.object(["error": .object(WireFormat.encode(error))])))
            } else {
                let parameter = error.parameter.map { " (parameter '\(OneLine.escaped($0))')" } ?? ""
                err("routingctl: cannot parse the link\(parameter): \(OneLine.escaped(error.message)) [\(error.code.rawValue)]")
            }
            return ExitStatus.failure
        case .failure(.request(let error)):
            if json {
                out(jsonText(JSON.object(["error": ["field": .string(error.field), "message": .string(error.message)]])))
            } else {
                err("routingctl: invalid request: \(OneLine.escaped(error.field)): \(OneLine.escaped(error.message))")
            }
            return ExitStatus.failure
        case .success(let parsed):
            request = parsed.request
            warnings = parsed.warnings.map { WireFormat.encode($0) }
            if !json { for w in warnings { err(warningLine(w)) } }
        }

        if formatName != "all" {
            do throws(LinkBuildError) {
                let built = try DirectionsLinkBuilder.build(request, as: formats[0])
                if json {
                    var object = WireFormat.encode(built)
                    object["warnings"] = .array(warnings)
                    out(jsonText(JSON.object(object)))
                } else {
                    out(built.url)
                    for line in built.omitted { err("omitted: \(OneLine.escaped(line))") }
                }
                return ExitStatus.success
            } catch {
                if json {
                    out(jsonText(JSON.object(["error": .object(WireFormat.encode(error))])))
                } else {
                    err("routingctl: cannot write a \(formats[0].rawValue) link: \(OneLine.escaped(error.description))")
                }
                return ExitStatus.failure
            }
        }
        var links: [JSON] = []
        var errors: [JSON] = []
        let width = formats.map(\.rawValue.count).max() ?? 0
        for format in formats {
            do throws(LinkBuildError) {
                let built = try DirectionsLinkBuilder.build(request, as: format)
                var object = WireFormat.encode(built)
                object["format"] = .string(format.rawValue)
                links.append(.object(object))
                if !json {
                    out(format.rawValue + String(repeating: " ", count: width - format.rawValue.count) + "  " + built.url)
                    for line in built.omitted { err("omitted (\(format.rawValue)): \(OneLine.escaped(line))") }
                }
            } catch {
                var object = WireFormat.encode(error)
                object["format"] = .string(format.rawValue)
                errors.append(.object(object))
                if !json { err("routingctl: \(format.rawValue): \(OneLine.escaped(error.description))") }
            }
        }
        if json { out(jsonText(JSON.object(["links": .array(links), "errors": .array(errors), "warnings": .array(warnings)]))) }
        return links.isEmpty ? ExitStatus.failure : ExitStatus.success
    }
}
