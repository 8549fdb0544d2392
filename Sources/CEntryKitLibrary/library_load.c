#include "entrykit_library_load.h"

/* Runs when the shared library is loaded, before any of its types can be instantiated: a
 * program or a language binding only ever calls the types' C functions, so this is the one
 * place where the Swift side can be installed first. It touches no display. */
__attribute__((constructor)) static void library_loaded(void) { ek_library_load(); }
