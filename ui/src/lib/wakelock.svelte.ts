// "Keep the screen awake while a game is open": a player's choice, remembered in this window's
// storage, carried out with the Screen Wake Lock API where the system's web view has it.

const KEY = "estate-steward.keep-awake";

type WakeLockNavigator = Navigator & {
  wakeLock?: { request(type: "screen"): Promise<{ release(): Promise<void> }> };
};

/** Whether this web view can keep the screen awake at all. */
export function wakeLockSupported(): boolean {
  return typeof navigator !== "undefined" && "wakeLock" in navigator && !!(navigator as WakeLockNavigator).wakeLock;
}

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

export const keepAwake = $state({ on: stored() });

export function setKeepAwake(on: boolean): void {
  keepAwake.on = on;
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // Storage refused (private mode): the choice lasts until the window closes.
  }
}

/** Hold the screen awake until the returned function is called. The system drops the lock when
 * the window is hidden, so it is asked for again each time the window shows. */
export function holdScreenAwake(): () => void {
  const wl = (navigator as WakeLockNavigator).wakeLock;
  if (!wl) return () => {};
  let lock: { release(): Promise<void> } | null = null;
  let done = false;
  const request = () => {
    if (done || document.visibilityState !== "visible") return;
    // The document says whether the lock is held (for the end-to-end tests and for debugging).
    wl.request("screen")
      .then((l) => {
        if (done) void l.release().catch(() => {});
        else {
          lock = l;
          document.documentElement.dataset.screenAwake = "held";
        }
      })
      .catch((e: unknown) => {
        document.documentElement.dataset.screenAwake = `refused: ${e instanceof Error ? e.name : String(e)}`;
      });
  };
  const onVisible = () => request();
  document.addEventListener("visibilitychange", onVisible);
  request();
  return () => {
    done = true;
    document.removeEventListener("visibilitychange", onVisible);
    void lock?.release().catch(() => {});
    delete document.documentElement.dataset.screenAwake;
  };
}
