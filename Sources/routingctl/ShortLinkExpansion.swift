// SPDX-License-Identifier: Apache-2.0
import CCurl
import Glibc
import RoutingCore
import RoutingService
import StrictJSON

/// `--expand-short-links`: a short link (`maps.app.goo.gl/…`, `goo.gl/maps/…`, `share.google/…`,
/// `g.co/kgs/…`, `maps.apple/p/…`) hides the real link behind an HTTP redirect, which the parser,
/// having no network, reports as `unresolvable-offline`. Here, in routingctl only (the daemon never
/// touches the network), each redirect is requested once over HTTPS through libcurl, without
/// following it blindly: every hop must be HTTPS, at most ``maximumHops`` of them, and the link it
/// lands on must be a map link routingd reads.
///
/// Environment: `SSL_CERT_FILE` or `CURL_CA_BUNDLE` name the CA bundle to trust (default: libcurl's);
/// `ROUTINGCTL_CONNECT_TO` (`HOST:PORT:CONNECT-HOST:CONNECT-PORT`, libcurl's CONNECT_TO) sends the
/// requests to another server, for tests against a local one.
enum ShortLinkExpansion {
    enum Failure: Error {
        /// The request failed: no libcurl, DNS, TLS, timeout (exit 2).
        case io(String)
        /// The short link leads nowhere usable: no redirect, not HTTPS, not a map link (exit 1).
        case link(DirectionsURLError)
    }

    /// Redirects followed at most (a short link normally needs one; `goo.gl` may lead to `maps.app.goo.gl`).
    static let maximumHops = 5
    /// Seconds a request may take when `--short-link-timeout` is not given.
    static let defaultTimeout = 10.0

    /// Whether `url` is a short link: the parser's `unresolvable-offline` error about its host.
    static func isShortLink(_ url: String) -> Bool {
        do throws(DirectionsURLError) {
            _ = try DirectionsURLParser().parseLink(url)
            return false
        } catch {
            return error.code == .unresolvableOffline && error.parameter == "host"
        }
    }

    /// `url` itself when it is not a short link; else the link its redirects lead to.
    /// - Parameter timeout: seconds for each request (connection included).
    static func expand(_ url: String, timeout: Double) -> Result<String, Failure> {
        guard isShortLink(url) else { return .success(url) }
        let caFile = environment("SSL_CERT_FILE") ?? environment("CURL_CA_BUNDLE")
        let connectTo = environment("ROUTINGCTL_CONNECT_TO")
        // A short link pasted without its scheme (the parser reads known hosts as https) is fetched as https.
        var current = url.utf8.contains(UInt8(ascii: ":")) ? url : "https://" + url
        for _ in 0..<maximumHops {
            guard current.utf8.starts(with: "https://".utf8) else {
                return .failure(.link(DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "'\(OneLine.escaped(current))' is not an HTTPS link; only HTTPS short links are followed", parameter: "url")))
            }
            var location = [CChar](repeating: 0, count: 8192)
            var problem = [CChar](repeating: 0, count: 512)
            let status = ccurl_get_redirect(
                current, Int(timeout * 1000), caFile, connectTo, &location, location.count, &problem, problem.count)
            if status < 0 {
                let why = String(decoding: problem.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return .failure(.io("cannot follow the short link \(OneLine.escaped(current)): \(OneLine.escaped(why)) "
                    + "(no network, or the service is down?)"))
            }
            let target = String(decoding: location.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard (300..<400).contains(status), !target.isEmpty else {
                return .failure(.link(DirectionsURLError(
                    code: .unresolvableOffline,
                    message: "the short link \(OneLine.escaped(current)) answered HTTP \(status) without a redirect; "
                        + "it may have expired: open it in a browser and pass the map link it shows", parameter: "url")))
            }
            do throws(DirectionsURLError) {
                _ = try DirectionsURLParser().parseLink(target)
                return .success(target)
            } catch {
                if error.code == .unresolvableOffline && error.parameter == "host" {
                    current = target
                    continue
                }
                if error.parameter == "host" || error.parameter == "scheme" {
                    return .failure(.link(DirectionsURLError(
                        code: .notADirectionsLink,
                        message: "the short link \(OneLine.escaped(url)) leads to \(OneLine.escaped(target)), which is not "
                            + "a map link routingd reads (\(error.message))", parameter: "url")))
                }
                // A map link with a problem of its own: the caller parses it and reports that.
                return .success(target)
            }
        }
        return .failure(.link(DirectionsURLError(
            code: .unresolvableOffline,
            message: "the short link \(OneLine.escaped(url)) redirects more than \(maximumHops) times; open it in a browser", parameter: "url")))
    }

    /// `--short-link-timeout SECONDS` (default ``defaultTimeout``): a positive number up to an hour.
    static func timeout(_ text: String?) -> Result<Double, Arguments.UsageError> {
        guard let text else { return .success(defaultTimeout) }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            return .failure(Arguments.UsageError(message: "--short-link-timeout takes seconds (0 < SECONDS <= 3600), not '\(OneLine.escaped(text))'"))
        }
        return .success(seconds)
    }

    /// With `--expand-short-links`, `url` expanded (a note on standard error says where it led); else `url`.
    static func apply(_ url: String, _ args: Arguments) -> Result<String, Failure> {
        let result = expandIfAsked(url, args)
        // With --json a failure is an {"error":…} object on standard output too, as every error is.
        if args.has("json"), case .failure(.io(let message)) = result {
            RoutingCtl.out(RoutingCtl.jsonText(JSON.object(["error": .object(WireFormat.encode(DirectionsURLError(
                code: .unresolvableOffline, message: message, parameter: "url")))])))
        }
        return result
    }

    private static func expandIfAsked(_ url: String, _ args: Arguments) -> Result<String, Failure> {
        guard args.has("expand-short-links") else {
            // A timeout alone would be ignored without a word: the person meant to expand.
            if args.options["short-link-timeout"] != nil {
                return .failure(.io("--short-link-timeout applies only with --expand-short-links; add it, or leave the timeout out"))
            }
            return .success(url)
        }
        let seconds: Double
        switch timeout(args.options["short-link-timeout"]) {
        case .success(let s): seconds = s
        case .failure(let usage): return .failure(.io(usage.message))
        }
        let result = expand(url, timeout: seconds)
        if case .success(let expanded) = result, expanded != url {
            RoutingCtl.err("routingctl: note: the short link \(OneLine.escaped(url)) leads to \(OneLine.escaped(expanded))")
        }
        return result
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
