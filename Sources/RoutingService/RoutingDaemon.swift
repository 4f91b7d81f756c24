import RoutingCore
import StrictJSON
import Synchronization
import Varlink

/// The daemon's state and its varlink interfaces, without the socket.
///
/// Holds the app registry (loaded from the coverage directory at start and on ``reload()``) and the
/// current location, like the custom location of the iOS simulator. Requests read a snapshot of the
/// registry taken under the lock, so a reload is never seen half-done. No request reads a file.
public final class RoutingDaemon: Sendable {
    /// The directory the registry is loaded from.
    public let coverageDirectory: String
    /// Where request outcomes go at debug level (`--verbose`); nil for silence.
    public let log: Log?
    private let state: Mutex<State>

    private struct State {
        var registry: AppRegistry
        var currentLocation: Coordinate?
    }

    /// The texts that mean "current location" in links (`--current-location-literals FILE`, else
    /// ``CurrentLocationLiterals/default``).
    public let currentLocationLiterals: CurrentLocationLiterals

    /// Loads the coverage directory.
    /// - Throws: ``CoverageDirectory/Error`` when the directory cannot be listed. Invalid coverage
    ///   files do not throw; they are kept as invalid entries and reported.
    public init(
        coverageDirectory: String, currentLocation: Coordinate? = nil,
        currentLocationLiterals: CurrentLocationLiterals = .default, log: Log? = nil
    ) throws(CoverageDirectory.Error) {
        self.coverageDirectory = coverageDirectory
        self.log = log
        self.currentLocationLiterals = currentLocationLiterals
        let registry = try CoverageDirectory.load(coverageDirectory)
        state = Mutex(State(registry: registry, currentLocation: currentLocation))
    }

    /// Creates a daemon over an already-built registry (tests, offline use).
    public init(
        registry: AppRegistry, currentLocation: Coordinate? = nil,
        currentLocationLiterals: CurrentLocationLiterals = .default, log: Log? = nil
    ) {
        coverageDirectory = ""
        self.log = log
        self.currentLocationLiterals = currentLocationLiterals
        state = Mutex(State(registry: registry, currentLocation: currentLocation))
    }

    /// The link parser with this daemon's current-location literals.
    public func parser(strict: Bool = false) -> DirectionsURLParser {
        DirectionsURLParser(currentLocationLiterals: currentLocationLiterals, strict: strict)
    }

    /// The registry now in use.
    public var registry: AppRegistry { state.withLock { $0.registry } }

    /// The current location, in WGS84 degrees, or nil when unknown.
    public var currentLocation: Coordinate? {
        get { state.withLock { $0.currentLocation } }
        set { state.withLock { $0.currentLocation = newValue } }
    }

    /// Reloads the coverage directory and swaps the registry in one step.
    /// - Returns: the new registry.
    /// - Throws: ``CoverageDirectory/Error`` when the directory cannot be listed; the old registry stays.
    @discardableResult
    public func reload() throws(CoverageDirectory.Error) -> AppRegistry {
        let registry = try CoverageDirectory.load(coverageDirectory)
        state.withLock { $0.registry = registry }
        return registry
    }

    /// Parses `url` (lenient, or `strict`: repairs are errors) and decides every valid app's
    /// eligibility against one consistent snapshot.
    /// - Returns: the parsed link (request, format, warnings) and the verdicts.
    /// - Throws: ``DirectionsURLError`` when the link cannot be parsed.
    public func resolve(_ url: String, strict: Bool = false)
        throws(DirectionsURLError) -> (parsed: ParsedLink, verdicts: [AppVerdict])
    {
        let parsed = try parser(strict: strict).parseLink(url)
        return (parsed, decide(parsed.request))
    }

    /// Decides every valid app's eligibility for a request already parsed (a `.mkdirectionsrequest`
    /// file, a program's own request), against one consistent snapshot.
    public func decide(_ request: DirectionsRequest) -> [AppVerdict] {
        let (registry, location) = state.withLock { ($0.registry, $0.currentLocation) }
        return Eligibility.verdicts(for: request, apps: registry.apps, currentLocation: location)
    }

    /// The varlink service with `org.varlink.service`, `org.routingd.Directions` and `org.routingd.Coverage`.
    public func varlinkService(version: String = RoutingDaemon.version) -> VarlinkService {
        VarlinkService(
            vendor: "routingd", product: "routingd", version: version,
            url: "",  // no public home page yet
            interfaces: [DirectionsInterface.make(self), CoverageInterface.make(log: log)])
    }

    /// The release this build calls itself.
    public static let version = "0.1.0"
}
