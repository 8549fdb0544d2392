#ifndef ENTRYKIT_H
#define ENTRYKIT_H

/* EntryKit for C: #include <entrykit.h>, pkg-config entrykit-1.0. */

#include "entrykit_account_panel.h"
#include "entrykit_chooser_entry.h"
#include "entrykit_chooser_field.h"
#include "entrykit_drop_down_field.h"
#include "entrykit_password.h"
#include "entrykit_picker_field.h"
#include "entrykit_secure_buffer.h"

#endif
