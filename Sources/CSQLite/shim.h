#include <sqlite3.h>

// sqlite3_db_config is variadic and SQLITE_TRANSIENT a cast macro: neither reaches Swift, hence these helpers.

// Defensive mode (no writes to the schema through SQL tricks), no extension loading, untrusted schema.
static inline int mlsqlite_harden(sqlite3 *db) {
    int result = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (result == SQLITE_OK) result = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)0);
    if (result == SQLITE_OK) result = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    return result;
}

static inline sqlite3_destructor_type mlsqlite_transient(void) { return SQLITE_TRANSIENT; }
