// SPDX-License-Identifier: Apache-2.0
/// The dialect a directions link was written in, or a link routingd can build
/// (``DirectionsLinkBuilder/formats``). Raw values are the stable names used on the wire (`format`
/// in `Resolve` replies) and by `routingctl link --format`.
public enum LinkFormat: String, CaseIterable, Hashable, Sendable {
    /// Apple Map Links, `https://maps.apple.com/?saddr=&daddr=&dirflg=`, also `maps:?…`, `maps://?…` (Apple, "Map Links").
    case appleMaps = "apple-legacy"
    /// Apple unified Maps URLs, `https://maps.apple.com/directions?source=&destination=&waypoint=&mode=` (iOS 18.4 and later).
    case appleUnified = "apple"
    /// Google Maps URLs, `https://www.google.com/maps/dir/?api=1&origin=&destination=&travelmode=`.
    case google = "google"
    /// Google's legacy `maps.google.com/maps?saddr=&daddr=&dirflg=` with `+to:` stops.
    case googleLegacy = "google-legacy"
    /// Google's path form `/maps/dir/A/B/@viewport/data=…`.
    case googlePath = "google-path"
    /// Google place and query links: `/maps/place/…/@…/data=…!3d<lat>!4d<lon>`, `?q=loc:lat,lon`, `?q=`.
    case googlePlace = "google-place"
    /// Google Maps for iOS, `comgooglemaps://?saddr=&daddr=&directionsmode=`.
    case comGoogleMaps = "comgooglemaps"
    /// Google Maps for Android, `google.navigation:q=…&mode=`.
    case googleNavigation = "google-navigation"
    /// RFC 5870 `geo:` URIs with Android's `q=` and `z=`.
    case geo = "geo"
    /// openstreetmap.org directions, `/directions?engine=&route=lat,lon;lat,lon` or `from=&to=`.
    case openStreetMap = "osm"
    /// OsmAnd web links, `https://osmand.net/map/navigate?start=&end=&profile=`.
    case osmAnd = "osmand"
    /// OsmAnd's Android API, `osmand.api://navigate?start_lat=&…&dest_lat=&dest_lon=&profile=`.
    case osmAndAPI = "osmand-api"
    /// Organic Maps and MAPS.ME routes, `om://route?sll=&saddr=&dll=&daddr=&type=`, `https://omaps.app/route?…`, `mapswithme:`.
    case organicMaps = "organic-maps"
    /// Organic Maps / MAPS.ME short links with base64-encoded coordinates: `ge0://…`, `https://omaps.app/…`.
    case ge0 = "ge0"
    /// Waze, `https://waze.com/ul?ll=lat,lon&navigate=yes` and `waze://?…`.
    case waze = "waze"
    /// Citymapper, `https://citymapper.com/directions?startcoord=&endcoord=&endname=…`.
    case citymapper = "citymapper"
    /// Bing Maps / Windows Maps, `bingmaps:?rtp=pos.lat_lon_title~adr.address&mode=`.
    case bing = "bing"
    /// HERE WeGo, `https://share.here.com/r/lat,lon,title/lat,lon?m=` and `here-route://`.
    case here = "here"
    /// Yandex Maps, `https://yandex.ru/maps/?rtext=lat,lon~lat,lon&rtt=`.
    case yandex = "yandex"
    /// 2GIS route links.
    case twoGIS = "2gis"
    /// Moovit, `moovit://directions?dest_lat=&dest_lon=&orig_lat=&orig_lon=`.
    case moovit = "moovit"
    /// Apple's `.mkdirectionsrequest` file: a binary property list of two map items (MapKit).
    case mkDirectionsRequest = "mkdirectionsrequest"
    /// Magic Earth, `magicearth://?get_directions&lat=&lon=`, `?show_on_map&lat=&lon=&name=`, also on `magicearth.com`.
    case magicEarth = "magic-earth"
    /// Mapy.com / Mapy.cz, `https://mapy.com/fnc/v1/route?start=lon,lat&end=lon,lat&routeType=`, pins and map views.
    case mapy = "mapy"
}

/// One word of a format's `modeVocabulary` (used by its parser, its builder and the docs): one of Apple's
/// directions modes, or only a transport type when the format is coarser (Google `transit`).
public struct ModeWord: Hashable, Sendable {
    /// The parameter that carries the word: `dirflg`, `travelmode`, `mode`, `engine`, …
    public var parameter: String
    /// The word as the format writes it (matched ignoring ASCII case).
    public var value: String
    /// The directions mode, or nil when the word names only a transport type.
    public var mode: DirectionsMode?
    /// The transport type; nil only for modes outside the four (Plane, RideShare, Taxi, Other).
    public var transportType: TransportType?
    /// Whether the builder writes this word for its mode or transport type (one word per meaning).
    public var preferred: Bool

    public init(_ parameter: String, _ value: String, mode: DirectionsMode?, transportType: TransportType? = nil, preferred: Bool = true) {
        self.parameter = parameter
        self.value = value
        self.mode = mode
        self.transportType = transportType ?? mode?.transportType
        self.preferred = preferred
    }
}
