#include <xlsxwriter.h>
