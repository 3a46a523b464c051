#!/usr/bin/env python3
"""Starts a desktop app under an X display, times its first paint, weighs it, and stops it.

  python3 scripts/window-probe.py [--runs N] [--settle S] [--screenshot FILE] [--json FILE] -- CMD...

Run it under a display (CI: `xvfb-run -a -s "-screen 0 1280x1024x24" python3 ...`). For each run
it starts CMD with a fresh temporary database (ESTATE_STEWARD_DB) and fresh XDG folders, then:

* window: the time until anything shows beside the bare root window (`window_s`);
* first paint: the time from starting CMD until the screen shows drawn content, read by polling
  the root window (Xlib's XGetImage through ctypes): at least PAINTED distinct colours, which a
  bare or blank window (Xvfb's two-colour root weave, an empty white window) never has and
  anti-aliased text always does;
* memory, SETTLE seconds after that paint: PSS and RSS summed over CMD's process and all of its
  descendants (WebKitGTK's web and network processes), from /proc/PID/smaps_rollup; PSS counts a
  page shared between them once;
* for a launcher that execs the app (scripts/run.sh): the time until it became the app
  (`app_up_s`), from /proc/PID/exe;
* a clean stop: SIGTERM to CMD, which must end (by that signal or with status 0, not by a crash)
  and take every descendant with it within STOP_WAIT seconds.

Exits 1 if a run never paints, does not stop cleanly, or leaves a process behind. Python's
standard library only: this machine has no screenshot tool.
"""

import argparse
import ctypes
import json
import os
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib

PAINTED = 8
STOP_WAIT = 10.0


class XImage(ctypes.Structure):
    # The leading fields of Xlib's XImage (X11/Xlib.h), enough to read the pixels.
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


class Screen:
    """The root window of $DISPLAY, read as 32-bit pixels."""

    def __init__(self):
        self.x = ctypes.cdll.LoadLibrary("libX11.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XGetImage.restype = ctypes.POINTER(XImage)
        self.x.XGetImage.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int,
        ]
        self.x.XDestroyImage.argtypes = [ctypes.POINTER(XImage)]
        self.x.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.display = self.x.XOpenDisplay(None)
        if not self.display:
            sys.exit("window-probe: cannot open the X display (run it under xvfb-run)")
        self.root = self.x.XDefaultRootWindow(self.display)
        self.width = self.x.XDisplayWidth(self.display, 0)
        self.height = self.x.XDisplayHeight(self.display, 0)

    def grab(self):
        """(width, height, bytes_per_line, pixel bytes) of the whole screen."""
        all_planes, z_pixmap = 0xFFFFFFFF, 2
        image = self.x.XGetImage(
            self.display, self.root, 0, 0, self.width, self.height, all_planes, z_pixmap
        )
        if not image:
            return None
        img = image.contents
        if img.bits_per_pixel != 32:
            self.x.XDestroyImage(image)
            sys.exit("window-probe: needs a 24/32-bit screen (-screen 0 1280x1024x24)")
        data = ctypes.string_at(img.data, img.bytes_per_line * img.height)
        grabbed = (img.width, img.height, img.bytes_per_line, data)
        self.x.XDestroyImage(image)
        return grabbed

    @staticmethod
    def colours(grabbed):
        """Distinct colours on a sparse grid (every 3rd pixel of every 2nd row)."""
        width, height, stride, data = grabbed
        seen = set()
        view = memoryview(data)
        for row in range(0, height, 2):
            line = view[row * stride: row * stride + width * 4].cast("I")
            seen.update(line[::3])
        return len(seen)


def write_png(grabbed, path):
    width, height, stride, data = grabbed
    raw = bytearray()
    for row in range(height):
        line = data[row * stride: row * stride + width * 4]
        raw.append(0)
        # Little-endian 32-bit TrueColor: B, G, R, unused.
        for i in range(0, width * 4, 4):
            raw += bytes((line[i + 2], line[i + 1], line[i]))

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                  + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))


def children_map():
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces, so read after the last ")".
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(name))
    return children


def tree(pid):
    children, out, todo = children_map(), [pid], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def exe(pid):
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return None


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False


