/* EntryKit from C: see ../README.md for what it shows and prints.
 *   cc entrykit-example.c $(pkg-config --cflags --libs entrykit-1.0) -o entrykit-example */

#include <entrykit.h>
#include <stdio.h>

static void say(const char *line) {
    printf("%s\n", line);
    fflush(stdout);
}

static void on_selected(EkDropDownField *field, gint index, const gchar *item, gpointer data) {
    printf("selected %d %s\n", index, item);
    fflush(stdout);
}

static void on_picked(EkPickerField *field, gint index, const gchar *item, gpointer data) {
    printf("picked %d %s\n", index, item);
    fflush(stdout);
}

static void on_opened(EkDropDownField *field, gpointer data) { say("opened"); }

static void answered(GObject *source, GAsyncResult *result, gpointer data) {
    g_autofree gchar *username = NULL;
    g_autoptr(EkPassword) password = NULL;
    g_autoptr(GError) error = NULL;
    gboolean accepted = ek_account_panel_ask_finish(EK_ACCOUNT_PANEL(source), result, &username, &password, &error);
    if (error != NULL) {
        printf("error %s\n", error->message);
    } else {
        printf("answer %s %s %zu\n", accepted ? "accepted" : "cancelled", username ? username : "",
               password ? ek_password_get_length(password) : 0);
        if (password != NULL) {
            fputs("password ", stdout);
            fflush(stdout);
            ek_password_write_to_fd(password, 1, NULL); /* straight from locked memory */
            ek_password_wipe(password);
            puts("");
        }
    }
    fflush(stdout);
}

static void sign_in(GtkButton *button, gpointer data) {
    EkAccountPanel *panel = ek_account_panel_new("Sign in to Example");
    ek_account_panel_ask(panel, GTK_WINDOW(gtk_widget_get_toplevel(GTK_WIDGET(button))), NULL, answered, NULL);
    g_object_unref(panel); /* the pending answer keeps it */
}

static void on_map(GtkWidget *window, gpointer data) { say("ready"); }

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), "EntryKit from C");
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 420);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_container_set_border_width(GTK_CONTAINER(box), 12);
    gtk_container_add(GTK_CONTAINER(window), box);

    GtkWidget *fruit = ek_drop_down_field_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(fruit), "Fruit");
    /* Many items go quickest as one buffer, one item per line, which the field splits itself
     * (ek_drop_down_field_set_items takes a NULL-terminated array of strings instead). */
    GString *lines = g_string_new(NULL);
    for (int i = 0; i < 100000; i++) g_string_append_printf(lines, "item %d\n", i);
    GBytes *text = g_string_free_to_bytes(lines);
    ek_chooser_field_set_items_from_bytes(EK_CHOOSER_FIELD(fruit), text, "\n");
    g_bytes_unref(text);
    g_object_set(fruit, "free-text", TRUE, "visible-row-count", 8, NULL);
    g_signal_connect(fruit, "selected", G_CALLBACK(on_selected), NULL);
    g_signal_connect(fruit, "opened", G_CALLBACK(on_opened), NULL);
    gtk_box_pack_start(GTK_BOX(box), fruit, FALSE, FALSE, 0);

    GtkWidget *size = ek_picker_field_new();
    const gchar *sizes[] = {"Small", "Medium", "Large", NULL};
    ek_picker_field_set_items(EK_PICKER_FIELD(size), sizes, "Size");
    ek_picker_field_set_picked_index(EK_PICKER_FIELD(size), 1);
    g_signal_connect(size, "picked", G_CALLBACK(on_picked), NULL);
    gtk_box_pack_start(GTK_BOX(box), size, FALSE, FALSE, 0);

    GtkWidget *button = gtk_button_new_with_label("Sign in");
    g_signal_connect(button, "clicked", G_CALLBACK(sign_in), NULL);
    gtk_box_pack_end(GTK_BOX(box), button, FALSE, FALSE, 0);

    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    gtk_widget_show_all(window);
    gtk_main();
    return 0;
}
