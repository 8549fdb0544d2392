#ifndef ENTRYKIT_SECRET_INPUT_H
#define ENTRYKIT_SECRET_INPUT_H

/* Input that may hold a secret (git's credential request: `password=…`), read into locked memory
 * rather than a buffer of the language's own, which nothing wipes. */

#include "entrykit_prompts_base.h"

G_BEGIN_DECLS

/* Reads `fd` into `into` until the end of input or the blank line that ends a git credential
 * request (git may keep the pipe open after it), at most `limit` bytes. Each chunk passes through
 * a stack buffer that is wiped after. Returns 0, E2BIG when the input goes on past `limit`, or
 * the errno value of a failed read. */
int ek_secret_input_read_request(EkSecureAnswer *into, int fd, gsize limit);

G_END_DECLS

#endif
