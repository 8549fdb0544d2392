#ifndef ENTRYKIT_PROMPT_WINDOW_H
#define ENTRYKIT_PROMPT_WINDOW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A window that asks for a secret with no parent of its own (started by gpg-agent, ssh, sudo,
 * git or a script): what makes it reach the person on every desktop. Not part of the library's
 * API. */

/* Before the window is realized: above other windows, urgent until it is first active, a size a
 * tiling compositor floats (Wayland). With `holds_keyboard`, where the compositor offers a layer
 * shell (sway, Hyprland, river, labwc, Wayfire, KWin), the window becomes an overlay surface with
 * exclusive keyboard interactivity instead: above any full-screen window, every key its own.
 * Returns whether it did. */
gboolean ek_prompt_window_prepare(GtkWindow *window, gboolean holds_keyboard);

/* Shows the window and asks for it to be activated, as window managers honour: shown first, then
 * presented with a real timestamp (the startup notification's, else the X server's time). */
void ek_window_show_and_present(GtkWindow *window);

/* Gives the window keyboard focus with a real timestamp on X11 (a timestamp of 0 is refused or
 * logged as a buggy client by some window managers). */
void ek_window_focus_now(GtkWindow *window);

G_END_DECLS

#endif
