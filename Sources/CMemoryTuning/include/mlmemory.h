#ifndef MLMEMORY_H
#define MLMEMORY_H

/// Gives every heap block of at least `bytes` its own mapping, returned to the system when freed, and stops glibc
/// from raising that threshold on its own. Returns 1 on success.
int ml_map_blocks_from(int bytes);

/// Lets each heap keep up to `bytes` free at its top before handing memory back to the system. Returns 1 on
/// success.
int ml_keep_free_at_heap_top(int bytes);

#endif
