// SPDX-License-Identifier: Apache-2.0
/// What Swift's Glibc module lacks for the daemon's socket layer (see linux-daemon.md §6):
/// `accept4`, `struct ucred`/`SO_PEERCRED`, epoll (whose `struct epoll_event` is packed on x86-64),
/// `signalfd`, `eventfd`, `SIG_IGN` (a cast macro Swift cannot import) and `struct sockaddr_un`
/// filling. Every function returns -1 and leaves `errno` set on failure, like the call it wraps;
/// none retries EINTR (the Swift side does).
///
/// The header declares plain C types only; the implementation (shim.c) defines `_GNU_SOURCE`. Defining
/// it here would change glibc's struct definitions and clash with Swift's Glibc module.
#ifndef ROUTINGD_CSYSTEMSHIM_H
#define ROUTINGD_CSYSTEMSHIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

/// epoll event bits and epoll_ctl operations (epoll_ctl(2)); shim.c checks them against <sys/epoll.h>.
enum {
    ROUTINGD_EPOLLIN = 0x001,
    ROUTINGD_EPOLLOUT = 0x004,
    ROUTINGD_EPOLLERR = 0x008,
    ROUTINGD_EPOLLHUP = 0x010,
    ROUTINGD_EPOLLRDHUP = 0x2000,
    ROUTINGD_EPOLL_CTL_ADD = 1,
    ROUTINGD_EPOLL_CTL_DEL = 2,
    ROUTINGD_EPOLL_CTL_MOD = 3,
};

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC; the peer address is not wanted.
int routingd_accept4(int fd);

/// The peer's credentials at connect time: getsockopt(SO_PEERCRED) into `struct ucred` (unix(7)).
int routingd_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid);

/// epoll_create1(EPOLL_CLOEXEC) (epoll_create(2)).
int routingd_epoll_create(void);

/// epoll_ctl(2) with `token` stored in `data.u64`. `op` is EPOLL_CTL_ADD, _MOD or _DEL.
int routingd_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token);

/// epoll_wait(2) into two parallel arrays of at most `capacity` (≤ 256) entries; `timeout_ms` -1 blocks.
/// Returns the number of events.
int routingd_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms);

/// Blocks `signals` in the calling thread's mask (pthread_sigmask(3)); threads created afterwards
/// inherit it. When `old_mask` is not NULL the previous mask is stored there.
int routingd_block_signals(const int *signals, int count, sigset_t *old_mask);

/// Restores a mask saved by routingd_block_signals.
int routingd_set_signal_mask(const sigset_t *mask);

/// signalfd(2) for `signals`, non-blocking and close-on-exec. The signals must be blocked already.
int routingd_signalfd(const int *signals, int count);

/// Reads one `struct signalfd_siginfo`; returns its signal number, or -1 (EAGAIN when none is pending).
int routingd_read_signal(int fd);

/// eventfd(2), non-blocking and close-on-exec, counter 0.
int routingd_eventfd(void);

/// The number of CPUs the calling thread may run on (sched_getaffinity(2), CPU_COUNT), or 0 when
/// it cannot be read.
int routingd_available_cpus(void);

/// signal(SIGPIPE, SIG_IGN): writes to a closed peer then fail with EPIPE instead of killing us.
void routingd_ignore_sigpipe(void);

/// bind(2) to a filesystem path, filling a `struct sockaddr_un` (unix(7)). Fails with ENAMETOOLONG
/// when the path plus its NUL does not fit in `sun_path` (108 bytes), EINVAL for an empty path.
int routingd_unix_bind(int fd, const char *path);

/// connect(2) to a filesystem path; same address rules as routingd_unix_bind.
int routingd_unix_connect(int fd, const char *path);

/// sendto(2) of one datagram to a Unix socket address (unix(7)): a filesystem path, or with
/// `abstract` non-zero a name in the abstract namespace (sun_path starts with a NUL, the name
/// follows without a terminating NUL). Fails with ENAMETOOLONG when the name does not fit in
/// `sun_path` (108 bytes, with the NUL), EINVAL for an empty name. Sent with MSG_NOSIGNAL.
/// Returns the number of bytes sent.
long routingd_unix_sendto(int fd, const char *name, int abstract, const void *data, size_t size);

/// Sends `size` bytes to the filesystem Unix datagram socket `name` the way sd_journal_send(3) does
/// for an entry too large for one datagram (systemd's "Native Journal Protocol"): the bytes go into
/// a memfd_create(2) file, sealed against change (F_SEAL_SHRINK, GROW, WRITE, SEAL), and its
/// descriptor is passed alone as SCM_RIGHTS in an empty datagram. Returns 0 once sent. Unlike the
/// other calls it retries EINTR itself, since the memfd it made is gone when it returns.
int routingd_unix_send_memfd(int fd, const char *name, const void *data, size_t size);

/// timerfd_create(2) on CLOCK_MONOTONIC, non-blocking and close-on-exec, armed to expire every
/// `interval_usec` microseconds (the first expiry one interval from now). `interval_usec` must be > 0.
int routingd_timerfd_periodic(uint64_t interval_usec);

/// malloc_trim(3): gives free heap pages of every arena back to the kernel; returns 1 when some were.
int routingd_malloc_trim(void);

#endif
