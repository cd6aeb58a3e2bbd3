#define _GNU_SOURCE
#include "mlsched.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// The kernel's struct sched_attr (glibc 2.36 has no wrapper for sched_setattr).
struct ml_sched_attr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
    uint32_t sched_util_min;
    uint32_t sched_util_max;
};

int ml_request_slice(unsigned long long nanoseconds) {
    struct ml_sched_attr attr;
    memset(&attr, 0, sizeof attr);
    if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return errno;
    // Only a normal thread's slice is asked for: a real-time or deadline policy is left alone.
    if (attr.sched_policy != 0 && attr.sched_policy != 3) return EINVAL;
    attr.size = sizeof attr;
    attr.sched_flags = 0;
    attr.sched_runtime = nanoseconds;
    attr.sched_deadline = 0;
    attr.sched_period = 0;
    if (syscall(SYS_sched_setattr, 0, &attr, 0) != 0) return errno;
    return 0;
}
