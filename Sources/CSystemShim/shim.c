// SPDX-License-Identifier: Apache-2.0
// Implementation of include/CSystemShim.h. _GNU_SOURCE is needed for accept4, struct ucred,
// signalfd and eventfd; it is defined here only, so the header's types match Swift's Glibc module.
#define _GNU_SOURCE
#include <malloc.h>
#include "CSystemShim.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <unistd.h>

_Static_assert(ROUTINGD_EPOLLIN == EPOLLIN, "EPOLLIN");
_Static_assert(ROUTINGD_EPOLLOUT == EPOLLOUT, "EPOLLOUT");
_Static_assert(ROUTINGD_EPOLLERR == EPOLLERR, "EPOLLERR");
_Static_assert(ROUTINGD_EPOLLHUP == EPOLLHUP, "EPOLLHUP");
_Static_assert(ROUTINGD_EPOLLRDHUP == EPOLLRDHUP, "EPOLLRDHUP");
_Static_assert(ROUTINGD_EPOLL_CTL_ADD == EPOLL_CTL_ADD, "EPOLL_CTL_ADD");
_Static_assert(ROUTINGD_EPOLL_CTL_DEL == EPOLL_CTL_DEL, "EPOLL_CTL_DEL");
_Static_assert(ROUTINGD_EPOLL_CTL_MOD == EPOLL_CTL_MOD, "EPOLL_CTL_MOD");

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC; the peer address is not wanted.
int routingd_accept4(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/// The peer's credentials at connect time: getsockopt(SO_PEERCRED) into `struct ucred` (unix(7)).
int routingd_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid) {
    struct ucred cred;
    socklen_t length = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) != 0) return -1;
    *pid = cred.pid;
    *uid = cred.uid;
    *gid = cred.gid;
    return 0;
}

/// epoll_create1(EPOLL_CLOEXEC) (epoll_create(2)).
int routingd_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// epoll_ctl(2) with `token` stored in `data.u64`. `op` is EPOLL_CTL_ADD, _MOD or _DEL.
int routingd_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &event);
}

/// epoll_wait(2) into two parallel arrays of at most `capacity` (≤ 256) entries; `timeout_ms` -1 blocks.
/// Returns the number of events.
int routingd_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epfd, ready, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        tokens[i] = ready[i].data.u64;
        events[i] = ready[i].events;
    }
    return count;
}

/// Blocks `signals` in the calling thread's mask (pthread_sigmask(3)); threads created afterwards
/// inherit it. When `old_mask` is not NULL the previous mask is stored there.
int routingd_block_signals(const int *signals, int count, sigset_t *old_mask) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    int rc = pthread_sigmask(SIG_BLOCK, &set, old_mask);
    if (rc != 0) { errno = rc; return -1; }
    return 0;
}

/// Restores a mask saved by routingd_block_signals.
int routingd_set_signal_mask(const sigset_t *mask) {
    int rc = pthread_sigmask(SIG_SETMASK, mask, NULL);
    if (rc != 0) { errno = rc; return -1; }
    return 0;
}

/// signalfd(2) for `signals`, non-blocking and close-on-exec. The signals must be blocked already.
int routingd_signalfd(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Reads one `struct signalfd_siginfo`; returns its signal number, or -1 (EAGAIN when none is pending).
int routingd_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n < 0) return -1;
    if (n != (ssize_t)sizeof info) { errno = EIO; return -1; }
    return (int)info.ssi_signo;
}

/// eventfd(2), non-blocking and close-on-exec, counter 0.
int routingd_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int routingd_available_cpus(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    return CPU_COUNT(&set);
}

/// signal(SIGPIPE, SIG_IGN): writes to a closed peer then fail with EPIPE instead of killing us.
void routingd_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

/// Fills a `struct sockaddr_un` for a filesystem `path` (unix(7)) and calls bind(2) or connect(2).
/// Fails with ENAMETOOLONG when the path plus its NUL does not fit in `sun_path` (108 bytes).
static int routingd_unix_address_call(int fd, const char *path, int do_bind) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length == 0) { errno = EINVAL; return -1; }
    if (length >= sizeof address.sun_path) { errno = ENAMETOOLONG; return -1; }
    memcpy(address.sun_path, path, length + 1);
    socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1);
    return do_bind ? bind(fd, (struct sockaddr *)&address, size) : connect(fd, (struct sockaddr *)&address, size);
}

/// bind(2) to a filesystem path.
int routingd_unix_bind(int fd, const char *path) { return routingd_unix_address_call(fd, path, 1); }

/// connect(2) to a filesystem path.
int routingd_unix_connect(int fd, const char *path) { return routingd_unix_address_call(fd, path, 0); }


/// sendto(2) of one datagram to a filesystem or abstract Unix socket address (unix(7)).
long routingd_unix_sendto(int fd, const char *name, int abstract, const void *data, size_t size) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(name);
    if (length == 0) { errno = EINVAL; return -1; }
    socklen_t size_of_address;
    if (abstract) {
        if (length + 1 > sizeof address.sun_path) { errno = ENAMETOOLONG; return -1; }
        memcpy(address.sun_path + 1, name, length);
        size_of_address = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + length);
    } else {
        if (length >= sizeof address.sun_path) { errno = ENAMETOOLONG; return -1; }
        memcpy(address.sun_path, name, length + 1);
        size_of_address = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1);
    }
    return (long)sendto(fd, data, size, MSG_NOSIGNAL, (struct sockaddr *)&address, size_of_address);
}

int routingd_unix_send_memfd(int fd, const char *name, const void *data, size_t size) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    size_t length = strlen(name);
    if (length == 0) { errno = EINVAL; return -1; }
    if (length >= sizeof address.sun_path) { errno = ENAMETOOLONG; return -1; }
    memcpy(address.sun_path, name, length + 1);
    int memfd = memfd_create("routingd-journal", MFD_ALLOW_SEALING | MFD_CLOEXEC);
    if (memfd < 0) return -1;
    const char *bytes = data;
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(memfd, bytes + written, size - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            close(memfd);
            errno = saved;
            return -1;
        }
        written += (size_t)n;
    }
    if (fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        int saved = errno;
        close(memfd);
        errno = saved;
        return -1;
    }
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_name = &address;
    message.msg_namelen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1);
    message.msg_control = &control;
    message.msg_controllen = CMSG_SPACE(sizeof(int));
    struct cmsghdr *cmsg = CMSG_FIRSTHDR(&message);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(cmsg), &memfd, sizeof(int));
    ssize_t sent;
    do { sent = sendmsg(fd, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    int saved = errno;
    close(memfd);
    errno = saved;
    return sent < 0 ? -1 : 0;
}

/// A periodic CLOCK_MONOTONIC timerfd (timerfd_create(2), timerfd_settime(2)).
int routingd_timerfd_periodic(uint64_t interval_usec) {
    if (interval_usec == 0) { errno = EINVAL; return -1; }
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (fd < 0) return -1;
    struct itimerspec spec;
    spec.it_interval.tv_sec = (time_t)(interval_usec / 1000000);
    spec.it_interval.tv_nsec = (long)(interval_usec % 1000000) * 1000;
    spec.it_value = spec.it_interval;
    if (timerfd_settime(fd, 0, &spec, NULL) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int routingd_malloc_trim(void) { return malloc_trim(0); }
