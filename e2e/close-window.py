#!/usr/bin/env python3
"""Asks the window titled TITLE to close, as a window manager's close button does.

  python3 e2e/close-window.py TITLE [TIMEOUT_S]

Waits (up to TIMEOUT_S, default 20) for a top-level window of the display in $DISPLAY whose name
is TITLE, then sends it WM_DELETE_WINDOW. Exits 1 if no such window appears. The WebDriver
cannot do this: closing the window through it ends the session, and the driver then kills the
app instead of letting it quit. Python's standard library only (Xlib through ctypes).
"""

import ctypes
import sys
import time

CLIENT_MESSAGE = 33


class ClientMessage(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("l", ctypes.c_long * 5),
    ]


class XEvent(ctypes.Union):
    _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]


def xlib():
    x = ctypes.cdll.LoadLibrary("libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XQueryTree.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
        ctypes.POINTER(ctypes.c_uint),
    ]
    x.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
    x.XFree.argtypes = [ctypes.c_void_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XSendEvent.argtypes = [
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_long,
        ctypes.c_void_p,
    ]
    x.XFlush.argtypes = [ctypes.c_void_p]
    return x


def find(x, display, title):
    """The first top-level window named `title`, or None."""
    root = x.XDefaultRootWindow(display)
    root_out, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    if not x.XQueryTree(
        display, root, ctypes.byref(root_out), ctypes.byref(parent), ctypes.byref(children),
        ctypes.byref(count),
    ):
        return None
    found = None
    for i in range(count.value):
        name = ctypes.c_char_p()
        if x.XFetchName(display, children[i], ctypes.byref(name)) and name.value:
            if name.value.decode("utf-8", "replace") == title:
                found = children[i]
            x.XFree(name)
        if found:
            break
    if children:
        x.XFree(children)
    return found


def main():
    title = sys.argv[1]
    timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 20.0
    x = xlib()
    display = x.XOpenDisplay(None)
    if not display:
        print("no X display", file=sys.stderr)
        return 1
    deadline = time.monotonic() + timeout
    window = find(x, display, title)
    while window is None and time.monotonic() < deadline:
        time.sleep(0.1)
        window = find(x, display, title)
    if window is None:
        print(f"no window named {title!r}", file=sys.stderr)
        return 1
    event = XEvent()
    event.xclient.type = CLIENT_MESSAGE
    event.xclient.window = window
    event.xclient.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.l[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    x.XSendEvent(display, window, 0, 0, ctypes.byref(event))
    x.XFlush(display)
    return 0


if __name__ == "__main__":
    sys.exit(main())
