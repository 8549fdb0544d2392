#ifndef ENTRYKIT_CENTRYKITPROMPTS_H
#define ENTRYKIT_CENTRYKITPROMPTS_H

/* What only the password prompts need in C: the desktop's keyring, and a secret read from a
 * descriptor into locked memory. Not part of the library. */

#include "entrykit_keyring.h"
#include "entrykit_secret_input.h"

#endif
