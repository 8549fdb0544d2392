#include "entrykit_password_entry.h"

#include <gtk/gtk-a11y.h>
#include <string.h>

/* ---- The accessible ------------------------------------------------------------------------ */

#define EK_TYPE_PASSWORD_ENTRY_ACCESSIBLE (ek_password_entry_accessible_get_type())
G_DECLARE_FINAL_TYPE(EkPasswordEntryAccessible, ek_password_entry_accessible, EK, PASSWORD_ENTRY_ACCESSIBLE,
                     GtkEntryAccessible)

struct _EkPasswordEntryAccessible {
    GtkEntryAccessible parent_instance;
};

static void password_text_interface_init(AtkTextIface *iface);
static void password_editable_text_interface_init(AtkEditableTextIface *iface);

/* Implemented again here, these interfaces start as copies of GtkEntryAccessible's (GObject
 * copies the parent's vtable); only the leaking functions are replaced. */
G_DEFINE_TYPE_WITH_CODE(EkPasswordEntryAccessible, ek_password_entry_accessible, GTK_TYPE_ENTRY_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, password_text_interface_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, password_editable_text_interface_init))

static AtkTextIface *parent_text_iface;

/* GTK 3's get_selection returns gtk_editable_get_chars of the selection: the real text. The
 * bounds stay true; the text is what the screen shows there (the invisible characters). */
static gchar *password_get_selection(AtkText *text, gint selection, gint *start, gint *end) {
    gchar *real = parent_text_iface->get_selection(text, selection, start, end);
    if (real) {
        memset(real, 0, strlen(real));
        g_free(real);
    }
    if (*start == *end) return NULL;
    return parent_text_iface->get_text(text, *start, *end); /* the display text */
}

static void password_text_interface_init(AtkTextIface *iface) {
    parent_text_iface = g_type_interface_peek_parent(iface); /* GTK's reads are of the display text: kept */
    iface->get_selection = password_get_selection;
}

/* GTK 3's copy_text and cut_text put gtk_editable_get_chars (the real text) on the clipboard.
 * A user cannot copy a hidden entry either; over AT-SPI they do nothing, as there. */
static void password_copy_text(AtkEditableText *text, gint start, gint end) {
    (void)text;
    (void)start;
    (void)end;
}

static void password_cut_text(AtkEditableText *text, gint start, gint end) {
    (void)text;
    (void)start;
    (void)end;
}

static void password_editable_text_interface_init(AtkEditableTextIface *iface) {
    /* Typing, deleting and pasting in stay GTK's. */
    iface->copy_text = password_copy_text;
    iface->cut_text = password_cut_text;
}

static void ek_password_entry_accessible_class_init(EkPasswordEntryAccessibleClass *klass) { (void)klass; }
static void ek_password_entry_accessible_init(EkPasswordEntryAccessible *self) { (void)self; }

/* ---- The entry ----------------------------------------------------------------------------- */

struct _EkPasswordEntry {
    GtkEntry parent_instance;
};

G_DEFINE_TYPE(EkPasswordEntry, ek_password_entry, GTK_TYPE_ENTRY)

/* GTK 3 shows the character just typed in clear for `gtk-entry-password-hint-timeout` ms (a
 * setting any settings.ini may set): the display text, which drawing, the accessible's text
 * and text-changed events, and the PRIMARY selection all read, then holds it. GtkEntry keeps
 * the hint as this qdata, set by its own inserted-text handler; dropping it right after (this
 * handler runs after GtkEntry's, before anything reads the new display text) keeps every
 * character invisible, whatever the setting. */
static void drop_password_hint(GtkEntryBuffer *buffer, guint position, gchar *chars, guint n_chars, gpointer entry) {
    (void)buffer;
    (void)position;
    (void)chars;
    (void)n_chars;
    g_object_set_qdata(G_OBJECT(entry), g_quark_from_static_string("gtk-entry-password-hint"), NULL);
}

static void follow_buffer(GObject *entry, GParamSpec *pspec, gpointer unused) {
    (void)pspec;
    (void)unused;
    GtkEntryBuffer *buffer = gtk_entry_get_buffer(GTK_ENTRY(entry));
    g_signal_connect_object(buffer, "inserted-text", G_CALLBACK(drop_password_hint), entry, G_CONNECT_AFTER);
}

/* GDK spells each key event's character out in `string`, a heap copy freed (not wiped) after
 * the event: once the entry has taken the key, the copy is wiped. */
static gboolean wipe_key_text(GtkWidget *widget, GdkEventKey *event, gboolean (*handler)(GtkWidget *, GdkEventKey *)) {
    gboolean handled = handler(widget, event);
    if (event->string != NULL) explicit_bzero(event->string, strlen(event->string));
    return handled;
}

static gboolean password_key_press(GtkWidget *widget, GdkEventKey *event) {
    return wipe_key_text(widget, event, GTK_WIDGET_CLASS(ek_password_entry_parent_class)->key_press_event);
}

static gboolean password_key_release(GtkWidget *widget, GdkEventKey *event) {
    return wipe_key_text(widget, event, GTK_WIDGET_CLASS(ek_password_entry_parent_class)->key_release_event);
}

static void ek_password_entry_class_init(EkPasswordEntryClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->key_press_event = password_key_press;
    widget_class->key_release_event = password_key_release;
    gtk_widget_class_set_css_name(widget_class, "entry");
    gtk_widget_class_set_accessible_type(widget_class, EK_TYPE_PASSWORD_ENTRY_ACCESSIBLE);
}

static void ek_password_entry_init(EkPasswordEntry *entry) {
    g_signal_connect(entry, "notify::buffer", G_CALLBACK(follow_buffer), NULL);
    gtk_entry_set_visibility(GTK_ENTRY(entry), FALSE);
    gtk_entry_set_input_purpose(GTK_ENTRY(entry), GTK_INPUT_PURPOSE_PASSWORD);
    gtk_entry_set_input_hints(GTK_ENTRY(entry), GTK_INPUT_HINT_NO_SPELLCHECK | GTK_INPUT_HINT_NO_EMOJI);
    g_object_set(entry, "caps-lock-warning", FALSE, NULL);
}

GtkWidget *ek_password_entry_new_with_buffer(GtkEntryBuffer *buffer) {
    g_return_val_if_fail(GTK_IS_ENTRY_BUFFER(buffer), NULL);
    return g_object_new(EK_TYPE_PASSWORD_ENTRY, "buffer", buffer, NULL);
}
