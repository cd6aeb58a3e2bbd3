#include <malloc.h>

#include "mlmemory.h"

int ml_map_blocks_from(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

int ml_keep_free_at_heap_top(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }
