/* The CSV peer of ratio_ingest.py: bare C over libcsv, reading the benchmark's CSV into typed columns.
 * usage: ingest_csv FILE [REPEATS=5] [WARMUP=1]
 * The file has a header and four columns, timestamp,temperature,pressure,count; timestamps become epoch
 * milliseconds, numbers doubles via strtod, an empty number NaN. Each run is timed from open to the
 * last row (page cache warm after the warm-up runs), and one JSON line reports the runs and checks. */
#include "ingest_table.h"

#include <csv.h>
#include <fcntl.h>
#include <unistd.h>

#include "epoch_ms.h"

/* The row being read: its fields arrive one callback at a time. */
struct csv_reading {
    struct ingest_table *table;
    size_t field, line;
    int64_t time;
    double numbers[3];
};

static double csv_number(const char *text, size_t length, size_t *bad) {
    if (text == NULL || length == 0) return NAN;
    char *end;
    const double value = strtod(text, &end);
    if (end != text + length) {
        (*bad)++;
        return NAN;
    }
    return value;
}

static void csv_on_field(void *text, size_t length, void *context) {
    struct csv_reading *reading = context;
    const size_t field = reading->field++;
    if (reading->line == 0) return;  // the header
    if (field == 0) {
        if (epoch_ms_parse(text, length, &reading->time) != 0) {
            reading->table->bad++;
            reading->time = INT64_MIN;
        }
    } else if (field <= 3) {
        reading->numbers[field - 1] = csv_number(text, length, &reading->table->bad);
    } else {
        reading->table->bad++;
    }
}

static void csv_on_row(int terminator, void *context) {
    (void)terminator;
    struct csv_reading *reading = context;
    if (reading->line > 0) {
        if (reading->field != 4) reading->table->bad++;
        ingest_append(reading->table, reading->time, reading->numbers[0], reading->numbers[1], reading->numbers[2]);
    }
    reading->line++;
    reading->field = 0;
    reading->time = INT64_MIN;
    reading->numbers[0] = reading->numbers[1] = reading->numbers[2] = NAN;
}

static void csv_read(const char *path, struct ingest_table *table) {
    static char block[1 << 20];
    struct csv_reading reading = {.table = table, .time = INT64_MIN, .numbers = {NAN, NAN, NAN}};
    struct csv_parser parser;
    // APPEND_NULL lets strtod stop at the field's end; EMPTY_IS_NULL tells an empty field apart.
    if (csv_init(&parser, CSV_APPEND_NULL | CSV_EMPTY_IS_NULL) != 0) {
        fprintf(stderr, "csv_init failed\n");
        exit(1);
    }
    const int fd = open(path, O_RDONLY);
    if (fd < 0) {
        perror(path);
        exit(1);
    }
    ssize_t got;
    while ((got = read(fd, block, sizeof block)) > 0) {
        if (csv_parse(&parser, block, (size_t)got, csv_on_field, csv_on_row, &reading) != (size_t)got) {
            fprintf(stderr, "%s: %s\n", path, csv_strerror(csv_error(&parser)));
            exit(1);
        }
    }
    if (got < 0) {
        perror(path);
        exit(1);
    }
    close(fd);
    csv_fini(&parser, csv_on_field, csv_on_row, &reading);
    csv_free(&parser);
}

int main(int argc, char **argv) {
    char tool[64];
    snprintf(tool, sizeof tool, "C libcsv %d.%d.%d", CSV_MAJOR, CSV_MINOR, CSV_RELEASE);
    return ingest_main(argc, argv, "csv", tool, csv_read);
}
