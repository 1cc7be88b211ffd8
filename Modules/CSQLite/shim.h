#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a C macro Swift cannot import: it tells SQLite to copy a bound value at once.
static inline sqlite3_destructor_type csqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call: this fixes its arguments for one option. With
// `enabled` 0, closing the last connection neither checkpoints the WAL nor deletes the -wal and -shm files.
static inline int csqlite_set_checkpoint_on_close(sqlite3 *db, int enabled) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, (int *)0);
}

#endif
