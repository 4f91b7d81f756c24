// SPDX-License-Identifier: Apache-2.0
#include "CSDBus.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef int (*handler_t)(sd_bus_message *, void *, csdbus_error *);

// One pointer per sd-bus function, resolved by load_once.
static struct {
    int (*bus_new)(sd_bus **);
    int (*set_address)(sd_bus *, const char *);
    int (*set_bus_client)(sd_bus *, int);
    int (*start)(sd_bus *);
    int (*open_user)(sd_bus **);
    int (*open_system)(sd_bus **);
    sd_bus *(*flush_close_unref)(sd_bus *);
    int (*new_method_call)(sd_bus *, sd_bus_message **, const char *, const char *, const char *, const char *);
    int (*append_basic)(sd_bus_message *, char, const void *);
    int (*open_container)(sd_bus_message *, char, const char *);
    int (*close_container)(sd_bus_message *);
    int (*call)(sd_bus *, sd_bus_message *, uint64_t, csdbus_error *, sd_bus_message **);
    int (*peek_type)(sd_bus_message *, char *, const char **);
    int (*read_basic)(sd_bus_message *, char, void *);
    int (*enter_container)(sd_bus_message *, char, const char *);
    int (*exit_container)(sd_bus_message *);
    int (*is_signal)(sd_bus_message *, const char *, const char *);
    const char *(*get_path)(sd_bus_message *);
    const char *(*get_interface)(sd_bus_message *);
    const char *(*get_member)(sd_bus_message *);
    const char *(*get_signature)(sd_bus_message *, int);
    sd_bus_message *(*message_unref)(sd_bus_message *);
    void (*error_free)(csdbus_error *);
    int (*add_match_async)(sd_bus *, sd_bus_slot **, const char *, handler_t, handler_t, void *);
    sd_bus_slot *(*slot_unref)(sd_bus_slot *);
    int (*get_fd)(sd_bus *);
    int (*get_events)(sd_bus *);
    int (*get_timeout)(sd_bus *, uint64_t *);
    int (*process)(sd_bus *, sd_bus_message **);
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[512];

#define RESOLVE(field, name)                                                                     \
    do {                                                                                         \
        *(void **)(&fn.field) = dlsym(handle, name);                                             \
        if (fn.field == NULL) {                                                                  \
            snprintf(load_error, sizeof load_error, "libsystemd.so.0 has no %s", name);          \
            memset(&fn, 0, sizeof fn);                                                           \
            return;                                                                              \
        }                                                                                        \
    } while (0)

static void load_once(void) {
    // Kept open for the life of the process: sd-bus objects may outlive any one caller.
    void *handle = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : "cannot load libsystemd.so.0");
        return;
    }
    RESOLVE(bus_new, "sd_bus_new");
    RESOLVE(set_address, "sd_bus_set_address");
    RESOLVE(set_bus_client, "sd_bus_set_bus_client");
    RESOLVE(start, "sd_bus_start");
    RESOLVE(open_user, "sd_bus_open_user");
    RESOLVE(open_system, "sd_bus_open_system");
    RESOLVE(flush_close_unref, "sd_bus_flush_close_unref");
    RESOLVE(new_method_call, "sd_bus_message_new_method_call");
    RESOLVE(append_basic, "sd_bus_message_append_basic");
    RESOLVE(open_container, "sd_bus_message_open_container");
    RESOLVE(close_container, "sd_bus_message_close_container");
    RESOLVE(call, "sd_bus_call");
    RESOLVE(peek_type, "sd_bus_message_peek_type");
    RESOLVE(read_basic, "sd_bus_message_read_basic");
    RESOLVE(enter_container, "sd_bus_message_enter_container");
    RESOLVE(exit_container, "sd_bus_message_exit_container");
    RESOLVE(is_signal, "sd_bus_message_is_signal");
    RESOLVE(get_path, "sd_bus_message_get_path");
    RESOLVE(get_interface, "sd_bus_message_get_interface");
    RESOLVE(get_member, "sd_bus_message_get_member");
    RESOLVE(get_signature, "sd_bus_message_get_signature");
    RESOLVE(message_unref, "sd_bus_message_unref");
    RESOLVE(error_free, "sd_bus_error_free");
    RESOLVE(add_match_async, "sd_bus_add_match_async");
    RESOLVE(slot_unref, "sd_bus_slot_unref");
    RESOLVE(get_fd, "sd_bus_get_fd");
    RESOLVE(get_events, "sd_bus_get_events");
    RESOLVE(get_timeout, "sd_bus_get_timeout");
    RESOLVE(process, "sd_bus_process");
    loaded = 0;
}

