#ifndef ENTRYKIT_CHOOSER_ENTRY_PRIVATE_H
#define ENTRYKIT_CHOOSER_ENTRY_PRIVATE_H

/* What EkChooserEntry and its accessible (chooser_entry_accessible.c) share. */

#include "entrykit/entrykit_chooser_entry.h"
#include <gtk/gtk-a11y.h>

G_BEGIN_DECLS

#define EK_TYPE_CHOOSER_ENTRY_ACCESSIBLE (ek_chooser_entry_accessible_get_type())
G_DECLARE_FINAL_TYPE(EkChooserEntryAccessible, ek_chooser_entry_accessible, EK, CHOOSER_ENTRY_ACCESSIBLE,
                     GtkEntryAccessible)

/* What there is to choose, as ek_chooser_entry_set_choices() last said. */
gint ek_chooser_entry_get_choice_count(EkChooserEntry *entry);
gint ek_chooser_entry_get_chosen(EkChooserEntry *entry);
/* The widget whose accessible the entry is "controller-for" (the list), or NULL. */
GtkWidget *ek_chooser_entry_get_controlled(EkChooserEntry *entry);

/* What the accessible's action and selection ask for: "toggle-requested", "choose-requested". */
void ek_chooser_entry_request_toggle(EkChooserEntry *entry);
void ek_chooser_entry_request_choice(EkChooserEntry *entry, gint index);

G_END_DECLS

#endif
