#include "entrykit_picker_field.h"

struct _EkPickerField {
    EkChooserEntry parent_instance;
};

G_DEFINE_TYPE(EkPickerField, ek_picker_field, EK_TYPE_CHOOSER_ENTRY)

enum { SIGNAL_PICKER_KEY_PRESS, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The class handler runs after every handler connected with g_signal_connect (key-press-event
 * is RUN_LAST), so an application sees a key before the picker uses it. */
static gboolean picker_key_press(GtkWidget *widget, GdkEventKey *event) {
    gboolean handled = FALSE;
    g_signal_emit(widget, signals[SIGNAL_PICKER_KEY_PRESS], 0, event, &handled);
    if (handled) return TRUE;
    return GTK_WIDGET_CLASS(ek_picker_field_parent_class)->key_press_event(widget, event);
}

static void ek_picker_field_class_init(EkPickerFieldClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->key_press_event = picker_key_press;
    gtk_widget_class_set_css_name(widget_class, "entry");
    signals[SIGNAL_PICKER_KEY_PRESS] = g_signal_new("picker-key-press", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                                    g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 1,
                                                    GDK_TYPE_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void ek_picker_field_init(EkPickerField *field) { (void)field; }

GtkWidget *ek_picker_field_new(void) { return g_object_new(EK_TYPE_PICKER_FIELD, NULL); }

void ek_picker_field_warn(const char *message) { g_log("EntryKit", G_LOG_LEVEL_WARNING, "%s", message); }
