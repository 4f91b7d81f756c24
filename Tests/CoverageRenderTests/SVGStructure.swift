// SPDX-License-Identifier: Apache-2.0
/// A small reader of the SVG that ``CoverageMap`` writes, for structural comparisons: elements in
/// document order with their attributes and text, and a well-formedness check (every tag closed in
/// order, attribute values quoted, no raw `<` or `&` outside markup and references).
struct SVGStructure {
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)]
        var text = ""
        var depth: Int

        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    var elements: [Element] = []

    init(_ bytes: [UInt8]) throws {
        var i = 0
        var stack: [String] = []
        let n = bytes.count
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 45 || b == 58 || b == 95
        }
        while i < n {
            if bytes[i] == UInt8(ascii: "<") {
                if bytes[i...].starts(with: Array("<?".utf8)) {
                    guard let end = Self.find(Array("?>".utf8), in: bytes, from: i) else { throw Malformed(description: "unterminated <?") }
                    i = end + 2
                    continue
                }
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
                    var j = i + 2
                    while j < n, isNameByte(bytes[j]) { j += 1 }
                    let name = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                    guard j < n, bytes[j] == UInt8(ascii: ">") else { throw Malformed(description: "bad end tag \(name)") }
                    guard stack.last == name else { throw Malformed(description: "</\(name)> closes \(stack.last ?? "nothing")") }
                    stack.removeLast()
                    i = j + 1
                    continue
                }
                var j = i + 1
                while j < n, isNameByte(bytes[j]) { j += 1 }
                let name = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                guard !name.isEmpty else { throw Malformed(description: "'<' not starting a tag at byte \(i)") }
                var attributes: [(String, String)] = []
                while true {
                    while j < n, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\n") { j += 1 }
                    guard j < n else { throw Malformed(description: "unterminated <\(name)") }
                    if bytes[j] == UInt8(ascii: "/"), j + 1 < n, bytes[j + 1] == UInt8(ascii: ">") {
                        elements.append(Element(name: name, attributes: attributes, depth: stack.count))
                        i = j + 2
                        break
                    }
                    if bytes[j] == UInt8(ascii: ">") {
                        elements.append(Element(name: name, attributes: attributes, depth: stack.count))
                        stack.append(name)
                        i = j + 1
                        break
                    }
                    let start = j
                    while j < n, isNameByte(bytes[j]) { j += 1 }
                    let attribute = String(decoding: bytes[start..<j], as: UTF8.self)
                    guard !attribute.isEmpty, j + 1 < n, bytes[j] == UInt8(ascii: "="), bytes[j + 1] == UInt8(ascii: "\"") else {
                        throw Malformed(description: "bad attribute in <\(name)> at byte \(j)")
                    }
                    var k = j + 2
                    while k < n, bytes[k] != UInt8(ascii: "\"") {
                        guard bytes[k] != UInt8(ascii: "<") else { throw Malformed(description: "'<' in an attribute of <\(name)>") }
                        k += 1
                    }
                    guard k < n else { throw Malformed(description: "unterminated attribute \(attribute)") }
                    let value = try Self.unescaped(Array(bytes[(j + 2)..<k]))
                    attributes.append((attribute, value))
                    j = k + 1
                }
            } else {
                var j = i
                while j < n, bytes[j] != UInt8(ascii: "<") { j += 1 }
                let text = try Self.unescaped(Array(bytes[i..<j]))
                if !stack.isEmpty, let last = elements.indices.last {
                    elements[last].text += text.trimmingWhitespace
                }
                i = j
            }
        }
        guard stack.isEmpty else { throw Malformed(description: "unclosed \(stack)") }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Text with the five predefined entities resolved; any other `&` is an error, as are control
    /// characters XML 1.0 forbids.
    static func unescaped(_ bytes: [UInt8]) throws -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20, b != 0x0A, b != 0x09, b != 0x0D { throw Malformed(description: "control byte \(b)") }
            if b == UInt8(ascii: ">") { throw Malformed(description: "raw '>' in text") }
            guard b == UInt8(ascii: "&") else { out.append(b); i += 1; continue }
            var matched = false
            for (entity, replacement) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
                if bytes[i...].starts(with: Array(entity.utf8)) {
                    out += Array(replacement.utf8)
                    i += entity.utf8.count
                    matched = true
                    break
                }
            }
            if !matched { throw Malformed(description: "bare '&'") }
        }
        return String(decoding: out, as: UTF8.self)
    }

    func count(_ name: String) -> Int { elements.count { $0.name == name } }

    /// Elements by name, with their counts, e.g. ["path": 4, "text": 30].
    var counts: [String: Int] {
        var result: [String: Int] = [:]
        for e in elements { result[e.name, default: 0] += 1 }
        return result
    }

    func element(id: String) -> Element? { elements.first { $0.attribute("id") == id } }
    /// The finding marks of one kind on the map (`crossing`, `spike`, `jump`, `hole`, `other`).
    func findings(_ kind: String) -> [Element] {
        elements(class: kind).filter { ($0.attribute("class") ?? "").hasPrefix("finding ") }
    }

    func elements(class name: String) -> [Element] {
        elements.filter { ($0.attribute("class") ?? "").split(separator: " ").contains(Substring(name)) }
    }
}

/// The numbers in an attribute (`d`, `x`, `viewBox`…), in order.
func numbers(in text: String) -> [Double] {
    var result: [Double] = []
    var current = ""
    for ch in text {
        if ch.isNumber || ch == "." || (ch == "-" && current.isEmpty) {
            current.append(ch)
        } else {
            if let v = Double(current) { result.append(v) }
            current = ch == "-" ? "-" : ""
        }
    }
    if let v = Double(current) { result.append(v) }
    return result
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
