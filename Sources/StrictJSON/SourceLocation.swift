/// A place in a source text: 1-based line and column, and the 0-based byte offset.
///
/// Columns count Unicode scalars from the start of the line (a tab is one column), so they match what
/// an editor shows for a UTF-8 file. Lines end at LF; a CR before LF is part of the line ending.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
