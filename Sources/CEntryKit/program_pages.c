/* The program's read-only pages, given back once a dialog waits (see entrykit_program_pages.h). */

#define _GNU_SOURCE
#include "entrykit_program_pages.h"

#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/* For the first object dl_iterate_phdr reports, the program: MADV_DONTNEED on each loaded segment
 * without write permission. Such a page of a private file mapping is the file's own content, so
 * dropping it loses nothing; the next access maps it again from the page cache. Only whole pages
 * inside the segment are given back, so a page shared with a writable segment (relocated data,
 * variables) is never touched. */
static int release_read_only_segments(struct dl_phdr_info *info, size_t size, void *released) {
    (void)size;
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_W) != 0) continue;
        const uintptr_t first = info->dlpi_addr + segment->p_vaddr;
        const uintptr_t start = (first + page - 1) & ~(page - 1);
        const uintptr_t end = (first + segment->p_memsz) & ~(page - 1);
        if (end > start && madvise((void *)start, end - start, MADV_DONTNEED) == 0) *(size_t *)released += end - start;
    }
    return 1; /* the program only */
}

size_t ek_release_program_pages(void) {
    size_t released = 0;
    dl_iterate_phdr(release_read_only_segments, &released);
    return released;
}
