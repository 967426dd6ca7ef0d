// OpenSSL's libcrypto, for SHA-256 only: its EVP digest uses the processor's SHA extensions where
// they exist (about ten times the speed of portable code), and a run hashes every file it writes
// and every kept file it verifies.
#include <openssl/evp.h>
