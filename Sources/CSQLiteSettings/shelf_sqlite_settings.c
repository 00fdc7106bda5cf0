#include "shelf_sqlite_settings.h"

#include <sqlite3.h>

int shelf_sqlite_stop_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
}
