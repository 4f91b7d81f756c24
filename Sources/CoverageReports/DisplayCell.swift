// SPDX-License-Identifier: Apache-2.0
/// How one column of a source line is shown on a terminal, and what goes under it in the caret line
/// so that a caret further right stays aligned.
///
/// A column is one Unicode scalar, as ``StrictJSON/SourceLocation/column`` counts them (for bytes
/// that are not UTF-8: one lead byte with its continuation bytes).
struct DisplayCell: Hashable, Sendable {
    /// What to print for the column.
    var text: String
    /// What to print under it in the caret line: a tab for a tab, two spaces for a wide character,
    /// nothing for a zero-width one, else a space.
    var padding: String

    /// Shown as U+FFFD: bytes that are not UTF-8, and characters that would move the cursor or
    /// reorder the line (control characters, line and paragraph separators, bidirectional
    /// overrides and isolates, as in "Trojan Source", CVE-2021-42574).
    static let replacement = DisplayCell(text: "\u{FFFD}", padding: " ")

    /// The cell for the bytes of one column: one scalar when they are exactly one valid UTF-8
    /// scalar, else ``replacement``.
    init(bytes: ArraySlice<UInt8>) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil else {
            self = .replacement
            return
        }
        self.init(scalar: scalar)
    }

    init(text: String, padding: String) {
        self.text = text
        self.padding = padding
    }

    init(scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case 0x09:
            self.init(text: "\t", padding: "\t")
        case 0xFEFF:
            // A byte order mark (or zero-width no-break space): invisible, takes no cell.
            self.init(text: "", padding: "")
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            self = .replacement
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format:
                // Combining marks and zero-width joiners draw on the cell before them.
                self.init(text: String(scalar), padding: "")
            default:
                self.init(text: String(scalar), padding: Self.isWide(scalar) ? "  " : " ")
            }
        }
    }

    /// True for characters that terminals draw two cells wide: East Asian Wide and Fullwidth
    /// characters (Unicode Standard Annex #11, main blocks) and emoji with emoji presentation.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return scalar.properties.isEmojiPresentation
        }
    }
}
