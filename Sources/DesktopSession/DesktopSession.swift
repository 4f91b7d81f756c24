// SPDX-License-Identifier: Apache-2.0
/// The desktop user's session, as `routingctl open` and `routingctl resolve` see it: the session and
/// system D-Bus (GeoClue2 for the current location, notifications), the URL handlers of
/// `mimeapps.list`, and the chooser shown when several routing apps can serve a link.
public enum DesktopSession {}
