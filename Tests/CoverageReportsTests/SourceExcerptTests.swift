// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Testing
@testable import CoverageReports

/// The location of the first `needle` in `text` (ASCII needle), with the column counted the way
/// StrictJSON counts it: Unicode scalars since the last LF.
func location(of needle: String, in text: String, occurrence: Int = 1) -> StrictJSON.SourceLocation {
    let bytes = Array(text.utf8), pattern = Array(needle.utf8)
    var seen = 0
    var line = 1, column = 1
    for i in bytes.indices {
        if bytes[i...].starts(with: pattern) {
            seen += 1
            if seen == occurrence { return StrictJSON.SourceLocation(line: line, column: column, offset: i) }
        }
        if bytes[i] == 10 {
            line += 1
            column = 1
        } else if bytes[i] & 0xC0 != 0x80 {
            column += 1
        }
    }
    Issue.record("\(needle) not found")
    return StrictJSON.SourceLocation(line: 0, column: 0, offset: 0)
}

private func excerpt(_ text: String, at needle: String, width: Int = SourceExcerpt.defaultWidth) -> SourceExcerpt? {
    SourceExcerpt(of: Array(text.utf8), at: location(of: needle, in: text), width: width)
}

/// The part of `excerpt.line` from the caret's column on, for lines of one-cell characters.
private func underCaret(_ excerpt: SourceExcerpt) -> Substring {
    let cells = excerpt.caret.count - 1
    return excerpt.line.dropFirst(cells)
}

@Suite struct SourceExcerptTests {
    @Test func shortLineIsShownWholeWithTheCaretUnderTheColumn() throws {
        let text = "{\"type\":\"MultiPolygon\",\n \"coordinates\":[[[[0,0],[4,0],[4,4],[0,4]]]]}\n"
        let e = try #require(excerpt(text, at: "[0,4]"))
        #expect(e.line == " \"coordinates\":[[[[0,0],[4,0],[4,4],[0,4]]]]}")
        #expect(e.caret == String(repeating: " ", count: 36) + "^")
        #expect(underCaret(e).hasPrefix("[0,4]"))
    }

    @Test func tabsAreCopiedIntoTheCaretLine() throws {
        let text = "{\n\t\t\"coordinates\": [\t[[[0,0]]]]}"
        let e = try #require(excerpt(text, at: "[[[0,0]"))
        #expect(e.line == "\t\t\"coordinates\": [\t[[[0,0]]]]}")
        #expect(e.caret == "\t\t" + String(repeating: " ", count: 16) + "\t^")
    }

    @Test func lineEndingsAreNotShown() throws {
        let text = "{\"a\": 1,\r\n \"b\": NaN\r\n}"
        let e = try #require(excerpt(text, at: "NaN"))
        #expect(e.line == " \"b\": NaN")
        #expect(e.caret == "      ^")
        // A location at the line ending points just after the text.
        let atEnd = try #require(SourceExcerpt(of: Array(text.utf8), at: location(of: "\r\n}", in: text)))
        #expect(atEnd.line == " \"b\": NaN")
        #expect(atEnd.caret == String(repeating: " ", count: 9) + "^")
        let atLF = try #require(SourceExcerpt(of: Array(text.utf8), at: location(of: "\n}", in: text)))
        #expect(atLF == atEnd)
    }

    @Test func endOfInputPointsAfterTheLastCharacter() throws {
        let text = "{\"type\":\"MultiPolygon\""
        let bytes = Array(text.utf8)
        let e = try #require(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 1, column: 23, offset: bytes.count)))
        #expect(e.line == text)
        #expect(e.caret == String(repeating: " ", count: 22) + "^")
    }

    @Test func nothingToShowForAnEmptyLineOrAnOffsetOutsideTheFile() {
        #expect(SourceExcerpt(of: [], at: StrictJSON.SourceLocation(line: 1, column: 1, offset: 0)) == nil)
        let bytes = Array("{}\n\n".utf8)
        #expect(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 3, column: 1, offset: 3)) == nil)
        #expect(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 9, column: 1, offset: 99)) == nil)
    }

    /// A minified file of one long line: only a window around the caret is shown, `…` on cut sides.
    @Test func longLinesAreCutAroundTheCaret() throws {
        var text = "{\"type\":\"MultiPolygon\",\"coordinates\":[[["
        for i in 0..<20_000 { text += "[\(i % 180).5,\(i % 90).25]," }
        text += "[0,0]]]]}"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 250_000)

        // In the middle.
        let middle = try #require(excerpt(text, at: "[123.5,33.25]"))
        #expect(middle.line.hasPrefix("…") && middle.line.hasSuffix("…"))
        #expect(middle.line.count == SourceExcerpt.defaultWidth + 2)
        #expect(underCaret(middle).hasPrefix("[123.5,33.25]"))
        #expect(middle.caret.count >= 40 && middle.caret.count <= 60)