int csdbus_load(void) {
    pthread_once(&once, load_once);
    return loaded;
}

const char *csdbus_load_error(void) { return loaded == 0 || load_error[0] == 0 ? NULL : load_error; }

#define CALL_INT(field, ...) (fn.field ? fn.field(__VA_ARGS__) : -ENOSYS)
#define CALL_PTR(field, ...) (fn.field ? fn.field(__VA_ARGS__) : NULL)

int csdbus_open_user(sd_bus **ret) { return CALL_INT(open_user, ret); }
int csdbus_open_system(sd_bus **ret) { return CALL_INT(open_system, ret); }

int csdbus_open_address(const char *address, sd_bus **ret) {
    *ret = NULL;
    if (fn.bus_new == NULL) return -ENOSYS;
    sd_bus *bus = NULL;
    int r = fn.bus_new(&bus);
    if (r < 0) return r;
    if ((r = fn.set_address(bus, address)) < 0 || (r = fn.set_bus_client(bus, 1)) < 0 ||
        (r = fn.start(bus)) < 0) {
        fn.flush_close_unref(bus);
        return r;
    }
    *ret = bus;
    return 0;
}

sd_bus *csdbus_flush_close_unref(sd_bus *bus) { return CALL_PTR(flush_close_unref, bus); }

int csdbus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination,
                                   const char *path, const char *interface, const char *member) {
    return CALL_INT(new_method_call, bus, m, destination, path, interface, member);
}
int csdbus_message_append_basic(sd_bus_message *m, char type, const void *p) {
    return CALL_INT(append_basic, m, type, p);
}
int csdbus_message_open_container(sd_bus_message *m, char type, const char *contents) {
    return CALL_INT(open_container, m, type, contents);
}
int csdbus_message_close_container(sd_bus_message *m) { return CALL_INT(close_container, m); }
int csdbus_call(sd_bus *bus, sd_bus_message *m, uint64_t usec, csdbus_error *ret_error,
                sd_bus_message **reply) {
    return CALL_INT(call, bus, m, usec, ret_error, reply);
}
int csdbus_message_peek_type(sd_bus_message *m, char *type, const char **contents) {
    return CALL_INT(peek_type, m, type, contents);
}
int csdbus_message_read_basic(sd_bus_message *m, char type, void *p) {
    return CALL_INT(read_basic, m, type, p);
}
int csdbus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
    return CALL_INT(enter_container, m, type, contents);
}
int csdbus_message_exit_container(sd_bus_message *m) { return CALL_INT(exit_container, m); }
int csdbus_message_is_signal(sd_bus_message *m, const char *interface, const char *member) {
    return CALL_INT(is_signal, m, interface, member);
}
const char *csdbus_message_get_path(sd_bus_message *m) { return CALL_PTR(get_path, m); }
const char *csdbus_message_get_interface(sd_bus_message *m) { return CALL_PTR(get_interface, m); }
const char *csdbus_message_get_member(sd_bus_message *m) { return CALL_PTR(get_member, m); }
const char *csdbus_message_get_signature(sd_bus_message *m, int complete) {
    return CALL_PTR(get_signature, m, complete);
}
sd_bus_message *csdbus_message_unref(sd_bus_message *m) { return CALL_PTR(message_unref, m); }
void csdbus_error_free(csdbus_error *e) {
    if (fn.error_free) fn.error_free(e);
}

// Handles nothing, so that sd_bus_process returns the message to its caller.
static int unhandled(sd_bus_message *m, void *userdata, csdbus_error *ret_error) {
    (void)m, (void)userdata, (void)ret_error;
    return 0;
}

int csdbus_add_match(sd_bus *bus, sd_bus_slot **slot, const char *match) {
    return CALL_INT(add_match_async, bus, slot, match, unhandled, NULL, NULL);
}
sd_bus_slot *csdbus_slot_unref(sd_bus_slot *slot) { return CALL_PTR(slot_unref, slot); }
int csdbus_get_fd(sd_bus *bus) { return CALL_INT(get_fd, bus); }
int csdbus_get_events(sd_bus *bus) { return CALL_INT(get_events, bus); }
int csdbus_get_timeout(sd_bus *bus, uint64_t *timeout_usec) { return CALL_INT(get_timeout, bus, timeout_usec); }
int csdbus_process(sd_bus *bus, sd_bus_message **r) { return CALL_INT(process, bus, r); }
