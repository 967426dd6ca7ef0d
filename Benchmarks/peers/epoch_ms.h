/* ISO 8601 date-times as milliseconds since 1970-01-01T00:00Z, for the C peers of the ingest benchmark.
 * Reads YYYY-MM-DD('T'|' ')hh:mm:ss[.fraction][Z|+hh:mm|-hh:mm]; the fraction is cut to milliseconds. */
#ifndef CHARTPIPE_BENCH_EPOCH_MS_H
#define CHARTPIPE_BENCH_EPOCH_MS_H

#include <stddef.h>
#include <stdint.h>

/* The value of `count` decimal digits at `text`, or -1 when one of them is not a digit. */
static inline int64_t epoch_ms_number(const char *text, size_t count) {
    int64_t value = 0;
    for (size_t i = 0; i < count; i++) {
        if (text[i] < '0' || text[i] > '9') return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

/* Days from 1970-01-01 to a proleptic Gregorian date: Howard Hinnant's days_from_civil
 * ("chrono-Compatible Low-Level Date Algorithms"), with eras of 400 years starting in March. */
static inline int64_t epoch_ms_days(int64_t year, int64_t month, int64_t day) {
    if (month <= 2) year -= 1;
    const int64_t era = (year >= 0 ? year : year - 399) / 400;
    const int64_t year_of_era = year - era * 400;
    const int64_t day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

/* Reads `length` bytes at `text` into *ms; returns 0, or -1 when the text is not such a date-time. */
static inline int epoch_ms_parse(const char *text, size_t length, int64_t *ms) {
    if (text == NULL || length < 19) return -1;
    if (text[4] != '-' || text[7] != '-' || (text[10] != 'T' && text[10] != ' ') || text[13] != ':' || text[16] != ':')
        return -1;
    const int64_t year = epoch_ms_number(text, 4), month = epoch_ms_number(text + 5, 2);
    const int64_t day = epoch_ms_number(text + 8, 2), hour = epoch_ms_number(text + 11, 2);
    const int64_t minute = epoch_ms_number(text + 14, 2), second = epoch_ms_number(text + 17, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 ||
        minute > 59 || second < 0 || second > 60)
        return -1;
    size_t at = 19;
    int64_t millis = 0;
    if (at < length && text[at] == '.') {
        size_t digits = 0;
        for (at++; at < length && text[at] >= '0' && text[at] <= '9'; at++, digits++)
            if (digits < 3) millis = millis * 10 + (text[at] - '0');
        if (digits == 0) return -1;
        for (; digits < 3; digits++) millis *= 10;
    }
    int64_t offset_minutes = 0;
    if (at < length && (text[at] == 'Z' || text[at] == 'z')) {
        at++;
    } else if (at < length && (text[at] == '+' || text[at] == '-')) {
        if (length - at < 6 || text[at + 3] != ':') return -1;
        const int64_t hours = epoch_ms_number(text + at + 1, 2), minutes = epoch_ms_number(text + at + 4, 2);
        if (hours < 0 || minutes < 0) return -1;
        offset_minutes = (text[at] == '-' ? -1 : 1) * (hours * 60 + minutes);
        at += 6;
    }
    if (at != length) return -1;
    const int64_t seconds = epoch_ms_days(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
    *ms = (seconds - offset_minutes * 60) * 1000 + millis;
    return 0;
}

#endif
