/* The start-up floor for `entrykit login`: the least a GTK 3 login dialog is, in plain C.
 * Two labelled entries (the password hidden), Cancel and OK; prints the user name on OK.
 * scripts/benchmark builds it with gcc -O2 and times its start-up beside entrykit and zenity.
 *
 *     login-floor [--title TITLE]
 */
#include <gtk/gtk.h>
#include <string.h>

int main(int argc, char **argv) {
    gtk_init(&argc, &argv);
    const char *title = argc > 2 && strcmp(argv[1], "--title") == 0 ? argv[2] : "Sign in";

    GtkWidget *dialog =
        gtk_dialog_new_with_buttons(title, NULL, 0, "_Cancel", GTK_RESPONSE_CANCEL, "_OK", GTK_RESPONSE_OK, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(dialog), GTK_RESPONSE_OK);
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
    gtk_container_set_border_width(GTK_CONTAINER(grid), 12);

    GtkWidget *user = gtk_entry_new();
    GtkWidget *password = gtk_entry_new();
    gtk_entry_set_visibility(GTK_ENTRY(password), FALSE);
    gtk_entry_set_input_purpose(GTK_ENTRY(password), GTK_INPUT_PURPOSE_PASSWORD);
    gtk_entry_set_activates_default(GTK_ENTRY(password), TRUE);
    GtkWidget *user_label = gtk_label_new_with_mnemonic("_Username:");
    GtkWidget *password_label = gtk_label_new_with_mnemonic("_Password:");
    gtk_label_set_mnemonic_widget(GTK_LABEL(user_label), user);
    gtk_label_set_mnemonic_widget(GTK_LABEL(password_label), password);
    gtk_widget_set_halign(user_label, GTK_ALIGN_END);
    gtk_widget_set_halign(password_label, GTK_ALIGN_END);
    gtk_grid_attach(GTK_GRID(grid), user_label, 0, 0, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), user, 1, 0, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), password_label, 0, 1, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), password, 1, 1, 1, 1);
    gtk_container_add(GTK_CONTAINER(gtk_dialog_get_content_area(GTK_DIALOG(dialog))), grid);
    gtk_widget_show_all(grid);

    int answered = gtk_dialog_run(GTK_DIALOG(dialog)) == GTK_RESPONSE_OK;
    if (answered) puts(gtk_entry_get_text(GTK_ENTRY(user)));
    return answered ? 0 : 1;
}
