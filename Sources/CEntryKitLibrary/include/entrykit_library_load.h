#ifndef ENTRYKIT_LIBRARY_LOAD_H
#define ENTRYKIT_LIBRARY_LOAD_H

/* Installs the Swift implementation behind the library's GObject types (EntryKitLibrary). */
void ek_library_load(void);

#endif
