#ifndef CICU_H
#define CICU_H
// A small C shim over the system ICU: ICU renames its functions per version (uplrules_open_72), and
// the macros in unicode/*.h that resolve the names are visible to C only, so Swift calls these.
// Strings cross the shim as NUL-terminated UTF-8; results are malloc'd and freed with cicu_free.

#include <stdint.h>

/// Version of this shim's API.
int cicu_version(void);

/// Frees a string returned by this shim.
void cicu_free(char *text);

/// A number formatter for a locale and an ICU number skeleton; immutable and thread-safe.
typedef struct cicu_number_formatter cicu_number_formatter;

/// Opens a formatter, or returns NULL and sets *status to the ICU error code (negative or positive).
cicu_number_formatter *cicu_number_formatter_open(const char *locale, const char *skeleton, int32_t *status);
void cicu_number_formatter_close(cicu_number_formatter *formatter);
/// Formats `value`; NULL on error (with *status set).
char *cicu_number_format(const cicu_number_formatter *formatter, double value, int32_t *status);
/// Formats a decimal number given as text ("1234.50"); NULL on error.
char *cicu_number_format_decimal(const cicu_number_formatter *formatter, const char *decimal, int32_t *status);

/// CLDR cardinal plural rules of a locale; immutable and thread-safe.
typedef struct cicu_plural_rules cicu_plural_rules;

cicu_plural_rules *cicu_plural_rules_open(const char *locale, int32_t *status);
void cicu_plural_rules_close(cicu_plural_rules *rules);
/// The category ("one", "other", …) of `value` as `formatter` shows it, so that visible fraction
/// digits count ("1.0" is "other" in English). NULL on error.
char *cicu_plural_select(const cicu_plural_rules *rules, const cicu_number_formatter *formatter, double value,
                         int32_t *status);
/// The categories the locale uses, separated by spaces, in ICU's order. NULL on error.
char *cicu_plural_keywords(const cicu_plural_rules *rules, int32_t *status);

/// A date formatter for a locale, a date skeleton ("yMMMMd") and an IANA zone. Not thread-safe:
/// ICU's date formatter mutates its calendar while formatting, so callers serialise its use.
typedef struct cicu_date_formatter cicu_date_formatter;

cicu_date_formatter *cicu_date_formatter_open(const char *locale, const char *skeleton, const char *zone,
                                              int32_t *status);
void cicu_date_formatter_close(cicu_date_formatter *formatter);
/// Formats an instant given in milliseconds since 1970-01-01T00:00:00Z. NULL on error.
char *cicu_date_format(cicu_date_formatter *formatter, double millis, int32_t *status);
/// The pattern ICU chose for the skeleton ("MMMM d"). NULL on error.
char *cicu_date_pattern(const cicu_date_formatter *formatter, int32_t *status);
/// One of the formatter's date symbols: `kind` 0 for the wide month names of the format context
/// ("June"; index 0 is January), 1 for the AM/PM markers (index 0 AM), 2 for the wide month names
/// standing alone (pattern letters LLLL). NULL on error or past the end.
char *cicu_date_symbol(const cicu_date_formatter *formatter, int32_t kind, int32_t index, int32_t *status);

/// A list formatter ("A, B, and C") for a locale; immutable and thread-safe.
typedef struct cicu_list_formatter cicu_list_formatter;

/// `kind` 0 for "and", 1 for "or"; `width` 0 wide, 1 short, 2 narrow.
cicu_list_formatter *cicu_list_formatter_open(const char *locale, int32_t kind, int32_t width, int32_t *status);
void cicu_list_formatter_close(cicu_list_formatter *formatter);
/// Joins `count` UTF-8 items. NULL on error.
char *cicu_list_format(const cicu_list_formatter *formatter, const char *const *items, int32_t count,
                       int32_t *status);

/// The ICU error name of a status ("U_ILLEGAL_ARGUMENT_ERROR").
const char *cicu_error_name(int32_t status);

#endif
