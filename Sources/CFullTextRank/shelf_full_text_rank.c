#include "shelf_full_text_rank.h"

#include <stddef.h>

/// Sums the weight of the column of each phrase instance of the current row.
static void weighted_count(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                           int weightCount, sqlite3_value **weights) {
    int instances = 0;
    int rc = api->xInstCount(fts, &instances);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    double total = 0;
    for (int index = 0; index < instances; index++) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, index, &phrase, &column, &offset);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        if (column >= 0 && column < weightCount) total += sqlite3_value_double(weights[column]);
    }
    sqlite3_result_double(context, total);
}

int shelf_register_weighted_count(sqlite3 *db) {
    // The documented way to reach the FTS5 API: `SELECT fts5(?1)` with a pointer bound to ?1.
    fts5_api *fts5 = NULL;
    sqlite3_stmt *statement = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&fts5, "fts5_api_ptr", NULL);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (fts5 == NULL || fts5->iVersion < 2) return SQLITE_ERROR;
    return fts5->xCreateFunction(fts5, "shelf_weighted_count", NULL, weighted_count, NULL);
}
