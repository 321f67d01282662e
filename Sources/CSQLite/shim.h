#ifndef DOSECAL_CSQLITE_SHIM_H
#define DOSECAL_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro over a cast function pointer, which Swift cannot import: bind
/// calls take this instead (SQLite copies the bytes before the call returns).
static inline sqlite3_destructor_type dosecal_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
