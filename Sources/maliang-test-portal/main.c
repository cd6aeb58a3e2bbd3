// maliang-test-portal SCHEME: the XDG desktop portal's Settings interface, as much of it as the tests need, on the
// session bus (DBUS_SESSION_BUS_ADDRESS): Read("org.freedesktop.appearance", "color-scheme") answers SCHEME (0 no
// preference, 1 dark, 2 light) in a variant; SIGUSR1 turns dark into light and back and sends SettingChanged.
// Prints "ready" once it owns org.freedesktop.portal.Desktop. Real portals need a desktop session to run.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>

static const char *path = "/org/freedesktop/portal/desktop";
static const char *interface = "org.freedesktop.portal.Settings";
static uint32_t scheme;
static volatile sig_atomic_t flip;

static int read_setting(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const char *namespace, *key;
    int result = sd_bus_message_read(message, "ss", &namespace, &key);
    if (result < 0) return result;
    if (strcmp(namespace, "org.freedesktop.appearance") != 0 || strcmp(key, "color-scheme") != 0)
        return sd_bus_error_set(error, "org.freedesktop.portal.Error.NotFound", "Requested setting not found");
    sd_bus_message *reply = NULL;
    result = sd_bus_message_new_method_return(message, &reply);
    // Read answers a variant holding the value's variant (the portal's historical double wrapping).
    if (result >= 0) result = sd_bus_message_open_container(reply, 'v', "v");
    if (result >= 0) result = sd_bus_message_append(reply, "v", "u", scheme);
    if (result >= 0) result = sd_bus_message_close_container(reply);
    if (result >= 0) result = sd_bus_send(NULL, reply, NULL);
    sd_bus_message_unref(reply);
    return result;
}

static const sd_bus_vtable settings[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Read", "ss", "v", read_setting, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("SettingChanged", "ssv", 0),
    SD_BUS_VTABLE_END,
};

static void on_usr1(int signal) {
    (void)signal;
    flip = 1;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: maliang-test-portal SCHEME\n");
        return 2;
    }
    scheme = (uint32_t)atoi(argv[1]);
    signal(SIGUSR1, on_usr1);
    // A test runner may start it with signals blocked: SIGUSR1 must arrive, and SIGTERM must end it.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGUSR1);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_UNBLOCK, &signals, NULL);
    sd_bus *bus = NULL;
    int result = sd_bus_open_user(&bus);
    if (result >= 0) result = sd_bus_add_object_vtable(bus, NULL, path, interface, settings, NULL);
    if (result >= 0) result = sd_bus_request_name(bus, "org.freedesktop.portal.Desktop", 0);
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
            sd_bus_emit_signal(bus, path, interface, "SettingChanged", "ssv", "org.freedesktop.appearance",
                               "color-scheme", "u", scheme);
        }
        while ((result = sd_bus_process(bus, NULL)) > 0) {}
        if (result < 0) break;
        sd_bus_wait(bus, 50000);
    }
    sd_bus_flush_close_unref(bus);
    return 0;
}
