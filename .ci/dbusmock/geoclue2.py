# SPDX-License-Identifier: Apache-2.0
'''GeoClue2 mock template for python-dbusmock, whose location a test can move.

Written against GeoClue2's D-Bus API (org.freedesktop.GeoClue2.Manager, .Client, .Location;
https://www.freedesktop.org/software/geoclue/docs/), because Debian 12's python3-dbusmock has no
GeoClue2 template and its geoclue-2.0 (2.6) cannot serve a fixed location offline.

Run it on a private system bus:

    DBUS_SYSTEM_BUS_ADDRESS=unix:path=/tmp/x/bus python3 -m dbusmock --system \
        --template .ci/dbusmock/geoclue2.py -p '{"latitude": 51.5074, "longitude": -0.1278}'

Parameters (all optional): latitude, longitude (degrees; London by default), accuracy (metres,
default 5000), description, and mode: "normal" (Start emits LocationUpdated), "deny" (Start fails
with org.freedesktop.DBus.Error.AccessDenied, as GeoClue does when no agent allows the app),
"silent" (Start succeeds and no location ever comes) or "hang" (Start never answers: the mock sleeps
for a minute in it, so use a bus of its own).

Control interface org.freedesktop.GeoClue2.Mock on the Manager object:
  SetLocation(d latitude, d longitude, d accuracy)  moves the location; every started client gets
                                                    LocationUpdated(old, new) with a new Location
  SetMode(s mode)                                   "normal", "deny", "silent" or "hang"
  LastClient() -> a{sv}                             the newest client's DesktopId,
                                                    RequestedAccuracyLevel, Active, Path

Unlike GeoClue, a client is not removed when its D-Bus peer disconnects, and GetClient returns a new
client on every call (GeoClue returns the same one to the same peer).
'''

import time

import dbus
from gi.repository import GLib

import dbusmock
from dbusmock import mockobject

BUS_NAME = 'org.freedesktop.GeoClue2'
MAIN_OBJ = '/org/freedesktop/GeoClue2/Manager'
MAIN_IFACE = 'org.freedesktop.GeoClue2.Manager'
SYSTEM_BUS = True

CLIENT_IFACE = 'org.freedesktop.GeoClue2.Client'
LOCATION_IFACE = 'org.freedesktop.GeoClue2.Location'
CONTROL_IFACE = 'org.freedesktop.GeoClue2.Mock'
ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied'
MODES = ('normal', 'deny', 'silent', 'hang')


def load(mock, parameters):
    mode = str(parameters.get('mode', 'normal'))
    if mode not in MODES:
        raise dbus.exceptions.DBusException(f'mode must be one of {MODES}', name='org.freedesktop.DBus.Error.InvalidArgs')
    mock.geoclue = {
        'latitude': float(parameters.get('latitude', 51.5074)),
        'longitude': float(parameters.get('longitude', -0.1278)),
        'accuracy': float(parameters.get('accuracy', 5000.0)),
        'description': str(parameters.get('description', 'dbusmock GeoClue2')),
        'mode': mode,
        'clients': [],
        'next_client': 1,
        'next_location': 1,
    }
    mock.AddProperties(MAIN_IFACE, {
        'InUse': dbus.Boolean(False),
        'AvailableAccuracyLevel': dbus.UInt32(8),
    })
    mock.AddMethods(MAIN_IFACE, [
        ('GetClient', '', 'o', _create_client),
        ('CreateClient', '', 'o', _create_client),
        ('DeleteClient', 'o', '', _delete_client),
        ('AddAgent', 's', '', ''),
    ])


def _manager():
    return mockobject.objects[MAIN_OBJ]


def _create_client(manager):
    state = manager.geoclue
    path = f'/org/freedesktop/GeoClue2/Client/{state["next_client"]}'
    state['next_client'] += 1
    manager.AddObject(path, CLIENT_IFACE, {
        'Location': dbus.ObjectPath('/'),
        'DistanceThreshold': dbus.UInt32(0),
        'TimeThreshold': dbus.UInt32(0),
        'DesktopId': dbus.String(''),
        'RequestedAccuracyLevel': dbus.UInt32(0),
        'Active': dbus.Boolean(False),
    }, [
        ('Start', '', '', _start),
        ('Stop', '', '', _stop),
    ])
    state['clients'].append(path)
    return dbus.ObjectPath(path)


