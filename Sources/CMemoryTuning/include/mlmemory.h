#ifndef MLMEMORY_H
#define MLMEMORY_H

#include <stddef.h>

/// Gives every heap block of at least `bytes` its own mapping, returned to the system when freed, and stops glibc
/// from raising that threshold on its own. Returns 1 on success.
int ml_map_blocks_from(int bytes);

/// Lets each heap keep up to `bytes` free at its top before handing memory back to the system. Returns 1 on
/// success.
int ml_keep_free_at_heap_top(int bytes);

/// Bytes the program holds from malloc now: heap blocks in use and blocks in their own mappings (the main heap and
/// every thread's).
size_t ml_heap_bytes_in_use(void);

/// Bytes free inside the heaps: kept by malloc for later blocks, still counted in the process's resident memory where
/// they were touched.
size_t ml_heap_bytes_free(void);

/// Hands the whole free pages inside every heap back to the system (they stay the heaps' to use again, faulted in
/// afresh). Returns 1 when some memory went back.
int ml_return_free_heap(void);

#endif
