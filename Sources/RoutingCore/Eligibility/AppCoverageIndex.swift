// SPDX-License-Identifier: Apache-2.0
/// The routing apps with an R-tree over every coverage polygon's bounding box: finds the apps whose
/// coverage contains a point without visiting every app.
///
/// A value: build it when the apps are loaded (``init(apps:)``, which also builds each coverage's
/// edge indexes, ``Coverage/indexed()``) and replace it as a whole on reload. Answers are exact and
/// the same as asking each app's ``Coverage/contains(_:)``; ``Eligibility`` gives the same verdicts
/// and reasons with it as with the apps alone.
public struct AppCoverageIndex: Sendable {
    /// The apps, in the order given, with indexed coverages. Positions in this array are the app
    /// numbers the index answers with.
    public let apps: [RoutingApp]
    /// One entry per polygon of every app.
    private let tree: PackedBoxTree
    /// The app each tree entry belongs to.
    private let owner: [Int32]

    /// Indexes `apps`. Coverages already indexed are kept as they are. Cost: linear in the number
    /// of positions, plus n log n in the number of polygons.
    public init(apps: [RoutingApp]) {
        var apps = apps
        var boxes: [BoundingBox] = []
        var owner: [Int32] = []
        for i in apps.indices {
            if !apps[i].coverage.isIndexed { apps[i] = apps[i].withIndexedCoverage() }
            for polygon in apps[i].coverage.polygons {
                boxes.append(polygon.boundingBox)
                owner.append(Int32(truncatingIfNeeded: i))
            }
        }
        self.apps = apps
        self.tree = PackedBoxTree(boxes: boxes)
        self.owner = owner
    }

    /// The numbers (positions in ``apps``) of the apps whose coverage contains `point`, boundary
    /// included, in increasing order: exactly the apps for which `coverage.contains(point)` is true.
    /// Longitude −180 and +180 are one meridian, as in ``Coverage/contains(_:)``.
    public func apps(covering point: Coordinate) -> [Int] {
        var found = candidates(point)
        let apps = self.apps  // captured alone: a closure capturing self copies the whole index
        found.removeAll { !apps[$0].coverage.contains(point) }
        return found
    }

    /// The apps with some polygon box containing `point` (or its copy on the other side of ±180),
    /// in increasing order: a superset of ``apps(covering:)``.
    func candidates(_ point: Coordinate) -> [Int] {
        var found: [Int] = []
        // The closures capture the owner table alone: capturing self copied the whole index (a
        // retain and release of each of its arrays) at every node visited, most of a look-up.
        let owner = self.owner
        tree.forEach(containing: point) { found.append(Int(owner[$0])) }
        if point.longitude == 180 || point.longitude == -180 {
            let other = Coordinate(latitude: point.latitude, longitude: -point.longitude)
            tree.forEach(containing: other) { found.append(Int(owner[$0])) }
        }
        // Sorted and without repeats (an app with several polygons boxing the point), in place.
        found.sort()
        var kept = 0
        for app in found where kept == 0 || found[kept - 1] != app {
            found[kept] = app
            kept += 1
        }
        found.removeLast(found.count - kept)
        return found
    }
}

extension Eligibility {
    /// ``verdicts(for:apps:location:)`` for the index's apps: the same verdicts, reasons and order,
    /// with the coverage tests answered through the index (each point is tested only against the
    /// apps whose polygon boxes hold it). Messages are still written for every app.
    public static func verdicts(
        for request: DirectionsRequest, index: AppCoverageIndex, location currentLocation: CurrentLocation?
    ) -> [AppVerdict] {
        let endpoints = request.endpoints
        let table = CoveringTable(endpoints: endpoints, index: index, location: currentLocation, withSwapped: true)
        return ranked(index.apps.indices.map { i in
            let app = index.apps[i]
            return (i, verdict(for: request, endpoints: endpoints, app: app, location: currentLocation) { table.covers($0, app: i, app) })
        }, of: index.apps)
    }

    /// The verdicts that do not rule the app out (eligible or undetermined), in the order of
    /// ``verdicts(for:index:location:)``, and how many apps are ruled out. Only the apps whose
    /// coverage holds every point of the request (coordinate endpoints, and the current location when
    /// an endpoint uses it) are visited, so the cost follows the answer, not the number of apps.
    /// `listed` equals that method's answer without its `eligible == false` verdicts.
    public static func possibleVerdicts(
        for request: DirectionsRequest, index: AppCoverageIndex, location currentLocation: CurrentLocation?
    ) -> (listed: [AppVerdict], ruledOut: Int) {
        let endpoints = request.endpoints
        let table = CoveringTable(endpoints: endpoints, index: index, location: currentLocation, withSwapped: false)
        // An app missing from one required point's covering set is ruled out (outside-coverage).
        var candidates: [Int]? = nil
        for point in table.required {
            let covering = table.covering(point) ?? index.apps(covering: point)
            candidates = candidates.map { current in current.filter { sortedContains(covering, $0) } } ?? covering
        }
        var kept: [(app: Int, verdict: AppVerdict)] = []
        kept.reserveCapacity(candidates?.count ?? index.apps.count)
        func decide(_ i: Int) {
            let app = index.apps[i]
            let v = verdict(for: request, endpoints: endpoints, app: app, location: currentLocation) {
                table.covers($0, app: i, app)
            }
            if v.eligible != false { kept.append((i, v)) }
        }
        if let candidates {
            for i in candidates { decide(i) }
        } else {
            for i in index.apps.indices { decide(i) }
        }
        return (ranked(kept, of: index.apps), index.apps.count - kept.count)
    }

    private static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// For each point a verdict can ask about, the apps whose coverage contains it, found once
    /// through the index.
    private struct CoveringTable {
        /// The points every app must cover to be eligible: coordinate endpoints and the known
        /// current location when an endpoint is the current location.
        var required: [Coordinate] = []
        private var points: [(point: Coordinate, apps: [Int])] = []

        init(
            endpoints: [(role: EndpointRole, endpoint: Endpoint)], index: AppCoverageIndex, location: CurrentLocation?,
            withSwapped: Bool
        ) {
            var asked: [Coordinate] = []
            for (_, endpoint) in endpoints {
                switch endpoint {
                case .coordinate(let coordinate, _, _, _): required.append(coordinate)
                case .currentLocation: if let location { required.append(location.coordinate) }
                case .address: break
                }
            }
            for point in required {
                asked.append(point)
                if withSwapped, let swapped = Eligibility.swappedPoint(point) { asked.append(swapped) }
            }
            for point in asked where !points.contains(where: { $0.point == point }) {
                points.append((point, index.apps(covering: point)))
            }
        }

        func covering(_ point: Coordinate) -> [Int]? {
            points.first { $0.point == point }?.apps
        }

        /// Whether app number `number` covers `point`; asks the coverage for a point not in the table.
        func covers(_ point: Coordinate, app number: Int, _ app: RoutingApp) -> Bool {
            guard let apps = covering(point) else { return app.coverage.contains(point) }
            return Eligibility.sortedContains(apps, number)
        }
    }
}
