#ifndef MLSCHED_H
#define MLSCHED_H

/// Asks the kernel to run the calling thread, and the threads it starts afterwards, in scheduling slices of
/// `nanoseconds` (Linux 6.12 and later clamp it to 0.1–100 ms): a thread with a shorter slice than the programs
/// beside it is let in sooner when it wakes. Keeps the thread's policy and nice value; needs no privilege.
/// Returns 0 on success, else the error number (ENOSYS or EINVAL on kernels without slices).
int ml_request_slice(unsigned long long nanoseconds);

#endif
