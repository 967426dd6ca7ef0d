#include "cicu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ulistformatter.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

struct cicu_number_formatter { UNumberFormatter *icu; };
struct cicu_plural_rules { UPluralRules *icu; };
struct cicu_date_formatter { UDateFormat *icu; };
struct cicu_list_formatter { UListFormatter *icu; };

int cicu_version(void) { return 3; }

void cicu_free(char *text) { free(text); }

const char *cicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

/// UTF-8 to a malloc'd UTF-16 copy; NULL on error.
static UChar *to_utf16(const char *text, int32_t *length, UErrorCode *ec) {
    int32_t needed = 0;
    UErrorCode probe = U_ZERO_ERROR;
    u_strFromUTF8(NULL, 0, &needed, text, -1, &probe);
    if (probe != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(probe)) { *ec = probe; return NULL; }
    UChar *buffer = malloc(sizeof(UChar) * (size_t)(needed + 1));
    if (buffer == NULL) { *ec = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    u_strFromUTF8(buffer, needed + 1, length, text, -1, ec);
    if (U_FAILURE(*ec)) { free(buffer); return NULL; }
    return buffer;
}

/// UTF-16 to a malloc'd UTF-8 string; NULL on error.
static char *to_utf8(const UChar *text, int32_t length, UErrorCode *ec) {
    int32_t needed = 0;
    UErrorCode probe = U_ZERO_ERROR;
    u_strToUTF8(NULL, 0, &needed, text, length, &probe);
    if (probe != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(probe)) { *ec = probe; return NULL; }
    char *buffer = malloc((size_t)needed + 1);
    if (buffer == NULL) { *ec = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    u_strToUTF8(buffer, needed + 1, NULL, text, length, ec);
    if (U_FAILURE(*ec)) { free(buffer); return NULL; }
    buffer[needed] = 0;
    return buffer;
}

/// Reads a UFormattedNumber's text as UTF-8.
static char *result_text(const UFormattedNumber *result, UErrorCode *ec) {
    UChar stack[128];
    int32_t length = unumf_resultToString(result, stack, 128, ec);
    if (*ec == U_BUFFER_OVERFLOW_ERROR) {
        *ec = U_ZERO_ERROR;
        UChar *heap = malloc(sizeof(UChar) * (size_t)(length + 1));
        if (heap == NULL) { *ec = U_MEMORY_ALLOCATION_ERROR; return NULL; }
        unumf_resultToString(result, heap, length + 1, ec);
        char *text = U_SUCCESS(*ec) ? to_utf8(heap, length, ec) : NULL;
        free(heap);
        return text;
    }
    if (U_FAILURE(*ec)) return NULL;
    return to_utf8(stack, length, ec);
}

cicu_number_formatter *cicu_number_formatter_open(const char *locale, const char *skeleton, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    int32_t length = 0;
    UChar *skeleton16 = to_utf16(skeleton, &length, &ec);
    if (skeleton16 == NULL) { *status = ec; return NULL; }
    UNumberFormatter *icu = unumf_openForSkeletonAndLocale(skeleton16, length, locale, &ec);
    free(skeleton16);
    if (U_FAILURE(ec)) { unumf_close(icu); *status = ec; return NULL; }
    cicu_number_formatter *formatter = malloc(sizeof *formatter);
    if (formatter == NULL) { unumf_close(icu); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    formatter->icu = icu;
    *status = U_ZERO_ERROR;
    return formatter;
}

void cicu_number_formatter_close(cicu_number_formatter *formatter) {
    if (formatter == NULL) return;
    unumf_close(formatter->icu);
    free(formatter);
}

char *cicu_number_format(const cicu_number_formatter *formatter, double value, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *result = unumf_openResult(&ec);
    char *text = NULL;
    if (U_SUCCESS(ec)) unumf_formatDouble(formatter->icu, value, result, &ec);
    if (U_SUCCESS(ec)) text = result_text(result, &ec);
    unumf_closeResult(result);
    *status = ec;
    return text;
}

char *cicu_number_format_decimal(const cicu_number_formatter *formatter, const char *decimal, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *result = unumf_openResult(&ec);
    char *text = NULL;
    if (U_SUCCESS(ec)) unumf_formatDecimal(formatter->icu, decimal, -1, result, &ec);
    if (U_SUCCESS(ec)) text = result_text(result, &ec);
    unumf_closeResult(result);
    *status = ec;
    return text;
}

cicu_plural_rules *cicu_plural_rules_open(const char *locale, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UPluralRules *icu = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &ec);
    if (U_FAILURE(ec)) { uplrules_close(icu); *status = ec; return NULL; }
    cicu_plural_rules *rules = malloc(sizeof *rules);
    if (rules == NULL) { uplrules_close(icu); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    rules->icu = icu;
    *status = U_ZERO_ERROR;
    return rules;
}

void cicu_plural_rules_close(cicu_plural_rules *rules) {
    if (rules == NULL) return;
    uplrules_close(rules->icu);
    free(rules);
}

char *cicu_plural_select(const cicu_plural_rules *rules, const cicu_number_formatter *formatter, double value,
                         int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *result = unumf_openResult(&ec);
    UChar keyword[32];
    int32_t length = 0;
    char *text = NULL;
    if (U_SUCCESS(ec)) unumf_formatDouble(formatter->icu, value, result, &ec);
    if (U_SUCCESS(ec)) length = uplrules_selectFormatted(rules->icu, result, keyword, 32, &ec);
    if (U_SUCCESS(ec)) text = to_utf8(keyword, length, &ec);
    unumf_closeResult(result);
    *status = ec;
    return text;
}

char *cicu_plural_keywords(const cicu_plural_rules *rules, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords(rules->icu, &ec);
    if (U_FAILURE(ec)) { uenum_close(keywords); *status = ec; return NULL; }
    size_t used = 0, capacity = 64;
    char *text = malloc(capacity);
    if (text == NULL) { uenum_close(keywords); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    text[0] = 0;
    int32_t length = 0;
    const char *keyword;
    while ((keyword = uenum_next(keywords, &length, &ec)) != NULL && U_SUCCESS(ec)) {
        if (used + (size_t)length + 2 > capacity) {
            capacity = (used + (size_t)length + 2) * 2;
            char *grown = realloc(text, capacity);
            if (grown == NULL) { free(text); uenum_close(keywords); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
            text = grown;
        }
        if (used > 0) text[used++] = ' ';
        memcpy(text + used, keyword, (size_t)length);
        used += (size_t)length;
        text[used] = 0;
    }
    uenum_close(keywords);
    if (U_FAILURE(ec)) { free(text); *status = ec; return NULL; }
    *status = U_ZERO_ERROR;
    return text;
}

cicu_date_formatter *cicu_date_formatter_open(const char *locale, const char *skeleton, const char *zone,
                                              int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    int32_t skeletonLength = 0, zoneLength = 0;
    UChar *skeleton16 = to_utf16(skeleton, &skeletonLength, &ec);
    UChar *zone16 = U_SUCCESS(ec) ? to_utf16(zone, &zoneLength, &ec) : NULL;
    UDateTimePatternGenerator *generator = U_SUCCESS(ec) ? udatpg_open(locale, &ec) : NULL;
    UChar pattern[128];
    int32_t patternLength = 0;
    if (U_SUCCESS(ec))
        patternLength = udatpg_getBestPattern(generator, skeleton16, skeletonLength, pattern, 128, &ec);
    UDateFormat *icu = NULL;
    if (U_SUCCESS(ec))
        icu = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone16, zoneLength, pattern, patternLength, &ec);
    udatpg_close(generator);
    free(skeleton16);
    free(zone16);
    if (U_FAILURE(ec)) { if (icu) udat_close(icu); *status = ec; return NULL; }
    cicu_date_formatter *formatter = malloc(sizeof *formatter);
    if (formatter == NULL) { udat_close(icu); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    formatter->icu = icu;
    *status = U_ZERO_ERROR;
    return formatter;
}

void cicu_date_formatter_close(cicu_date_formatter *formatter) {
    if (formatter == NULL) return;
    udat_close(formatter->icu);
    free(formatter);
}

char *cicu_date_format(cicu_date_formatter *formatter, double millis, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UChar buffer[256];
    int32_t length = udat_format(formatter->icu, millis, buffer, 256, NULL, &ec);
    char *text = U_SUCCESS(ec) ? to_utf8(buffer, length, &ec) : NULL;
    *status = ec;
    return text;
}

char *cicu_date_pattern(const cicu_date_formatter *formatter, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UChar buffer[256];
    int32_t length = udat_toPattern(formatter->icu, false, buffer, 256, &ec);
    char *text = U_SUCCESS(ec) ? to_utf8(buffer, length, &ec) : NULL;
    *status = ec;
    return text;
}

char *cicu_date_symbol(const cicu_date_formatter *formatter, int32_t kind, int32_t index, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UDateFormatSymbolType type = kind == 1 ? UDAT_AM_PMS : kind == 2 ? UDAT_STANDALONE_MONTHS : UDAT_MONTHS;
    if (index < 0 || index >= udat_countSymbols(formatter->icu, type)) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    UChar buffer[128];
    int32_t length = udat_getSymbols(formatter->icu, type, index, buffer, 128, &ec);
    char *text = U_SUCCESS(ec) ? to_utf8(buffer, length, &ec) : NULL;
    *status = ec;
    return text;
}

cicu_list_formatter *cicu_list_formatter_open(const char *locale, int32_t kind, int32_t width, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UListFormatterType type = kind == 1 ? ULISTFMT_TYPE_OR : ULISTFMT_TYPE_AND;
    UListFormatterWidth w = width == 2 ? ULISTFMT_WIDTH_NARROW : width == 1 ? ULISTFMT_WIDTH_SHORT : ULISTFMT_WIDTH_WIDE;
    UListFormatter *icu = ulistfmt_openForType(locale, type, w, &ec);
    if (U_FAILURE(ec)) { if (icu) ulistfmt_close(icu); *status = ec; return NULL; }
    cicu_list_formatter *formatter = malloc(sizeof *formatter);
    if (formatter == NULL) { ulistfmt_close(icu); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    formatter->icu = icu;
    *status = U_ZERO_ERROR;
    return formatter;
}

void cicu_list_formatter_close(cicu_list_formatter *formatter) {
    if (formatter == NULL) return;
    ulistfmt_close(formatter->icu);
    free(formatter);
}

char *cicu_list_format(const cicu_list_formatter *formatter, const char *const *items, int32_t count,
                       int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UChar **strings = calloc((size_t)(count > 0 ? count : 1), sizeof(UChar *));
    int32_t *lengths = calloc((size_t)(count > 0 ? count : 1), sizeof(int32_t));
    char *text = NULL;
    if (strings == NULL || lengths == NULL) ec = U_MEMORY_ALLOCATION_ERROR;
    for (int32_t i = 0; i < count && U_SUCCESS(ec); i++) strings[i] = to_utf16(items[i], &lengths[i], &ec);
    if (U_SUCCESS(ec)) {
        UErrorCode probe = U_ZERO_ERROR;
        int32_t needed = ulistfmt_format(formatter->icu, (const UChar *const *)strings, lengths, count, NULL, 0, &probe);
        if (probe == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(probe)) {
            UChar *buffer = malloc(sizeof(UChar) * (size_t)(needed + 1));
            if (buffer == NULL) ec = U_MEMORY_ALLOCATION_ERROR;
            else {
                ulistfmt_format(formatter->icu, (const UChar *const *)strings, lengths, count, buffer, needed + 1, &ec);
                if (U_SUCCESS(ec)) text = to_utf8(buffer, needed, &ec);
                free(buffer);
            }
        } else {
            ec = probe;
        }
    }
    for (int32_t i = 0; strings != NULL && i < count; i++) free(strings[i]);
    free(strings);
    free(lengths);
    *status = ec;
    return text;
}
