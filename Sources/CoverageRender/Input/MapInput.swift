// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// One coverage file to draw: its name for the legend (a path or an app id) and its bytes.
public struct CoverageSource: Sendable {
    /// Shown in the legend and the drawing's title; any text (escaped when written).
    public var name: String
    /// The file's bytes, exactly as read (valid or not: the findings are what the map is for).
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// How to draw.
public struct RenderOptions: Sendable {
    /// Width of the map area in pixels (the legend adds ``legendWidth``); 400...4000.
    public var width: Int
    /// The rules the files are validated under (as `routingctl validate --profile`).
    public var profile: ValidationProfile
    /// At most this many vertices of coverage outlines are drawn in all: beyond it outlines are
    /// thinned on a coarser pixel grid (for drawing only; findings come from the full file).
    public var maximumDrawnVertices: Int

    public init(width: Int = 960, profile: ValidationProfile = .apple, maximumDrawnVertices: Int = 100_000) {
        self.width = min(max(width, 400), 4000)
        self.profile = profile
        self.maximumDrawnVertices = max(1000, maximumDrawnVertices)
    }

    /// Width of the legend panel right of the map, in pixels.
    public static let legendWidth = 320
}

/// The drawing and what a person should be told about it.
public struct RenderedMap: Sendable {
    /// The SVG 1.1 document, UTF-8.
    public var svg: [UInt8]
    /// One line each: a file that could not be drawn, an endpoint without a coordinate. No
    /// trailing period, outside text escaped with ``OneLine``.
    public var notes: [String]
    /// Sources of which nothing could be drawn (not JSON, or no polygon with a placeable position).
    public var undrawable: [String]
    /// Vertices of coverage outlines written (after thinning), and positions the files hold.
    public var drawnVertices: Int
    public var filePositions: Int
    /// True when outlines were thinned beyond half a pixel to stay within
    /// ``RenderOptions/maximumDrawnVertices``.
    public var thinnedForSize: Bool
}
