// glibc's malloc tuning (mallopt), which the Glibc module does not import: the executable fixes the
// mmap threshold so that the large columns of a long chart go back to the system when freed.
#include <malloc.h>
