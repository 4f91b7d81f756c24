// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import RoutingService
import StrictJSON

/// Where `resolve` and `link` get their request from: a link, an Apple `.mkdirectionsrequest` file,
/// a JSON `Request` object, or standard input holding any of these.
enum LinkInput {
    enum Failure: Error {
        /// The file or standard input could not be read (exit 2).
        case io(String)
        /// The link or file could not be parsed (exit 1).
        case parse(DirectionsURLError)
        /// The JSON request is malformed (exit 1).
        case request(InvalidRequest)
    }

    /// Whether `argument` names an Apple directions-request file (by its extension, any case).
    static func isRequestFile(_ argument: String) -> Bool {
        argument.lowercased().hasSuffix(".mkdirectionsrequest") && !argument.contains("://")
    }

    /// The parser: current-location literals from `literalsPath` (else the defaults), and strictness.
    struct Message: Error { var text: String }

    static func parser(literalsPath: String?, strict: Bool) -> Result<DirectionsURLParser, Message> {
        guard let literalsPath else { return .success(DirectionsURLParser(strict: strict)) }
        do {
            return .success(DirectionsURLParser(currentLocationLiterals: try LiteralsFile.load(literalsPath), strict: strict))
        } catch {
            return .failure(Message(text: "--current-location-literals: \(error)"))
        }
    }

    /// Reads and parses an Apple `.mkdirectionsrequest` file.
    static func readRequestFile(_ path: String, parser: DirectionsURLParser) -> Result<ParsedLink, Failure> {
        switch CoverageDirectory.readFile(path) {
        case .failure(let error): return .failure(.io(error.message))
        case .success(let bytes): return parseRequestFile(bytes, parser: parser)
        }
    }

    /// Parses the bytes of a `.mkdirectionsrequest` file with ``MKDirectionsRequestFile``.
    static func parseRequestFile(_ bytes: [UInt8], parser: DirectionsURLParser) -> Result<ParsedLink, Failure> {
        do throws(DirectionsURLError) {
            return .success(try MKDirectionsRequestFile.parse(bytes, parser: parser))
        } catch {
            return .failure(.parse(error))
        }
    }

    /// The request in `argument`: `-` reads standard input; text starting with `{` is a JSON request;
    /// a name ending in `.mkdirectionsrequest` is a file; anything else is a link.
    /// - Returns: the parsed link (a JSON request has format nil and no warnings).
    static func read(_ argument: String, parser: DirectionsURLParser) -> Result<(request: DirectionsRequest, format: LinkFormat?, warnings: [DirectionsURLWarning]), Failure> {
        if argument == "-" {
            switch RoutingCtl.readStandardInput(limit: 16 << 20, what: "request") {
            case .failure(let error): return .failure(.io(error.message))
            case .success(let bytes):
                if bytes.starts(with: Array("bplist".utf8)) {
                    return parseRequestFile(bytes, parser: parser).map { ($0.request, $0.format, $0.warnings) }
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return .failure(.parse(DirectionsURLError(
                        code: .malformedURL, message: "standard input is not UTF-8 text, a JSON request or a binary property list",
                        parameter: "url")))
                }
                var t = Substring(text)
                while let f = t.first, f.isWhitespace { t.removeFirst() }
                while let l = t.last, l.isWhitespace { t.removeLast() }
                return fromText(String(t), parser: parser)
            }
        }
        if isRequestFile(argument) {
            return readRequestFile(argument, parser: parser).map { ($0.request, $0.format, $0.warnings) }
        }
        if !argument.hasPrefix("{"), !argument.contains(":"), access(argument, F_OK) == 0 {
            return .failure(.io(
                "'\(argument)' is a file, not a link: files are read by name only as NAME.mkdirectionsrequest; "
                    + "pass a JSON request or a link in a file on standard input instead: - < \(argument)"))
        }
        return fromText(argument, parser: parser)
    }

    private static func fromText(_ text: String, parser: DirectionsURLParser) -> Result<(request: DirectionsRequest, format: LinkFormat?, warnings: [DirectionsURLWarning]), Failure> {
        if text.hasPrefix("{") {
            let json: JSON
            do {
                json = try JSONParser().parse(text).root.json
            } catch {
                return .failure(.request(InvalidRequest(field: "request", message: "not valid JSON: \(error)")))
            }
            do throws(InvalidRequest) {
                return .success((try WireFormat.decodeRequest(json), nil, []))
            } catch {
                return .failure(.request(error))
            }
        }
        do throws(DirectionsURLError) {
            let parsed = try parser.parseLink(text)
            return .success((parsed.request, parsed.format, parsed.warnings))
        } catch {
            return .failure(.parse(error))
        }
    }
}
