#ifndef CICU_H
#define CICU_H
/// Version of this shim's API.
int cicu_version(void);
#endif
