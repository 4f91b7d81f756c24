// SPDX-License-Identifier: Apache-2.0
/// The mixed set of realistic links the benchmark parses: every format, the shapes people send
/// (written for this benchmark after the vendors' documented forms; none is copied from a corpus).
/// Weighted roughly as links arrive on a desktop: Google and Apple first, then geo:, then the rest.
enum BenchmarkLinks {
    static let all: [String] = [
        // Google (Maps URLs, legacy, path, place, iOS, Android)
        "https://www.google.com/maps/dir/?api=1&origin=41.8902,12.4922&destination=48.8584,2.2945&waypoints=45.4642,9.19%7C46.2044,6.1432&travelmode=driving&dir_action=navigate",
        "https://www.google.com/maps/dir/?api=1&destination=40.7580%2C-73.9855&travelmode=transit",
        "https://www.google.com/maps/dir/?api=1&origin=Space+Needle+Seattle+WA&destination=Pike+Place+Market+Seattle+WA&travelmode=bicycling",
        "https://maps.google.com/?saddr=Current+Location&daddr=Space+Needle%2C+Seattle&dirflg=w",
        "https://maps.google.com/maps?saddr=47.6205,-122.3493&daddr=Manchester+to:Birmingham+to:London",
        "https://www.google.com/maps/dir/48.8584,2.2945/48.8606,2.3376/@48.8595,2.3161,15z/data=!4m2!4m1!3e0",
        "https://www.google.com/maps/dir//52.5163,13.3777/@52.517,13.377,16z",
        "https://www.google.com/maps/dir/Brandenburg+Gate/Reichstag/@52.517,13.377,16z/data=!4m10!4m9!1m3!2m2!1d13.3777!2d52.5163!1m3!2m2!1d13.3762!2d52.5186",
        "https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2922926,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813",
        "https://maps.google.com/maps?q=loc:48.8584,2.2945",
        "comgooglemaps://?saddr=&daddr=40.6413,-73.7781&directionsmode=driving",
        "google.navigation:q=Taronga+Zoo,+Sydney+Australia&mode=b&avoid=tf",
        // Apple (Map Links, maps:, unified)
        "http://maps.apple.com/?daddr=51.500652,-0.124833&dirflg=w",
        "https://maps.apple.com/?saddr=Current%20Location&daddr=48.8584,2.2945",
        "maps://https://maps.apple.com/maps?saddr=37.8199,-122.4783&daddr=37.8024,-122.4058&daddr=37.7955,-122.3937",
        "maps:?saddr=Space+Needle&daddr=Pike+Place+Market&dirflg=w",
        "https://maps.apple.com/directions?source=The+Metropolitan+Museum+of+Art&source-place-id=I521E602783BA9605&destination=American+Museum+of+Natural+History&destination-place-id=IF149E70A3B3C4CB2&mode=walking",
        "https://maps.apple.com/directions?destination=37.7793%2C-122.4193&waypoint=37.8024%2C-122.4058&mode=driving&avoid=tolls,highways",
        // geo:
        "geo:51.500652,-0.124833",
        "geo:37.8199,-122.4783?q=37.8199,-122.4783(Golden%20Gate%20Bridge)&z=19",
        "geo:0,0?q=1600+Amphitheatre+Parkway%2C+Mountain+View%2C+CA",
        "geo:48.198634,16.371648;crs=wgs84;u=40",
        // OpenStreetMap, OsmAnd, Organic Maps
        "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.8584%2C2.2945%3B48.8606%2C2.3376#map=14/48.8595/2.3161",
        "https://www.openstreetmap.org/directions?from=&to=-33.8568%2C151.2153",
        "https://osmand.net/map/navigate?start=51.5007%2C-0.1246&end=51.5081%2C-0.0759&profile=car#15/51.505/-0.1",
        "osmand.api://navigate?start_lat=51.5007&start_lon=-0.1246&dest_lat=51.5081&dest_lon=-0.0759&dest_name=Tower%20of%20London&profile=pedestrian",
        "om://route?v=1&sll=48.8584,2.2945&saddr=Eiffel%20Tower&dll=48.8606,2.3376&daddr=Louvre&type=pedestrian",
        "ge0://w4CNuoeWlv/Eiffel_Tower",
        // The rest
        "https://waze.com/ul?ll=48.8584%2C2.2945&navigate=yes&zoom=17",
        "https://citymapper.com/directions?endcoord=51.5081%2C-0.0759&endname=Tower%20of%20London&arrival_time=2030-08-06T21%3A00%2B01%3A00",
        "bingmaps:?rtp=pos.48.8584_2.2945_Eiffel%255FTower~adr.Louvre%20Museum,%20Paris&mode=w",
        "https://share.here.com/r/52.5163,13.3777,Brandenburg%20Gate/52.5186,13.3762?m=w",
        "https://yandex.ru/maps/?ll=37.6208%2C55.7539&z=16&rtext=~55.7539%2C37.6208&rtt=pd",
        "https://2gis.ru/moscow/directions/points/37.6208%2C55.7539%7C37.6176%2C55.7558",
        "moovit://directions?dest_lat=40.758&dest_lon=-73.9855&dest_name=Times%20Square&orig_lat=40.7484&orig_lon=-73.9857",
    ]
}
