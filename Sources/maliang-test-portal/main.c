// maliang-test-portal SCHEME [ANSWERS]: a desktop portal backend, as much of one as the tests need, for the real
// xdg-desktop-portal on the session bus (DBUS_SESSION_BUS_ADDRESS). It owns
// org.freedesktop.impl.portal.desktop.maliangtest; a .portal file naming it (UseIn=maliangtest) lets the frontend
// find it. Real backends (GTK, GNOME, KDE) show dialogs a person answers; this one answers from a file.
//
// Settings: Read/ReadAll answer org.freedesktop.appearance color-scheme = SCHEME (0 no preference, 1 dark,
// 2 light); SIGUSR1 turns dark into light and back and sends SettingChanged. With MALIANG_TEST_FONT_NAME set, Read
// answers org.gnome.desktop.interface font-name with it, and text-scaling-factor with MALIANG_TEST_TEXT_SCALING
// (1 when unset), as GNOME's backend does; SIGUSR2 doubles the scaling and sends SettingChanged.
// FileChooser: OpenFile and SaveFile print one line to standard output — the method, the title, then each option
// as key=value (current_name, accept_label, filters by name, choices as id:default), then parent= the window it
// stands on ("wayland:HANDLE", or nothing) — and answer the first line of
// the ANSWERS file, which they take out of it: "cancel", or a URI followed by choices as id=value (and
// current_filter=NAME, '_' for a space: the filter shown last). With no line left they answer cancel.
//
// Prints "ready" once it owns its name.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

static const char *path = "/org/freedesktop/portal/desktop";
static uint32_t scheme;
static const char *answers;
static volatile sig_atomic_t flip;
static volatile sig_atomic_t grow;
static const char *font_name;
static double text_scaling = 1;

// MARK: - Settings

static int append_scheme_value(sd_bus_message *reply) {
    return sd_bus_message_append(reply, "v", "u", scheme);
}

static int read_setting(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    (void)userdata;
    const char *namespace, *key;
    int result = sd_bus_message_read(message, "ss", &namespace, &key);
    if (result < 0) return result;
    int is_scheme = strcmp(namespace, "org.freedesktop.appearance") == 0 && strcmp(key, "color-scheme") == 0;
    int is_interface = font_name && strcmp(namespace, "org.gnome.desktop.interface") == 0;
    int is_font = is_interface && strcmp(key, "font-name") == 0;
    int is_scaling = is_interface && strcmp(key, "text-scaling-factor") == 0;
    if (!is_scheme && !is_font && !is_scaling)
        return sd_bus_error_set(error, "org.freedesktop.portal.Error.NotFound", "Requested setting not found");
    sd_bus_message *reply = NULL;
    result = sd_bus_message_new_method_return(message, &reply);
    if (result >= 0 && is_scheme) result = append_scheme_value(reply);
    if (result >= 0 && is_font) result = sd_bus_message_append(reply, "v", "s", font_name);
    if (result >= 0 && is_scaling) result = sd_bus_message_append(reply, "v", "d", text_scaling);
    if (result >= 0) result = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return result;
}

static int read_all_settings(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    (void)userdata;
    (void)error;
    sd_bus_message *reply = NULL;
    int result = sd_bus_message_new_method_return(message, &reply);
    if (result >= 0) result = sd_bus_message_open_container(reply, 'a', "{sa{sv}}");
    if (result >= 0) result = sd_bus_message_open_container(reply, 'e', "sa{sv}");
    if (result >= 0) result = sd_bus_message_append(reply, "s", "org.freedesktop.appearance");
    if (result >= 0) result = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (result >= 0) result = sd_bus_message_append(reply, "{sv}", "color-scheme", "u", scheme);
    if (result >= 0) result = sd_bus_message_close_container(reply);
    if (result >= 0) result = sd_bus_message_close_container(reply);
    if (result >= 0) result = sd_bus_message_close_container(reply);
    if (result >= 0) result = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return result;
}

static const sd_bus_vtable settings[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Read", "ss", "v", read_setting, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("ReadAll", "as", "a{sa{sv}}", read_all_settings, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("SettingChanged", "ssv", 0),
    SD_BUS_VTABLE_END,
};

// MARK: - FileChooser