def _delete_client(manager, path):
    state = manager.geoclue
    if str(path) in state['clients']:
        state['clients'].remove(str(path))
        manager.RemoveObject(path)


def _start(client):
    state = _manager().geoclue
    props = client.props[CLIENT_IFACE]
    if not props['DesktopId']:
        raise dbus.exceptions.DBusException("'DesktopId' property must be set", name=ACCESS_DENIED)
    if state['mode'] == 'deny':
        raise dbus.exceptions.DBusException(
            f"'{props['DesktopId']}' disallowed, no agent for UID 1000", name=ACCESS_DENIED)
    if state['mode'] == 'hang':
        time.sleep(60)
        return
    client.UpdateProperties(CLIENT_IFACE, {'Active': dbus.Boolean(True)})
    if state['mode'] == 'normal':
        # After the reply to Start, as GeoClue does.
        GLib.idle_add(_update, client)


def _stop(client):
    client.UpdateProperties(CLIENT_IFACE, {'Active': dbus.Boolean(False)})


def _update(client):
    '''A new Location object for the client and LocationUpdated(old, new).'''
    state = _manager().geoclue
    old = client.props[CLIENT_IFACE]['Location']
    new = f'{client.path}/Location/{state["next_location"]}'
    state['next_location'] += 1
    now = time.time()
    client.AddObject(new, LOCATION_IFACE, {
        'Latitude': dbus.Double(state['latitude']),
        'Longitude': dbus.Double(state['longitude']),
        'Accuracy': dbus.Double(state['accuracy']),
        'Altitude': dbus.Double(-1.7976931348623157e308),
        'Speed': dbus.Double(-1.0),
        'Heading': dbus.Double(-1.0),
        'Description': dbus.String(state['description']),
        'Timestamp': dbus.Struct((dbus.UInt64(int(now)), dbus.UInt64(int((now % 1) * 1_000_000))), signature='tt'),
    }, [])
    # Not UpdateProperties: dbusmock 0.28 cannot wrap an object path in a variant there.
    client.props[CLIENT_IFACE]['Location'] = dbus.ObjectPath(new)
    client.EmitSignal(dbus.PROPERTIES_IFACE, 'PropertiesChanged', 'sa{sv}as', [
        CLIENT_IFACE, dbus.Dictionary({'Location': dbus.ObjectPath(new, variant_level=1)}, signature='sv'),
        dbus.Array([], signature='s')])
    client.EmitSignal(CLIENT_IFACE, 'LocationUpdated', 'oo', [dbus.ObjectPath(old), dbus.ObjectPath(new)])
    return False  # run once from GLib.idle_add


@dbus.service.method(CONTROL_IFACE, in_signature='ddd', out_signature='')
def SetLocation(self, latitude, longitude, accuracy):
    '''Moves the location; started clients get LocationUpdated (unless the mode is "silent").'''
    state = self.geoclue
    state['latitude'], state['longitude'], state['accuracy'] = float(latitude), float(longitude), float(accuracy)
    if state['mode'] != 'normal':
        return
    for path in state['clients']:
        client = mockobject.objects[path]
        if client.props[CLIENT_IFACE]['Active']:
            _update(client)


@dbus.service.method(CONTROL_IFACE, in_signature='s', out_signature='')
def SetMode(self, mode):
    '''"normal", "deny", "silent" or "hang" for every later Start.'''
    if str(mode) not in MODES:
        raise dbus.exceptions.DBusException(f'mode must be one of {MODES}', name='org.freedesktop.DBus.Error.InvalidArgs')
    self.geoclue['mode'] = str(mode)


@dbus.service.method(CONTROL_IFACE, in_signature='', out_signature='a{sv}')
def LastClient(self):
    '''The newest client's properties (empty when there is none).'''
    clients = self.geoclue['clients']
    if not clients:
        return dbus.Dictionary({}, signature='sv')
    props = mockobject.objects[clients[-1]].props[CLIENT_IFACE]
    return dbus.Dictionary({
        'Path': dbus.ObjectPath(clients[-1]),
        'DesktopId': props['DesktopId'],
        'RequestedAccuracyLevel': props['RequestedAccuracyLevel'],
        'Active': props['Active'],
    }, signature='sv')
