// SPDX-License-Identifier: Apache-2.0
// Closed-loop client for scripts/benchmark-socket: CONNECTIONS Unix-socket connections, each with
// one request in flight (send, wait for the whole reply, send again), all driven by one thread with
// epoll. The same program measures redis (RESP, reply ends with "\n") and routingd (varlink, reply
// ends with NUL), so both pay the same client costs.
//
//   benchmark-socket-client SOCKET redis|varlink CONNECTIONS SECONDS [MESSAGE]
//
// MESSAGE is the varlink call without its NUL (redis sends PING). Prints one line:
//   calls/s p50-microseconds p99-microseconds
// after a warm-up of 0.3 s that is not counted. A reply that is an error, or a closed connection,
// ends the program with status 1.
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct conn {
    int fd;
    uint64_t sent_at;
    size_t got;       // bytes of the current reply read so far
};

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void send_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t n = send(fd, data, length, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            perror("send");
            exit(1);
        }
        data += n;
        length -= (size_t)n;
    }
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s SOCKET redis|varlink CONNECTIONS SECONDS [MESSAGE]\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    int redis = strcmp(argv[2], "redis") == 0;
    int count = atoi(argv[3]);
    double seconds = atof(argv[4]);
    const char *request;
    size_t request_length;
    char *message = NULL;
    if (redis) {
        request = "*1\r\n$4\r\nPING\r\n";
        request_length = strlen(request);
    } else {
        if (argc < 6) { fprintf(stderr, "varlink needs MESSAGE\n"); return 2; }
        request_length = strlen(argv[5]) + 1;
        message = malloc(request_length);
        memcpy(message, argv[5], request_length);  // with its NUL: the varlink terminator
        request = message;
    }
    char end = redis ? '\n' : '\0';
    struct conn *conns = calloc((size_t)count, sizeof *conns);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    for (int i = 0; i < count; i++) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un address = {.sun_family = AF_UNIX};
        strncpy(address.sun_path, path, sizeof address.sun_path - 1);
        if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
            perror("connect");
            return 1;
        }
        conns[i].fd = fd;
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, fd, &event);
    }
    size_t capacity = 1 << 20, samples = 0;
    uint64_t *latency = malloc(capacity * sizeof *latency);
    static char buffer[1 << 20];
    uint64_t start = now_ns();
    uint64_t counted_from = start + 300000000u;
    uint64_t stop = counted_from + (uint64_t)(seconds * 1e9);
    uint64_t calls = 0;
    for (int i = 0; i < count; i++) {
        conns[i].sent_at = now_ns();
        send_all(conns[i].fd, request, request_length);
    }
    struct epoll_event events[256];
    int first_error = 1;
    while (1) {
        uint64_t t = now_ns();
        if (t >= stop) break;
        int n = epoll_wait(ep, events, 256, 100);
        for (int k = 0; k < n; k++) {
            struct conn *c = &conns[events[k].data.u32];
            ssize_t got = recv(c->fd, buffer, sizeof buffer, 0);
            if (got <= 0) {
                if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
                fprintf(stderr, "connection closed by the server\n");
                return 1;
            }
            if (c->got == 0 && first_error && ((redis && buffer[0] == '-') || (!redis && memmem(buffer, (size_t)got, "\"error\"", 7)))) {
                fprintf(stderr, "error reply: %.*s\n", (int)(got > 300 ? 300 : got), buffer);
                return 1;
            }
            c->got += (size_t)got;
            if (buffer[got - 1] != end) continue;  // one request in flight: the reply ends the read
            uint64_t done = now_ns();
            if (done >= counted_from && done < stop) {
                calls++;
                if (samples == capacity) {
                    capacity *= 2;
                    latency = realloc(latency, capacity * sizeof *latency);
                }
                latency[samples++] = done - c->sent_at;
            }
            c->got = 0;
            c->sent_at = now_ns();
            send_all(c->fd, request, request_length);
        }
    }
    qsort(latency, samples, sizeof *latency, cmp_u64);
    double p50 = samples ? latency[samples / 2] / 1000.0 : 0;
    double p99 = samples ? latency[(size_t)(samples * 0.99)] / 1000.0 : 0;
    printf("%.0f %.1f %.1f\n", calls / seconds, p50, p99);
    for (int i = 0; i < count; i++) close(conns[i].fd);
    free(message);
    return 0;
}