def memory(pid):
    """(PSS KiB, RSS KiB, names) summed over pid and its descendants."""
    pss = rss = 0
    names = []
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line and "-" not in line)
            with open(f"/proc/{p}/comm") as f:
                names.append(f.read().strip())
        except OSError:
            continue
        pss += int(fields.get("Pss", "0 kB").split()[0])
        rss += int(fields.get("Rss", "0 kB").split()[0])
    return pss, rss, names


def one_run(screen, cmd, args, index):
    tmp = tempfile.mkdtemp(prefix="window-probe-")
    env = dict(os.environ, ESTATE_STEWARD_DB=os.path.join(tmp, "estate-steward.sqlite3"))
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                     ("XDG_CONFIG_HOME", "config")):
        env[var] = os.path.join(tmp, sub)
    log = open(os.path.join(tmp, "app.log"), "wb")
    started = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    result = {"run": index, "paint_s": None, "ok": False}
    painted = None
    first_exe = exe(proc.pid)
    while time.monotonic() - started < args.timeout and proc.poll() is None:
        # A launcher (scripts/run.sh) execs the app: note when the process became it.
        if "app_up_s" not in result and exe(proc.pid) not in (first_exe, None):
            result["app_up_s"] = round(time.monotonic() - started, 3)
        grabbed = screen.grab()
        colours = Screen.colours(grabbed) if grabbed else 0
        if "window_s" not in result and colours >= 2:
            # Something beside the bare root: the window is up, painted or not.
            result["window_s"] = round(time.monotonic() - started, 3)
        if colours >= PAINTED:
            result["paint_s"] = round(time.monotonic() - started, 3)
            painted = grabbed
            break
        time.sleep(0.005)
    if painted is None:
        result["error"] = "no paint" if proc.poll() is None else f"exited {proc.returncode}"
    else:
        time.sleep(args.settle)
        pss, rss, names = memory(proc.pid)
        result.update(pss_mib=round(pss / 1024, 1), rss_mib=round(rss / 1024, 1),
                      processes=names)
        if args.screenshot and index == args.runs:
            write_png(screen.grab() or painted, args.screenshot)
    result.update(stop(proc))
    result["ok"] = painted is not None and result.get("stopped") == "clean"
    log.close()
    if not result["ok"]:
        with open(os.path.join(tmp, "app.log"), "rb") as f:
            result["log_tail"] = f.read()[-2000:].decode("utf-8", "replace")
    subprocess.run(["rm", "-rf", tmp], check=False)
    return result


def stop(proc):
    """SIGTERM, then the app and every process it started must be gone."""
    family = [p for p in tree(proc.pid) if p != proc.pid]
    if proc.poll() is not None:
        return {"stopped": f"had already exited with {proc.returncode}"}
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=STOP_WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return {"stopped": "did not end within 10 s of SIGTERM"}
    deadline = time.monotonic() + STOP_WAIT
    while time.monotonic() < deadline and any(alive(p) for p in family):
        time.sleep(0.05)
    left = [p for p in family if alive(p)]
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    if left:
        return {"stopped": f"left {len(left)} process(es) behind", "exit": code}
    if code not in (0, -signal.SIGTERM):
        return {"stopped": f"ended with {code} (a crash?)", "exit": code}
    return {"stopped": "clean", "exit": code}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--screenshot", help="PNG of the last run, SETTLE s after its paint")
    parser.add_argument("--json", help="write the runs and medians here")
    parser.add_argument("cmd", nargs="+")
    args = parser.parse_args()
    screen = Screen()
    runs = []
    for i in range(1, args.runs + 1):
        r = one_run(screen, args.cmd, args, i)
        runs.append(r)
        print(json.dumps(r), flush=True)
    good = [r for r in runs if r["ok"]]
    summary = {"cmd": args.cmd, "runs": len(runs), "ok": len(good)}
    if good:
        summary.update(
            paint_s=statistics.median(r["paint_s"] for r in good),
            pss_mib=statistics.median(r["pss_mib"] for r in good),
            rss_mib=statistics.median(r["rss_mib"] for r in good),
        )
    print("median:", json.dumps(summary), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "runs": runs}, f, indent=1)
    return 0 if len(good) == len(runs) else 1


if __name__ == "__main__":
    sys.exit(main())
