// SPDX-License-Identifier: Apache-2.0
// sd-bus (libsystemd) for the desktop session: GeoClue2 and notifications. libsystemd.so.0 is loaded
// with dlopen at first use, so building needs no libsystemd-dev and a machine without it gets a clear
// "D-Bus unavailable" instead of a loader error.
//
// Only the non-variadic sd-bus primitives are declared (sd_bus_call_method, sd_bus_message_append and
// sd_bus_message_read are variadic, which Swift cannot call): a method call is built with
// csdbus_message_new_method_call + append_basic/open_container/close_container, sent with
// csdbus_call, and its reply read with peek_type/read_basic/enter_container/exit_container.
// Signatures and semantics are sd-bus's own (sd_bus_call(3), sd_bus_message_append_basic(3), ...):
// functions return a negative errno on failure; csdbus_load() must have returned 0 first, otherwise
// each returns -ENOSYS (or NULL). The function pointers are resolved once (pthread_once), so loading
// is thread-safe; a connection itself is not, and belongs to one thread at a time.
#pragma once
#include <stdint.h>

/// Opaque sd-bus objects (systemd's <systemd/sd-bus.h>).
typedef struct sd_bus sd_bus;
typedef struct sd_bus_message sd_bus_message;
typedef struct sd_bus_slot sd_bus_slot;

/// sd-bus's error, laid out as in <systemd/sd-bus.h>: a D-Bus error name and message. Start it as
/// all zeroes; free it with csdbus_error_free.
typedef struct csdbus_error {
    const char *name;
    const char *message;
    int _need_free;
} csdbus_error;

/// Loads libsystemd.so.0 and resolves every function below, once per process (thread-safe).
/// Returns 0, or -1 when the library or one of its functions is missing; csdbus_load_error() says why.
int csdbus_load(void);
/// Why csdbus_load failed (dlerror's text), or NULL when it succeeded or was not called.
const char *csdbus_load_error(void);

// Connections. open_user / open_system honour DBUS_SESSION_BUS_ADDRESS / DBUS_SYSTEM_BUS_ADDRESS.
int csdbus_open_user(sd_bus **ret);
int csdbus_open_system(sd_bus **ret);
/// A bus client connected to `address` (a D-Bus address such as "unix:path=/run/x"), started
/// synchronously: sd_bus_new + sd_bus_set_address + sd_bus_set_bus_client(1) + sd_bus_start. On
/// failure *ret is NULL.
int csdbus_open_address(const char *address, sd_bus **ret);
/// sd_bus_flush_close_unref; returns NULL.
sd_bus *csdbus_flush_close_unref(sd_bus *bus);

// Method calls.
int csdbus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination,
                                   const char *path, const char *interface, const char *member);
/// `p` points at the value; for the string types 's', 'o' and 'g' it IS the NUL-terminated string.
/// 'b' takes an int.
int csdbus_message_append_basic(sd_bus_message *m, char type, const void *p);
/// `type` is 'a', 'v', 'r' (struct) or 'e' (dict entry); `contents` the signature inside it.
int csdbus_message_open_container(sd_bus_message *m, char type, const char *contents);
int csdbus_message_close_container(sd_bus_message *m);
/// Sends `m` and waits at most `usec` microseconds (0 means sd-bus's default of 25 s) for the reply.
/// Other messages arriving meanwhile are queued for csdbus_process.
int csdbus_call(sd_bus *bus, sd_bus_message *m, uint64_t usec, csdbus_error *ret_error,
                sd_bus_message **reply);

// Reading messages.
/// 1 and the type of the next item (its contents' signature for a container), 0 at the end of the
/// current container.
int csdbus_message_peek_type(sd_bus_message *m, char *type, const char **contents);
/// `p` receives the value; for 's', 'o' and 'g' a `const char *` owned by the message; 'b' an int.
int csdbus_message_read_basic(sd_bus_message *m, char type, void *p);
int csdbus_message_enter_container(sd_bus_message *m, char type, const char *contents);
int csdbus_message_exit_container(sd_bus_message *m);
int csdbus_message_is_signal(sd_bus_message *m, const char *interface, const char *member);
const char *csdbus_message_get_path(sd_bus_message *m);
const char *csdbus_message_get_interface(sd_bus_message *m);
const char *csdbus_message_get_member(sd_bus_message *m);
const char *csdbus_message_get_signature(sd_bus_message *m, int complete);
sd_bus_message *csdbus_message_unref(sd_bus_message *m);
void csdbus_error_free(csdbus_error *e);

// Signals and the poll loop.
/// Asks the bus for messages matching `match` (a D-Bus match rule), without waiting for the bus's
/// answer (sd_bus_add_match_async: the bus handles it before any call sent after it, so a signal
/// answering a later call is not missed). The local callback handles nothing, so csdbus_process
/// hands every such message back to the caller. Free the slot with csdbus_slot_unref to remove it.
int csdbus_add_match(sd_bus *bus, sd_bus_slot **slot, const char *match);
sd_bus_slot *csdbus_slot_unref(sd_bus_slot *slot);
/// The connection's fd and the poll(2) events to wait for on it.
int csdbus_get_fd(sd_bus *bus);
int csdbus_get_events(sd_bus *bus);
/// The absolute CLOCK_MONOTONIC time (µs) by which csdbus_process must run again, or UINT64_MAX.
int csdbus_get_timeout(sd_bus *bus, uint64_t *timeout_usec);
/// Processes one pending item: > 0 when something was done (call again), 0 when idle (poll), < 0 on
/// error. A message nothing handled (a signal, say) is returned in *r (the caller unrefs it).
int csdbus_process(sd_bus *bus, sd_bus_message **r);
