#include <malloc.h>

#include "mlmemory.h"

int ml_map_blocks_from(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
