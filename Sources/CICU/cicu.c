#include "cicu.h"
int cicu_version(void) { return 1; }
