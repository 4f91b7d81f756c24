// SPDX-License-Identifier: Apache-2.0
import Glibc
import RoutingCore
import StrictJSON

/// The daemon's own current location (`SetCurrentLocation`, `routingctl location set`): the
/// fallback for kiosks, tests and clients without a session, with when it was set and by what.
///
/// Kept in the state directory as `current-location.json` (``fileName``), so that it survives the
/// idle exit and a restart:
/// `{"latitude":…,"longitude":…,"accuracy"?:…,"source"?:…,"setAt":"2026-12-04T18:47:51Z"}`
/// (WGS84 degrees, metres, ISO 8601 UTC). Written atomically (``AtomicFile``, mode 0600: a person's
/// location), removed when the location is cleared.
public struct DaemonLocation: Hashable, Sendable {
    /// The point, its accuracy and source; its origin is ``CurrentLocation/Origin/daemon``.
    public var location: CurrentLocation
    /// When it was set.
    public var setAt: UTCTimestamp

    public init(location: CurrentLocation, setAt: UTCTimestamp) {
        self.location = location
        self.location.origin = .daemon
        self.setAt = setAt
    }

    /// The file in the state directory.
    public static let fileName = "current-location.json"

    /// The `Location` of the varlink IDL: `{"latitude","longitude","accuracy"?,"source"?,"origin":"daemon","setAt"}`.
    public var json: JSON {
        var object = WireFormat.encode(location).objectValue ?? [:]
        object["setAt"] = .string(setAt.description)
        return .object(object)
    }

    /// The file's contents: the ``json`` without `origin`, one line.
    public var fileBytes: [UInt8] {
        var object = json.objectValue ?? [:]
        object["origin"] = nil
        return Array((JSON.object(object).serialized() + "\n").utf8)
    }

    /// Why a stored location was not read.
    public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads ``fileBytes`` back, strictly: the members above and no others, the ranges of
    /// ``CurrentLocation/validated(latitude:longitude:accuracy:source:origin:)``.
    /// - Throws: ``FileError`` saying what is wrong (`line:column` for a JSON syntax error).
    public static func decode(_ bytes: [UInt8]) throws(FileError) -> DaemonLocation {
        let root: JSON
        do throws(JSONSyntaxError) {
            root = try JSONParser().parse(bytes).root.json
        } catch {
            throw FileError(description: "\(error)")
        }
        guard let object = root.objectValue else { throw FileError(description: "not a JSON object") }
        for name in object.names where !["latitude", "longitude", "accuracy", "source", "setAt"].contains(name) {
            throw FileError(description: "unknown member \"\(OneLine.escaped(name))\"")
        }
        guard let latitude = object["latitude"]?.doubleValue else { throw FileError(description: "latitude is missing or not a number") }
        guard let longitude = object["longitude"]?.doubleValue else { throw FileError(description: "longitude is missing or not a number") }
        var accuracy: Double? = nil
        if let value = object["accuracy"], !value.isNull {
            guard let number = value.doubleValue else { throw FileError(description: "accuracy is not a number") }
            accuracy = number
        }
        var source: String? = nil
        if let value = object["source"], !value.isNull {
            guard let text = value.stringValue else { throw FileError(description: "source is not a string") }
            source = text
        }
        guard let text = object["setAt"]?.stringValue, let setAt = UTCTimestamp(text) else {
            throw FileError(description: "setAt is missing or not an ISO 8601 UTC time such as 2026-12-04T18:47:51Z")
        }
        do throws(CurrentLocation.Problem) {
            let location = try CurrentLocation.validated(
                latitude: latitude, longitude: longitude, accuracy: accuracy, source: source, origin: .daemon)
            return DaemonLocation(location: location, setAt: setAt)
        } catch {
            throw FileError(description: error.description)
        }
    }

    /// Reads the stored location from `directory`: nil when there is none, or when the file cannot
    /// be read or is corrupt, which is logged as a warning (never fatal: the daemon starts without it).
    public static func load(from directory: String, log: Log?) -> DaemonLocation? {
        let path = directory + "/" + fileName
        for leftover in AtomicFile.removeLeftovers(of: path, writer: writer) where leftover.error != nil {
            log?.warning("cannot remove a leftover temporary file of \(path): \(leftover.error!)")
        }
        if access(path, F_OK) != 0 && errno == ENOENT { return nil }
        switch CoverageDirectory.readFile(path) {
        case .failure(let error):
            log?.warning("ignoring the stored current location: cannot read \(path): \(error.message)")
            return nil
        case .success(let bytes):
            do throws(FileError) {
                return try decode(bytes)
            } catch {
                log?.warning("ignoring the stored current location: \(path) is corrupt: \(error); it is replaced when the location is next set")
                return nil
            }
        }
    }

    /// Stores `location` in `directory` (created with mode 0700 when missing, parents too), or
    /// removes the file when nil.
    /// - Throws: a message naming the path and the failing step.
    public static func store(_ location: DaemonLocation?, in directory: String) throws(FileError) {
        let path = directory + "/" + fileName
        guard let location else {
            if unlink(path) != 0 && errno != ENOENT {
                throw FileError(description: SystemError.current("remove", path: path).description)
            }
            return
        }
        try makeDirectories(directory)
        // A new file is created 0600 first: AtomicFile keeps the mode of the file it replaces.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        do throws(AtomicFile.Error) {
            try AtomicFile.replace(path, with: location.fileBytes, writer: writer)
        } catch {
            throw FileError(description: error.description)
        }
    }

    static let writer = "routingd-location"

    /// `mkdir -p` with mode 0700 for the directories it creates.
    static func makeDirectories(_ directory: String) throws(FileError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileError(description: SystemError.current("create directory", path: prefix).description)
            }
        }
    }
}

extension WireFormat {
    /// `{"latitude","longitude","accuracy"?,"source"?,"origin"}`: a current location and whose it is.
    public static func encode(_ location: CurrentLocation) -> JSON {
        var object: JSONObject = [
            "latitude": .number(location.coordinate.latitude), "longitude": .number(location.coordinate.longitude),
        ]
        if let accuracy = location.accuracy { object["accuracy"] = .number(accuracy) }
        if let source = location.source { object["source"] = .string(source) }
        object["origin"] = .string(location.origin.rawValue)
        return .object(object)
    }

    /// ``encode(_:)`` written straight as bytes, the same text: `Resolve` echoes the request's own
    /// location at every call.
    public static func write(_ location: CurrentLocation, to out: inout JSONByteWriter) {
        out.beginObject()
        out.member("latitude")
        out.number(location.coordinate.latitude)
        out.member("longitude")
        out.number(location.coordinate.longitude)
        if let accuracy = location.accuracy {
            out.member("accuracy")
            out.number(accuracy)
        }
        if let source = location.source {
            out.member("source")
            out.string(source)
        }
        out.member("origin")
        out.string(location.origin.rawValue)
        out.endObject()
    }
}
