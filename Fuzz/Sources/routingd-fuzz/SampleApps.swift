// SPDX-License-Identifier: Apache-2.0
/// The sample apps of Coverage/ (manifest and coverage file), copied here so that the varlink
/// target builds its registry without reading files. Keep in step with Coverage/.
enum SampleApps {
    struct App { var id: String; var manifest: String; var coverage: String }

    static let all: [App] = [
        App(id: "BayArea", manifest: #"""
# A sample manifest for BayArea.geojson (docs/routing-apps.md): an argv template with the source,
# destination and mode as `--option=value` arguments, each dropped whole when its value is unknown.
[Routing App]
Name=Bay Area (sample)
Modes=Car;Pedestrian;Bus;Train;Subway;StreetCar;Ferry;Bike;Plane;RideShare;Taxi;Other;
Coverage=BayArea.geojson
Exec=bayarea-router --from=%s --to=%d --mode=%m
"""#, coverage: #"""
{
  "type": "MultiPolygon",
  "coordinates": [
    [
      [
        [-122.53, 37.70],
        [-122.35, 37.70],
        [-122.35, 37.84],
        [-122.53, 37.84],
        [-122.53, 37.70]
      ]
    ],
    [
      [
        [-122.33, 37.74],
        [-122.14, 37.74],
        [-122.14, 37.91],
        [-122.33, 37.91],
        [-122.33, 37.74]
      ]
    ]
  ]
}
"""#),
        App(id: "London", manifest: #"""
# A sample manifest for London.geojson (docs/routing-apps.md). It keeps the bare file's id and all
# twelve modes, so the daemon answers as it does without it, and adds a name and a launch command:
# the request written as a Google Maps link, opened with xdg-open.
[Routing App]
Name=London (sample)
Modes=Car;Pedestrian;Bus;Train;Subway;StreetCar;Ferry;Bike;Plane;RideShare;Taxi;Other;
Coverage=London.geojson
LinkFormat=google
"""#, coverage: #"""
{
  "type": "MultiPolygon",
  "coordinates": [
    [
      [
        [-0.989542, 52.257770],
        [-0.943830, 51.001232],
        [0.303471, 51.050521],
        [0.362244, 51.848169],
        [-0.989542, 52.257770]
      ]
    ]
  ]
}
"""#),
        App(id: "Paris", manifest: #"""
# A sample manifest for Paris.geojson (docs/routing-apps.md): the request written as an Organic Maps
# route link, handed to the organicmaps program as one argument (no shell).
[Routing App]
Name=Paris (sample)
Modes=Car;Pedestrian;Bus;Train;Subway;StreetCar;Ferry;Bike;Plane;RideShare;Taxi;Other;
Coverage=Paris.geojson
LinkFormat=organic-maps
Exec=organicmaps %u
"""#, coverage: #"""
{
  "type": "MultiPolygon",
  "coordinates": [
    [
      [
        [2.05, 48.65],
        [2.65, 48.65],
        [2.65, 49.05],
        [2.05, 49.05],
        [2.05, 48.65]
      ]
    ]
  ]
}
"""#),
    ]
}
