#ifndef ENTRYKIT_CENTRYKIT_H
#define ENTRYKIT_CENTRYKIT_H

/* EntryKit's C module: GObject subclasses Swift cannot declare. */

/* Swift reads this header as a Clang module. GTK's declarations must belong to the CGtk module
 * alone: included again here they would belong to two modules, and Swift files that import only
 * CGtk could no longer see some of them. So the module imports CGtk, whose include guards then
 * keep the headers below from including GTK a second time. */
#if __has_feature(modules)
#pragma clang module import CGtk
#endif
#include "entrykit.h"
#include "entrykit_field_implementation.h"
#include "entrykit_first_draw.h"
#include "entrykit_list_view.h"
#include "entrykit_password_entry.h"
#include "entrykit_picker_field.h"
#include "entrykit_process_protection.h"
#include "entrykit_prompt_window.h"
#include "entrykit_program_pages.h"
#include "entrykit_secure_answer.h"
#include "entrykit_secure_buffer.h"
#include "entrykit_types.h"

#endif
