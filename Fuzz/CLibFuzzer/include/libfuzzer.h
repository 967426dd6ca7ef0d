#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt FuzzerInterface.h), linked by -sanitize=fuzzer. SwiftPM names an
// executable's entry point after its module, so libFuzzer's own main is not used: ours calls this.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
