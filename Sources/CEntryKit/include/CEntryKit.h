#ifndef ENTRYKIT_CENTRYKIT_H
#define ENTRYKIT_CENTRYKIT_H

/* EntryKit's C module as Swift sees it: the library's public API (entrykit/, installed) and the
 * private headers of what EntryKit's Swift code calls in C (../private/, never installed). */

/* Swift reads this header as a Clang module. GTK's declarations must belong to the CGtk module
 * alone: included again here they would belong to two modules, and Swift files that import only
 * CGtk could no longer see some of them. So the module imports CGtk, whose include guards then
 * keep the headers below from including GTK a second time. */
#if __has_feature(modules)
#pragma clang module import CGtk
#endif
#include "entrykit/entrykit.h"

#include "../private/entrykit_account_panel_private.h"
#include "../private/entrykit_chooser_field_private.h"
#include "../private/entrykit_drop_down_field_private.h"
#include "../private/entrykit_first_draw.h"
#include "../private/entrykit_list_view.h"
#include "../private/entrykit_notify.h"
#include "../private/entrykit_password_entry.h"
#include "../private/entrykit_picker_field_private.h"
#include "../private/entrykit_process_protection.h"
#include "../private/entrykit_program_pages.h"
#include "../private/entrykit_prompt_window.h"
#include "../private/entrykit_secure_answer.h"
#include "../private/entrykit_types.h"
#include "../private/entrykit_warn.h"

#endif
