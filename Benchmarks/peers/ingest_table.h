/* What both C ingest peers share: the four typed columns of the benchmark data (timestamp as epoch
 * ms, temperature, pressure, count; a missing number is NaN), the check values that ratio_ingest.py
 * compares with chartpipe's, and the timed runs with the one JSON line each peer prints. */
#ifndef CHARTPIPE_BENCH_INGEST_TABLE_H
#define CHARTPIPE_BENCH_INGEST_TABLE_H

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct ingest_table {
    int64_t *time;
    double *temperature, *pressure, *count;
    size_t rows, capacity, bad;
};

struct ingest_check {
    size_t rows, bad;
    double sum_temperature, sum_pressure, sum_count;
    long long nan_pressure;
    int64_t time_first, time_last;
};

static void *ingest_grow(void *block, size_t count, size_t size) {
    void *grown = realloc(block, count * size);
    if (grown == NULL) {
        perror("realloc");
        exit(1);
    }
    return grown;
}

/* Room for at least `rows` rows; doubling keeps appends amortised O(1), as a growable array would. */
static void ingest_reserve(struct ingest_table *table, size_t rows) {
    if (rows <= table->capacity) return;
    size_t capacity = table->capacity ? table->capacity : 4096;
    while (capacity < rows) capacity *= 2;
    table->time = ingest_grow(table->time, capacity, sizeof *table->time);
    table->temperature = ingest_grow(table->temperature, capacity, sizeof(double));
    table->pressure = ingest_grow(table->pressure, capacity, sizeof(double));
    table->count = ingest_grow(table->count, capacity, sizeof(double));
    table->capacity = capacity;
}

static void ingest_append(struct ingest_table *table, int64_t time, double temperature, double pressure, double count) {
    ingest_reserve(table, table->rows + 1);
    table->time[table->rows] = time;
    table->temperature[table->rows] = temperature;
    table->pressure[table->rows] = pressure;
    table->count[table->rows] = count;
    table->rows++;
}

static struct ingest_check ingest_summarise(const struct ingest_table *table) {
    struct ingest_check check = {.rows = table->rows, .bad = table->bad};
    for (size_t i = 0; i < table->rows; i++) {
        check.sum_temperature += table->temperature[i];
        if (isnan(table->pressure[i])) check.nan_pressure++;
        else check.sum_pressure += table->pressure[i];
        check.sum_count += table->count[i];
    }
    if (table->rows > 0) {
        check.time_first = table->time[0];
        check.time_last = table->time[table->rows - 1];
    }
    return check;
}

static void ingest_free(struct ingest_table *table) {
    free(table->time);
    free(table->temperature);
    free(table->pressure);
    free(table->count);
    memset(table, 0, sizeof *table);
}

static double ingest_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static void ingest_print(const char *stage, const char *tool, const char *path, const struct ingest_check *check,
                         const double *runs, int repeats) {
    const char *slash = strrchr(path, '/');
    printf("{\"stage\":\"%s\",\"tool\":\"%s\",\"file\":\"%s\",\"rows\":%zu,\"bad\":%zu,"
           "\"check\":{\"sum_temperature\":%.6f,\"sum_pressure\":%.6f,\"nan_pressure\":%lld,\"sum_count\":%.0f,"
           "\"ts_first\":%lld,\"ts_last\":%lld},\"runs_s\":[",
           stage, tool, slash ? slash + 1 : path, check->rows, check->bad, check->sum_temperature, check->sum_pressure,
           check->nan_pressure, check->sum_count, (long long)check->time_first, (long long)check->time_last);
    for (int i = 0; i < repeats; i++) printf("%s%.6f", i ? "," : "", runs[i]);
    printf("]}\n");
}

/* The whole program of a peer: `argv` is FILE [REPEATS=5] [WARMUP=1]; `load` fills a table from
 * FILE (exiting with a message on failure) and is timed from the first byte to the last row. */
static int ingest_main(int argc, char **argv, const char *stage, const char *tool,
                       void (*load)(const char *path, struct ingest_table *table)) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [REPEATS] [WARMUP]\n", argv[0]);
        return 2;
    }
    const char *path = argv[1];
    const int repeats = argc > 2 ? atoi(argv[2]) : 5, warmup = argc > 3 ? atoi(argv[3]) : 1;
    if (repeats < 1 || warmup < 0) {
        fprintf(stderr, "REPEATS must be at least 1 and WARMUP at least 0\n");
        return 2;
    }
    double *runs = calloc((size_t)repeats, sizeof *runs);
    if (runs == NULL) {
        perror("calloc");
        return 1;
    }
    struct ingest_check check = {0};
    for (int round = 0; round < warmup + repeats; round++) {
        struct ingest_table table = {0};
        const double start = ingest_seconds();
        load(path, &table);
        const double seconds = ingest_seconds() - start;
        if (round >= warmup) runs[round - warmup] = seconds;
        check = ingest_summarise(&table);
        ingest_free(&table);
    }
    ingest_print(stage, tool, path, &check, runs, repeats);
    free(runs);
    return 0;
}

#endif
