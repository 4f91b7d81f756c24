// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// The `--current-location-literals FILE` of routingd and routingctl: the texts that mean "current
/// location" in links, replacing ``CurrentLocationLiterals/default``.
///
/// Format: UTF-8 text, one literal per line (`Current Location`, `Ma position`, `ici`). Leading and
/// trailing spaces are dropped; blank lines and lines whose first non-space character is `#` are
/// skipped. Matching ignores case, spaces and `+`, as ``CurrentLocationLiterals`` documents. An empty
/// or omitted source is the current location whatever the file says.
public enum LiteralsFile {
    /// Why a literals file was refused: `FILE: …` or `FILE:LINE: …`, ready to print.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Reads and checks `path`.
    /// - Throws: ``Error`` naming the file (and the line) when it cannot be read, is not UTF-8, or a
    ///   line holds a control character, is only `+` signs, or reads as a coordinate pair.
    public static func load(_ path: String) throws(Error) -> CurrentLocationLiterals {
        switch CoverageDirectory.readFile(path) {
        case .failure(let error): throw Error(error.message)
        case .success(let bytes): return try parse(bytes, name: path)
        }
    }

    /// Checks the bytes of a literals file called `name` (pure; ``load(_:)`` reads the file).
    public static func parse(_ bytes: [UInt8], name: String) throws(Error) -> CurrentLocationLiterals {
        var literals: [String] = []
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        for (index, rawLine) in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var lineBytes = rawLine
            if lineBytes.last == UInt8(ascii: "\r") { lineBytes = lineBytes.dropLast() }
            guard let text = String(validating: lineBytes, as: UTF8.self) else {
                throw Error("\(name):\(line): the line is not valid UTF-8; save the file as UTF-8")
            }
            let trimmed = trim(text)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if let bad = trimmed.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                throw Error("\(name):\(line): control character U+\(String(bad.value, radix: 16, uppercase: true)) in a literal; write one plain literal per line")
            }
            if trimmed.allSatisfy({ $0 == "+" || $0.isWhitespace }) {
                throw Error("\(name):\(line): '\(trimmed)' is empty once spaces and '+' are ignored; write a phrase such as 'Current Location'")
            }
            if isNumberLike(trimmed) {
                throw Error("\(name):\(line): '\(trimmed)' reads as numbers and would hide a coordinate; write a phrase such as 'Current Location'")
            }
            literals.append(trimmed)
        }
        return CurrentLocationLiterals(literals)
    }

    /// Digits, `.`, `,`, `+`, `-` and spaces only, with a digit: text a link parser reads as numbers.
    private static func isNumberLike(_ s: String) -> Bool {
        s.contains(where: \.isASCIIDigit) && s.allSatisfy { $0.isASCIIDigit || ".,+-".contains($0) || $0.isWhitespace }
    }

    private static func trim(_ s: String) -> String {
        var t = Substring(s)
        while let f = t.first, f.isWhitespace { t.removeFirst() }
        while let l = t.last, l.isWhitespace { t.removeLast() }
        return String(t)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
