// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// The link parser (``DirectionsURLParser``) on any text, lenient and strict.
///
/// Properties: it returns or throws, never traps or hangs (libFuzzer's -timeout turns a hang into a
/// finding); a thrown error has a message; a link that parses strictly parses leniently to the same
/// request and format (strict mode only refuses, it never reads a link differently).
enum LinkParserTarget {
    static let lenientParser = DirectionsURLParser()
    static let strictParser = DirectionsURLParser(strict: true)

    static let lenient = FuzzTarget(
        name: "link-lenient", summary: "DirectionsURLParser.parseLink (lenient) on any text",
        run: { bytes in
            let link = String(decoding: bytes, as: UTF8.self)
            do throws(DirectionsURLError) {
                let parsed = try lenientParser.parseLink(link)
                FuzzCheck.require(
                    parsed.warnings.allSatisfy { !$0.message.isEmpty },
                    "a warning without a message for \(FuzzCheck.quoted(bytes))")
            } catch {
                FuzzCheck.require(!error.message.isEmpty, "lenient error without a message for \(FuzzCheck.quoted(bytes))")
            }
        })

    static let strict = FuzzTarget(
        name: "link-strict", summary: "DirectionsURLParser.parseLink (strict) on any text; strict ⊆ lenient",
        run: { bytes in
            let link = String(decoding: bytes, as: UTF8.self)
            let strictParse: ParsedLink
            do throws(DirectionsURLError) {
                strictParse = try strictParser.parseLink(link)
            } catch {
                FuzzCheck.require(!error.message.isEmpty, "strict error without a message for \(FuzzCheck.quoted(bytes))")
                return
            }
            do {
                let lenientParse = try lenientParser.parseLink(link)
                FuzzCheck.require(
                    lenientParse.request == strictParse.request && lenientParse.format == strictParse.format,
                    "strict and lenient read \(FuzzCheck.quoted(bytes)) differently: strict \(strictParse.format) \(strictParse.request), lenient \(lenientParse.format) \(lenientParse.request)")
            } catch {
                FuzzCheck.fail("\(FuzzCheck.quoted(bytes)) parses strictly but not leniently: \(error)")
            }
        })
}
