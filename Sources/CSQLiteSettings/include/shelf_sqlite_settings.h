#ifndef SHELF_SQLITE_SETTINGS_H
#define SHELF_SQLITE_SETTINGS_H

/// Turns off SQLite's count of the memory it holds (SQLITE_CONFIG_MEMSTATUS), for the whole
/// process. SQLite takes it only before its first use in the process: returns 1 when it took
/// it, 0 when SQLite was in use already and nothing changed.
///
/// A C function because `sqlite3_config` is variadic, which Swift cannot call.
int shelf_sqlite_stop_memory_statistics(void);

#endif
