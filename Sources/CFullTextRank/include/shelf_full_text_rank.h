#ifndef SHELF_FULL_TEXT_RANK_H
#define SHELF_FULL_TEXT_RANK_H

#include <sqlite3.h>

/// Registers `shelf_weighted_count(table, weight...)`, an FTS5 auxiliary function: the number of
/// times the query's phrases occur in the row, each occurrence counted with the weight given
/// for its column (the first weight is column 0's; a column past the weights counts 0).
///
/// It reads FTS5's own list of phrase instances, so no column's text is read to rank a row.
/// Returns SQLITE_OK, or the error that kept it from being registered (no FTS5 in the library).
int shelf_register_weighted_count(sqlite3 *db);

#endif
