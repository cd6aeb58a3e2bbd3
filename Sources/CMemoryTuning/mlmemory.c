#include <malloc.h>

#include "mlmemory.h"

int ml_map_blocks_from(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

int ml_keep_free_at_heap_top(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }

size_t ml_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

size_t ml_heap_bytes_free(void) { return mallinfo2().fordblks; }

int ml_return_free_heap(void) { return malloc_trim(0); }
