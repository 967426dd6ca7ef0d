/* The JSON peer of ratio_ingest.py: bare C over jansson, loading the benchmark's JSON array with
 * json_load_file and copying every record into typed columns.
 * usage: ingest_json FILE [REPEATS=5] [WARMUP=1]
 * Records are {"timestamp": ISO 8601 text, "temperature": number, "pressure": number or null,
 * "count": integer}; anything that is not a number becomes NaN. Each run is timed from the load to
 * freeing the document, and one JSON line reports the runs and checks. */
#include "ingest_table.h"

#include <jansson.h>

#include "epoch_ms.h"

static double json_field_number(const json_t *record, const char *key) {
    const json_t *value = json_object_get(record, key);
    return json_is_number(value) ? json_number_value(value) : NAN;
}

/* The whole file into `table`; exits with a message when it is not an array of records. */
static void json_read(const char *path, struct ingest_table *table) {
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error);
    if (root == NULL || !json_is_array(root)) {
        fprintf(stderr, "%s:%d:%d: %s\n", path, error.line, error.column, root ? "not an array" : error.text);
        exit(1);
    }
    ingest_reserve(table, json_array_size(root));
    size_t index;
    json_t *record;
    json_array_foreach(root, index, record) {
        const json_t *stamp = json_object_get(record, "timestamp");
        int64_t time = INT64_MIN;
        if (!json_is_string(stamp) || epoch_ms_parse(json_string_value(stamp), json_string_length(stamp), &time) != 0) {
            table->bad++;
            time = INT64_MIN;
        }
        ingest_append(table, time, json_field_number(record, "temperature"), json_field_number(record, "pressure"),
                      json_field_number(record, "count"));
    }
    json_decref(root);
}

int main(int argc, char **argv) {
    return ingest_main(argc, argv, "json", "C jansson " JANSSON_VERSION, json_read);
}
