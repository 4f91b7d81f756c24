// SPDX-License-Identifier: Apache-2.0
/// A place in a source text: 1-based line and column, and the 0-based byte offset.
///
/// Columns count Unicode scalars from the start of the line (a tab is one column), so they match what
/// an editor shows for a UTF-8 file. Lines end at LF; a CR before LF is part of the line ending.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    // Stored in 32 bits: a parse tree holds one location per value, and a million-position file
    // has several million values. Values beyond 4 GiB (far above any input the project reads: coverage
    // files are capped at 64 MiB, varlink messages at 8 MiB) saturate at UInt32.max.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    /// 1-based line.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// 1-based column, counted in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }
    /// 0-based byte offset from the start of the input.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedOffset = UInt32(clamping: offset)
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