// Prints the options the tests look at; skips the rest.
static int print_options(sd_bus_message *message) {
    int result = sd_bus_message_enter_container(message, 'a', "{sv}");
    if (result < 0) return result;
    while ((result = sd_bus_message_enter_container(message, 'e', "sv")) > 0) {
        const char *key;
        if ((result = sd_bus_message_read(message, "s", &key)) < 0) return result;
        if (strcmp(key, "current_name") == 0 || strcmp(key, "accept_label") == 0) {
            const char *value;
            if ((result = sd_bus_message_read(message, "v", "s", &value)) < 0) return result;
            printf(" %s=%s", key, value);
        } else if (strcmp(key, "filters") == 0) {
            if ((result = sd_bus_message_enter_container(message, 'v', "a(sa(us))")) < 0) return result;
            if ((result = sd_bus_message_enter_container(message, 'a', "(sa(us))")) < 0) return result;
            while ((result = sd_bus_message_enter_container(message, 'r', "sa(us)")) > 0) {
                const char *name;
                if ((result = sd_bus_message_read(message, "s", &name)) < 0) return result;
                printf(" filter=%s", name);
                if ((result = sd_bus_message_skip(message, "a(us)")) < 0) return result;
                if ((result = sd_bus_message_exit_container(message)) < 0) return result;
            }
            if (result < 0) return result;
            if ((result = sd_bus_message_exit_container(message)) < 0) return result;
            if ((result = sd_bus_message_exit_container(message)) < 0) return result;
        } else if (strcmp(key, "choices") == 0) {
            if ((result = sd_bus_message_enter_container(message, 'v', "a(ssa(ss)s)")) < 0) return result;
            if ((result = sd_bus_message_enter_container(message, 'a', "(ssa(ss)s)")) < 0) return result;
            while ((result = sd_bus_message_enter_container(message, 'r', "ssa(ss)s")) > 0) {
                const char *id, *label, *initial;
                if ((result = sd_bus_message_read(message, "ss", &id, &label)) < 0) return result;
                if ((result = sd_bus_message_skip(message, "a(ss)")) < 0) return result;
                if ((result = sd_bus_message_read(message, "s", &initial)) < 0) return result;
                printf(" choice=%s:%s", id, initial);
                if ((result = sd_bus_message_exit_container(message)) < 0) return result;
            }
            if (result < 0) return result;
            if ((result = sd_bus_message_exit_container(message)) < 0) return result;
            if ((result = sd_bus_message_exit_container(message)) < 0) return result;
        } else if ((result = sd_bus_message_skip(message, "v")) < 0) {
            return result;
        }
        if ((result = sd_bus_message_exit_container(message)) < 0) return result;
    }
    if (result < 0) return result;
    return sd_bus_message_exit_container(message);
}

// The first line of the answers file, taken out of it; NULL when there is none.
static char *next_answer(void) {
    if (answers == NULL) return NULL;
    FILE *file = fopen(answers, "r");
    if (file == NULL) return NULL;
    char *first = NULL, *rest = NULL;
    size_t first_size = 0, rest_size = 0;
    ssize_t length = getline(&first, &first_size, file);
    FILE *remainder = open_memstream(&rest, &rest_size);
    char buffer[4096];
    size_t count;
    while ((count = fread(buffer, 1, sizeof buffer, file)) > 0) fwrite(buffer, 1, count, remainder);
    fclose(remainder);
    fclose(file);
    file = fopen(answers, "w");
    if (file != NULL) {
        fwrite(rest, 1, rest_size, file);
        fclose(file);
    }
    free(rest);
    if (length <= 0) {
        free(first);
        return NULL;
    }
    first[strcspn(first, "\n")] = 0;
    return first;
}

