// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Build then parse: the request read from the fuzzed link is written in every format that
/// ``DirectionsLinkBuilder`` writes, and each link is read back. The properties are those of
/// Tests/RoutingCoreTests/URLs/LinkBuilderPropertyTests.swift:
/// 1. a built link parses (lenient), as the format built, without warnings;
/// 2. when ``BuiltLink/omitted`` is empty the parsed request equals the request (an omission, such
///    as a mode a format cannot say, is the one expected difference, and it is named);
/// 3. build → parse → build gives the same text;
/// 4. the built link parses in strict mode to the same request;
/// 5. a refusal is `cannot-express` naming the request field.
enum LinkRoundTripTarget {
    static let parser = DirectionsURLParser()
    static let strict = DirectionsURLParser(strict: true)

    static let target = FuzzTarget(
        name: "link-roundtrip", summary: "parse a link, build it in every writable format, parse back: same request",
        run: { bytes in
            guard let request = try? parser.parse(String(decoding: bytes, as: UTF8.self)) else { return }
            for format in DirectionsLinkBuilder.formats {
                check(request, format, input: bytes)
            }
        })

    static func check(_ request: DirectionsRequest, _ format: LinkFormat, input: [UInt8]) {
        let context = { "\(format) from \(FuzzCheck.quoted(input))" }
        let built: BuiltLink
        do throws(LinkBuildError) {
            built = try DirectionsLinkBuilder.build(request, as: format)
        } catch {
            FuzzCheck.require(error.code == .cannotExpress, "\(context()): build failed with \(error)")
            FuzzCheck.require(error.field.map { !$0.isEmpty } == true, "\(context()): refusal names no field: \(error)")
            return
        }
        let url = FuzzCheck.escaped(built.url)
        FuzzCheck.require(built.format == format, "\(context()): built \(built.format)")
        let parsed: ParsedLink
        do {
            parsed = try parser.parseLink(built.url)
        } catch {
            FuzzCheck.fail("\(context()): its link \(url) does not parse: \(error)")
        }
        FuzzCheck.require(parsed.format == format, "\(context()): its link \(url) parses as \(parsed.format)")
        FuzzCheck.require(parsed.warnings.isEmpty, "\(context()): its link \(url) needed repairs: \(parsed.warnings)")
        if built.omitted.isEmpty {
            FuzzCheck.require(
                parsed.request == request,
                "\(context()): round trip through \(url) changed the request:\n  before \(request)\n  after  \(parsed.request)")
        }
        do {
            let again = try DirectionsLinkBuilder.build(parsed.request, as: format)
            FuzzCheck.require(
                again.url == built.url, "\(context()): build, parse, build changed \(url) into \(FuzzCheck.escaped(again.url))")
        } catch {
            FuzzCheck.fail("\(context()): the parse of its link \(url) cannot be built again: \(error)")
        }
        do {
            let strictParse = try strict.parseLink(built.url)
            FuzzCheck.require(strictParse.request == parsed.request, "\(context()): strict and lenient read \(url) differently")
        } catch {
            FuzzCheck.fail("\(context()): its link \(url) fails strict parsing: \(error)")
        }
    }
}
