#ifndef ENTRYKIT_CHOOSER_ENTRY_H
#define ENTRYKIT_CHOOSER_ENTRY_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* EkChooserEntry: a GtkEntry that opens a list of choices, the base of EkDropDownField and of
 * any other entry that shows a popup of choices (a picker).
 *
 * It does the parts that must be C and must be the same however the entry was made (in code or
 * by GtkBuilder):
 *
 * - "expandable": the entry has a list to open. Its accessible is then a combo box with the
 *   state "expandable"; a primary-button press on it emits "toggle-requested" exactly once per
 *   click (double and triple presses are not counted again). Not expandable, it is an ordinary
 *   entry with the ordinary text role.
 * - "expanded": the list is shown. The accessible reports the state "expanded" and emits the
 *   state change. While expanded, a press anywhere in the window outside the entry and the popup
 *   widget, and keyboard focus leaving the entry, emit "dismiss-requested".
 * - the accessible has the action "press" (after the entry's "activate"), which emits
 *   "toggle-requested" as a click does, and AtkSelection over the choices the owner reports with
 *   ek_chooser_entry_set_choices: selecting item i emits "choose-requested" (i), clearing it
 *   "choose-requested" (-1); the owner chooses and reports the new state back.
 * - the accessible is named by the entry's accessible name, else its mnemonic label, else its
 *   placeholder text, and is "controller-for" the list given to ek_chooser_entry_set_popup.
 *
 * It shows nothing itself: the owner opens and closes its popup on the signals and sets
 * "expanded" to match. */

#define EK_TYPE_CHOOSER_ENTRY (ek_chooser_entry_get_type())
G_DECLARE_DERIVABLE_TYPE(EkChooserEntry, ek_chooser_entry, EK, CHOOSER_ENTRY, GtkEntry)

struct _EkChooserEntryClass {
    GtkEntryClass parent_class;
    gpointer padding[8];
};

void ek_chooser_entry_set_expandable(EkChooserEntry *entry, gboolean expandable);
gboolean ek_chooser_entry_get_expandable(EkChooserEntry *entry);

void ek_chooser_entry_set_expanded(EkChooserEntry *entry, gboolean expanded);
gboolean ek_chooser_entry_get_expanded(EkChooserEntry *entry);

/* `popup`: the widget shown while expanded (a GtkPopover); presses inside it are not outside.
 * `controlled`: the widget whose accessible the entry is "controller-for" (the list). Either may
 * be NULL; both are held weakly. */
void ek_chooser_entry_set_popup(EkChooserEntry *entry, GtkWidget *popup, GtkWidget *controlled);

/* What there is to choose from, for the accessible's AtkSelection: `count` items, the one at
 * `chosen` chosen (-1 for none). Emits "selection-changed" on the accessible when `chosen` changes. */
void ek_chooser_entry_set_choices(EkChooserEntry *entry, gint count, gint chosen);

G_END_DECLS

#endif
