#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