static int choose_file(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    (void)userdata;
    (void)error;
    const char *handle, *app_id, *parent, *title;
    int result = sd_bus_message_read(message, "osss", &handle, &app_id, &parent, &title);
    if (result < 0) return result;
    printf("%s title=%s", sd_bus_message_get_member(message), title);
    result = print_options(message);
    printf(" parent=%s\n", parent);
    fflush(stdout);
    if (result < 0) return result;

    char *answer = next_answer();
    int cancelled = answer == NULL || strcmp(answer, "cancel") == 0;
    sd_bus_message *reply = NULL;
    result = sd_bus_message_new_method_return(message, &reply);
    if (result >= 0) result = sd_bus_message_append(reply, "u", cancelled ? 1 : 0);
    if (result >= 0) result = sd_bus_message_open_container(reply, 'a', "{sv}");
    if (!cancelled) {
        char *saved = NULL;
        char *uri = strtok_r(answer, " ", &saved);
        if (result >= 0) result = sd_bus_message_append(reply, "{sv}", "uris", "as", 1, uri);
        if (result >= 0) result = sd_bus_message_open_container(reply, 'e', "sv");
        if (result >= 0) result = sd_bus_message_append(reply, "s", "choices");
        if (result >= 0) result = sd_bus_message_open_container(reply, 'v', "a(ss)");
        if (result >= 0) result = sd_bus_message_open_container(reply, 'a', "(ss)");
        char *filter = NULL;
        for (char *pair; result >= 0 && (pair = strtok_r(NULL, " ", &saved)) != NULL;) {
            char *equals = strchr(pair, '=');
            if (equals == NULL) continue;
            *equals = 0;
            if (strcmp(pair, "current_filter") == 0) {
                filter = equals + 1;
                continue;
            }
            result = sd_bus_message_append(reply, "(ss)", pair, equals + 1);
        }
        if (result >= 0) result = sd_bus_message_close_container(reply);
        if (result >= 0) result = sd_bus_message_close_container(reply);
        if (result >= 0) result = sd_bus_message_close_container(reply);
        if (filter != NULL) {
            // The filter shown last, by name ('_' for a space); its patterns are not needed by the client.
            for (char *c = filter; *c; c++)
                if (*c == '_') *c = ' ';
            if (result >= 0) result = sd_bus_message_open_container(reply, 'e', "sv");
            if (result >= 0) result = sd_bus_message_append(reply, "s", "current_filter");
            if (result >= 0) result = sd_bus_message_open_container(reply, 'v', "(sa(us))");
            if (result >= 0) result = sd_bus_message_append(reply, "(sa(us))", filter, 0);
            if (result >= 0) result = sd_bus_message_close_container(reply);
            if (result >= 0) result = sd_bus_message_close_container(reply);
        }
    }
    if (result >= 0) result = sd_bus_message_close_container(reply);
    if (result >= 0) result = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    free(answer);
    return result;
}

static const sd_bus_vtable file_chooser[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("OpenFile", "osssa{sv}", "ua{sv}", choose_file, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SaveFile", "osssa{sv}", "ua{sv}", choose_file, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_VTABLE_END,
};

// MARK: -

static void on_usr1(int signal) {
    (void)signal;
    flip = 1;
}

static void on_usr2(int signal) {
    (void)signal;
    grow = 1;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: maliang-test-portal SCHEME [ANSWERS]\n");
        return 2;
    }
    scheme = (uint32_t)atoi(argv[1]);
    answers = argc == 3 ? argv[2] : NULL;
    font_name = getenv("MALIANG_TEST_FONT_NAME");
    const char *scaling = getenv("MALIANG_TEST_TEXT_SCALING");
    if (scaling) text_scaling = atof(scaling);
    signal(SIGUSR1, on_usr1);
    signal(SIGUSR2, on_usr2);
    // A test runner may start it with signals blocked: SIGUSR1 and SIGUSR2 must arrive, and SIGTERM must end it.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGUSR1);
    sigaddset(&signals, SIGUSR2);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_UNBLOCK, &signals, NULL);
    sd_bus *bus = NULL;
    int result = sd_bus_open_user(&bus);
    if (result >= 0)
        result = sd_bus_add_object_vtable(bus, NULL, path, "org.freedesktop.impl.portal.Settings", settings, NULL);
    if (result >= 0)
        result =
            sd_bus_add_object_vtable(bus, NULL, path, "org.freedesktop.impl.portal.FileChooser", file_chooser, NULL);
    if (result >= 0) result = sd_bus_request_name(bus, "org.freedesktop.impl.portal.desktop.maliangtest", 0);
    if (result < 0) {
        fprintf(stderr, "maliang-test-portal: %s\n", strerror(-result));
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        if (flip) {
            flip = 0;
            scheme = scheme == 2 ? 1 : 2;
            sd_bus_emit_signal(bus, path, "org.freedesktop.impl.portal.Settings", "SettingChanged", "ssv",
                               "org.freedesktop.appearance", "color-scheme", "u", scheme);
        }
        if (grow && font_name) {
            grow = 0;
            text_scaling *= 2;
            sd_bus_emit_signal(bus, path, "org.freedesktop.impl.portal.Settings", "SettingChanged", "ssv",
                               "org.gnome.desktop.interface", "text-scaling-factor", "d", text_scaling);
        }
        while ((result = sd_bus_process(bus, NULL)) > 0) {}
        if (result < 0) break;
        sd_bus_wait(bus, 50000);
    }
    sd_bus_flush_close_unref(bus);
    return 0;
}
