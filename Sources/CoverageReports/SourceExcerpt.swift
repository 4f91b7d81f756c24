// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// The source line of a finding and a caret line pointing at its column, as compilers print them:
///
/// ```text
///     [[[0,0],[4,0],[4,4],[0,4]]]
///                         ^
/// ```
///
/// The line is taken from the file's bytes at ``StrictJSON/SourceLocation/offset`` (lines end at
/// LF; a CR before the LF is not shown). Columns are Unicode scalars, as ``SourceLocation`` counts
/// them, and the caret line copies tabs and the width of wide characters so the caret stays under
/// the column on a terminal. Bytes that are not UTF-8 and characters that would move the cursor or
/// reorder the text (control characters, bidirectional overrides) are shown as U+FFFD.
///
/// A line longer than ``defaultWidth`` columns (a minified file can be one line of megabytes) is cut
/// to a window of that many columns around the caret, with `…` on each cut side. Building an excerpt
/// reads only the bytes of that window (plus a bounded margin), never the whole line.
public struct SourceExcerpt: Hashable, Sendable {
    /// The line as shown, possibly cut, without a line ending.
    public var line: String
    /// Spaces (and tabs) up to the column, then `^`.
    public var caret: String

    /// About how many columns of a long line are shown.
    public static let defaultWidth = 100

    public init(line: String, caret: String) {
        self.line = line
        self.caret = caret
    }

    /// The excerpt of `bytes` at `location`, or nil when the location's offset lies outside the
    /// bytes or its line is empty (nothing to point at).
    ///
    /// - Parameters:
    ///   - bytes: the whole file, as validated.
    ///   - location: where the finding is; only its byte ``SourceLocation/offset`` is used, so the
    ///     caret always sits under the byte the finding names.
    ///   - width: the most columns to show of a long line (at least 10).
    public init?(of bytes: [UInt8], at location: SourceLocation, width: Int = SourceExcerpt.defaultWidth) {
        let width = max(width, 10)
        let offset = location.offset
        guard offset >= 0, offset <= bytes.count else { return nil }
        let scan = LineScan(bytes: bytes, offset: offset, limit: width + 1)
        guard !(scan.before.isEmpty && scan.after.isEmpty) else { return nil }

        // The window: all of a short line; else `width` columns, the caret in the middle unless it
        // is near an end of the line.
        var left = scan.before.count
        var right = scan.after.count
        if !(scan.reachedStart && scan.reachedEnd && left + right <= width) {
            left = min(scan.before.count, max(width / 2, width - scan.after.count))
            right = min(scan.after.count, width - left)
        }
        let cutLeft = left < scan.before.count || !scan.reachedStart
        let cutRight = right < scan.after.count || !scan.reachedEnd

        var line = cutLeft ? "…" : ""
        var caret = cutLeft ? " " : ""
        // `before` runs from the caret leftwards.
        for range in scan.before[..<left].reversed() {
            let cell = DisplayCell(bytes: bytes[range])
            line += cell.text
            caret += cell.padding
        }
        for range in scan.after[..<right] {
            line += DisplayCell(bytes: bytes[range]).text
        }
        if cutRight { line += "…" }
        caret += "^"
        self.init(line: line, caret: caret)
    }
}

/// The columns (byte ranges of one scalar each) of the line around an offset, found by scanning
/// outwards at most `limit` columns each way.
private struct LineScan {
    /// Columns before the caret's column, nearest first.
    var before: [Range<Int>] = []
    /// The caret's column and those after it, up to the end of the line.
    var after: [Range<Int>] = []
    /// Whether `before` reaches the start of the line.
    var reachedStart = false
    /// Whether `after` reaches the end of the line.
    var reachedEnd = false

    /// Bytes scanned per column at most, beyond which a run of continuation bytes (not UTF-8 in any
    /// case) is cut: this keeps the scan bounded on any input.
    static let maximumColumnBytes = 16

    init(bytes: [UInt8], offset: Int, limit: Int) {
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let count = bytes.count
        // The line ends at LF; a CR just before it belongs to the line ending.
        func isLineEnd(_ i: Int) -> Bool {
            i >= count || bytes[i] == 0x0A || (bytes[i] == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A)
        }

        // The caret's column starts at the nearest lead byte at or before the offset.
        var start = offset
        if !isLineEnd(offset) {
            var steps = 0
            while start > 0, isContinuation(bytes[start]), bytes[start - 1] != 0x0A, steps < Self.maximumColumnBytes {
                start -= 1
                steps += 1
            }
        } else if offset < count, bytes[offset] == 0x0A, offset > 0, bytes[offset - 1] == 0x0D {
            // Pointing at the LF of a CRLF: the caret goes after the line's text, before the CR.
            start = offset - 1
        }

        // Leftwards: each column begins at a lead byte; stop at the previous LF.
        var end = start
        var i = start - 1
        while before.count < limit {
            if i < 0 || bytes[i] == 0x0A {
                if i + 1 < end { before.append((i + 1)..<end) }
                reachedStart = true
                break
            }
            if !isContinuation(bytes[i]) || end - i >= Self.maximumColumnBytes {
                before.append(i..<end)
                end = i
            }
            i -= 1
        }

        // Rightwards from the caret's column to the line end.
        var column = start
        while after.count < limit {
            if isLineEnd(column) {
                reachedEnd = true
                break
            }
            var next = column + 1
            while next < count, isContinuation(bytes[next]), next - column < Self.maximumColumnBytes { next += 1 }
            after.append(column..<next)
            column = next
        }
        if !reachedEnd, isLineEnd(column) { reachedEnd = true }
    }
}