        // Near the start: nothing cut on the left.
        let start = try #require(excerpt(text, at: "\"coordinates\""))
        #expect(start.line.hasPrefix("{\"type\"") && start.line.hasSuffix("…"))
        #expect(underCaret(start).hasPrefix("\"coordinates\""))

        // Near the end: nothing cut on the right.
        let end = try #require(excerpt(text, at: "[0,0]]]]}"))
        #expect(end.line.hasPrefix("…") && end.line.hasSuffix("[0,0]]]]}"))
        #expect(underCaret(end).hasPrefix("[0,0]]]]}"))

        // A narrower window.
        let narrow = try #require(excerpt(text, at: "[123.5,33.25]", width: 20))
        #expect(narrow.line.count == 22)
        #expect(underCaret(narrow).hasPrefix("[123.5"))
    }

    @Test func bytesThatAreNotUTF8ShowAsReplacementCharacters() throws {
        // "é" in Latin-1 (0xE9), a lone continuation byte, and a truncated 3-byte sequence.
        var bytes = Array("{\"name\":\"caf".utf8) + [0xE9] + Array("\",\"x\":\"".utf8) + [0x80]
        bytes += Array("\",\"y\":\"".utf8) + [0xE6, 0x9D] + Array("\",\"type\":1}".utf8)
        let offset = bytes.count - 9  // "type"
        #expect(bytes[offset] == UInt8(ascii: "\""))
        let e = try #require(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 1, column: 0, offset: offset)))
        // The lone continuation byte belongs to the column of the quote before it, as the parser
        // counts columns: that column as a whole is not UTF-8.
        #expect(e.line == "{\"name\":\"caf\u{FFFD}\",\"x\":\u{FFFD}\",\"y\":\"\u{FFFD}\",\"type\":1}")
        #expect(underCaret(e).hasPrefix("\"type\""))
    }

    @Test func continuationBytesAtTheStartOfALine() throws {
        let bytes: [UInt8] = Array("{\n".utf8) + [0x80, 0x80] + Array(" 1".utf8)
        let e = try #require(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 2, column: 2, offset: bytes.count - 1)))
        #expect(e.line == "\u{FFFD} 1")
        #expect(e.caret == "  ^")
    }

    /// The bytes of the parser's own locations: the caret counts the same columns as the parser.
    @Test func caretColumnMatchesTheParsersColumn() throws {
        let text = "{\"name\": \"Zürich ÉÉ\", \"type\": \"MultiPolygon\", \"x\": NaN}"
        let bytes = Array(text.utf8)
        do {
            _ = try JSONParser().parse(bytes)
            Issue.record("NaN was accepted")
        } catch {
            let e = try #require(SourceExcerpt(of: bytes, at: error.location))
            #expect(e.caret.count - 1 == error.location.column - 1)
            #expect(underCaret(e).hasPrefix("NaN"))
        }
    }

    @Test func byteOrderMarkIsHiddenAndTakesNoCell() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"type\":true}".utf8)
        let e = try #require(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 1, column: 9, offset: 11)))
        #expect(e.line == "{\"type\":true}")
        #expect(underCaret(e).hasPrefix("true"))
    }

    @Test func wideAndZeroWidthCharactersKeepTheCaretAligned() throws {
        // 東京 is two characters of two cells each; "e\u{301}" is e with a combining acute accent.
        let text = "{\"name\":\"東京 e\u{301}\",\"type\":1}"
        let e = try #require(excerpt(text, at: "\"type\""))
        #expect(e.line == text)
        // Cells before the caret: {"name":" (9) + 東京 (4) + space (1) + e (1) + accent (0) + ", (2).
        #expect(e.caret == String(repeating: " ", count: 17) + "^")
    }

    @Test func controlAndBidirectionalCharactersAreReplaced() throws {
        // An escape sequence and a right-to-left override would change what the terminal shows.
        let text = "{\"a\":\"\u{1B}[2J\u{202E}x\",\"type\":1}"
        let e = try #require(excerpt(text, at: "\"type\""))
        #expect(!e.line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(e.line == "{\"a\":\"\u{FFFD}[2J\u{FFFD}x\",\"type\":1}")
        #expect(underCaret(e).hasPrefix("\"type\""))
    }

    /// A run of continuation bytes is not UTF-8 and is never scanned whole.
    @Test func longRunsOfContinuationBytesStayBounded() throws {
        let bytes: [UInt8] = Array("[".utf8) + [UInt8](repeating: 0x80, count: 1_000_000) + Array("1]".utf8)
        let e = try #require(SourceExcerpt(of: bytes, at: StrictJSON.SourceLocation(line: 1, column: 2, offset: bytes.count - 2)))
        #expect(e.line.hasPrefix("…") && e.line.hasSuffix("1]"))
        #expect(e.line.count <= SourceExcerpt.defaultWidth + 2)
        #expect(underCaret(e).hasPrefix("1]"))
    }
}
