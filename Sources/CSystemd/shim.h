// sd-bus from libsystemd: the D-Bus client the window talks to the desktop portals with.
#include <systemd/sd-bus.h>
