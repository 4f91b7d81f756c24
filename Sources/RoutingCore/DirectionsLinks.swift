// SPDX-License-Identifier: Apache-2.0
// The request model and the directions links (parsing and writing) live in their own module,
// DirectionsLinks; RoutingCore re-exports it, so `import RoutingCore` still sees DirectionsRequest,
// DirectionsURLParser, DirectionsLinkBuilder and their errors.
@_exported import DirectionsLinks
