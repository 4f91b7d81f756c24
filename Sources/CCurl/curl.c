// SPDX-License-Identifier: Apache-2.0
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libcurl's stable ABI (curl/curl.h, 7.88): option and info numbers.
enum {
    OPT_URL = 10002, OPT_WRITEDATA = 10001, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011, OPT_USERAGENT = 10018,
    OPT_FOLLOWLOCATION = 52, OPT_CAINFO = 10065, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156, OPT_CONNECT_TO = 10243, OPT_PROTOCOLS_STR = 10318,
    INFO_RESPONSE_CODE = 0x200002, INFO_REDIRECT_URL = 0x10001F, GLOBAL_ALL = 3, ERROR_SIZE = 256,
};

struct slist;
static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[512];

static void load_once(void) {
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "libcurl is not installed (%s); install Debian's libcurl4", why ? why : "dlopen failed");
        return;
    }
#define RESOLVE(field, name)                                                            \
    do {                                                                                \
        *(void **)(&fn.field) = dlsym(handle, name);                                    \
        if (fn.field == NULL) {                                                         \
            snprintf(load_error, sizeof load_error, "libcurl has no %s", name);         \
            memset(&fn, 0, sizeof fn);                                                  \
            return;                                                                     \
        }                                                                               \
    } while (0)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
#undef RESOLVE
    if (fn.global_init(GLOBAL_ALL) != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
        return;
    }
    loaded = 0;
}

int ccurl_load(void) {
    pthread_once(&once, load_once);
    return loaded;
}

const char *ccurl_load_error(void) { return loaded == 0 ? NULL : load_error; }

// Drops the body, stopping after 1 MiB (a short link's answer is a few hundred bytes).
static size_t discard(char *data, size_t size, size_t count, void *total) {
    (void)data;
    size_t *seen = total;
    *seen += size * count;
    return *seen > (1u << 20) ? 0 : size * count;
}

long ccurl_get_redirect(const char *url, long timeout_ms, const char *ca_file, const char *connect_to,
                        char *location, size_t location_size, char *error, size_t error_size) {
    if (location_size > 0) location[0] = 0;
    if (error_size > 0) error[0] = 0;
    if (ccurl_load() != 0) {
        snprintf(error, error_size, "%s", load_error);
        return -1;
    }
    void *curl = fn.easy_init();
    if (curl == NULL) {
        snprintf(error, error_size, "curl_easy_init failed");
        return -1;
    }
    char buffer[ERROR_SIZE] = {0};
    size_t seen = 0;
    struct slist *hosts = NULL;
    fn.easy_setopt(curl, OPT_URL, url);
    fn.easy_setopt(curl, OPT_PROTOCOLS_STR, "https");
    fn.easy_setopt(curl, OPT_FOLLOWLOCATION, 0L);
    fn.easy_setopt(curl, OPT_NOSIGNAL, 1L);
    fn.easy_setopt(curl, OPT_TIMEOUT_MS, timeout_ms);
    fn.easy_setopt(curl, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    fn.easy_setopt(curl, OPT_ERRORBUFFER, buffer);
    fn.easy_setopt(curl, OPT_USERAGENT, "routingctl (routingd short-link expansion)");
    fn.easy_setopt(curl, OPT_WRITEFUNCTION, discard);
    fn.easy_setopt(curl, OPT_WRITEDATA, &seen);
    if (ca_file != NULL && ca_file[0] != 0) fn.easy_setopt(curl, OPT_CAINFO, ca_file);
    if (connect_to != NULL && connect_to[0] != 0) {
        hosts = fn.slist_append(NULL, connect_to);
        fn.easy_setopt(curl, OPT_CONNECT_TO, hosts);
    }
    long status = -1;
    int code = fn.easy_perform(curl);
    if (code != 0) {
        snprintf(error, error_size, "%s", buffer[0] ? buffer : fn.easy_strerror(code));
    } else {
        long http = 0;
        const char *target = NULL;
        fn.easy_getinfo(curl, INFO_RESPONSE_CODE, &http);
        fn.easy_getinfo(curl, INFO_REDIRECT_URL, &target);
        if (target != NULL && location_size > 0) snprintf(location, location_size, "%s", target);
        status = http;
    }
    if (hosts != NULL) fn.slist_free_all(hosts);
    fn.easy_cleanup(curl);
    return status;
}
