#ifndef ENTRYKIT_PROGRAM_PAGES_H
#define ENTRYKIT_PROGRAM_PAGES_H

#include <stddef.h>

/* Gives back the program's own read-only pages (its code and constants, mapped from its file and
 * never written) that the process has mapped, such as everything start-up ran once. Pages used
 * again come back from the file's page cache on their next access. Returns the bytes of the
 * ranges given back. Not for libraries: only the main program's segments are touched. */
size_t ek_release_program_pages(void);

#endif
