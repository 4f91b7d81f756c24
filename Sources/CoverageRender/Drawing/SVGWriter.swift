// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// Builds SVG 1.1 text: elements with attributes, text content escaped, numbers in one fixed form.
///
/// Deterministic: attributes are written in the order given, numbers with ``number(_:)``, so the
/// same drawing gives the same bytes on every machine. Escaping: every attribute value and text node
/// goes through ``escaped(_:)``, so text from outside (a file name, a link's label) can neither close
/// an element nor open one: `<script>` arrives as the characters `&lt;script&gt;`.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []
    private var depth = 0

    init() {
        bytes.reserveCapacity(1 << 16)
    }

    /// Text for an attribute value or a text node (``MarkupText``: quotes escaped, controls visible).
    static func escaped(_ text: String) -> String { MarkupText.escaped(text) }

    /// A number of pixels or a coordinate with at most `decimals` decimals (default 1), no exponent,
    /// no trailing zeros, `-0` written `0`; non-finite values are written `0` (never reached for
    /// drawn positions, which are clamped first).
    static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let clamped = min(max(value, -1e12), 1e12)
        let scaled = Int64((clamped * factor).rounded())
        if scaled == 0 { return "0" }
        let negative = scaled < 0
        let magnitude = scaled.magnitude
        let unit = UInt64(factor)
        var text = String(magnitude / unit)
        var fraction = magnitude % unit
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
            fraction = 0
        }
        return negative ? "-" + text : text
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func attributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            raw(" \(name)=\"")
            raw(Self.escaped(value))
            raw("\"")
        }
    }

    /// `<name a="…"/>`.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], title: String? = nil) {
        indent()
        raw("<\(name)")
        self.attributes(attributes)
        if let title {
            raw("><title>\(Self.escaped(title))</title></\(name)>\n")
        } else {
            raw("/>\n")
        }
    }

    /// `<name a="…">text</name>`.
    mutating func text(_ name: String, _ attributes: [(String, String)], _ content: String) {
        indent()
        raw("<\(name)")
        self.attributes(attributes)
        raw(">\(Self.escaped(content))</\(name)>\n")
    }

    /// `<name a="…">`; what follows is inside it until ``close(_:)``.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        raw("<\(name)")
        self.attributes(attributes)
        raw(">\n")
        depth += 1
    }

    /// `</name>`, closing the element ``open(_:_:)`` opened last.
    mutating func close(_ name: String) {
        depth -= 1
        indent()
        raw("</\(name)>\n")
    }
}

/// Path data (`d`) from pixel positions: `M x y L x y … Z` per ring.
struct PathData {
    private(set) var text = ""

    mutating func ring(_ points: [PixelPoint], closed: Bool = true) {
        guard let first = points.first else { return }
        if !text.isEmpty { text += " " }
        text += "M\(SVGWriter.number(first.x)) \(SVGWriter.number(first.y))"
        for p in points.dropFirst() {
            text += "L\(SVGWriter.number(p.x)) \(SVGWriter.number(p.y))"
        }
        if closed { text += "Z" }
    }

    var isEmpty: Bool { text.isEmpty }
}

/// A position on the drawing, in pixels from the top-left corner (y grows downwards).
struct PixelPoint: Hashable, Sendable {
    var x: Double
    var y: Double
}
