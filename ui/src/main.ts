import { mount } from "svelte";
import App from "./App.svelte";
import "./app.css";
import { chooseTransport } from "./lib/api";
import { isPhone, linkToken, PhoneLink } from "./lib/transport";

// The strict CSP forbids inline styles and scripts: count anything it blocks where the end-to-end
// tests (and anyone with the inspector) can see it.
document.addEventListener("securitypolicyviolation", (e) => {
  const root = document.documentElement;
  root.dataset.cspViolations = String(Number(root.dataset.cspViolations ?? "0") + 1);
  console.error(`CSP blocked ${e.blockedURI || "inline content"} (${e.violatedDirective})`);
});

const target = document.getElementById("app");
if (!target) throw new Error("#app element missing from index.html");

/** The storage the phone keeps its link's token in, if the browser lets it. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A phone that opened a seat's link (the page is served by the table host, not inside the app's
 * window): the host's API is the table screens' transport, and the page is the phone's own,
 * without the app's other screens.
 */
function startPhone(app: HTMLElement): void {
  const token = linkToken(window.location.pathname, storage());
  // The token is kept (linkToken stored it): it leaves the address bar and the browser's
  // history, where a synced history or a shared screen would show it.
  if (token !== null && window.location.pathname.startsWith("/join/")) {
    window.history.replaceState(null, "", "/");
  }
  const link =
    token === null
      ? null
      : new PhoneLink(token, {
          origin: window.location.origin,
          fetch: window.fetch.bind(window),
          WebSocket: window.WebSocket,
          setTimeout: (fn, ms) => window.setTimeout(fn, ms),
          clearTimeout: (h) => window.clearTimeout(h as number),
        });
  if (link) {
    chooseTransport(link.commands);
    link.connect();
    // A phone that slept or lost the network looks again at once.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") link.wake();
    });
    window.addEventListener("online", () => link.wake());
    window.addEventListener("pagehide", () => link.close());
  }
  void import("./screens/Phone.svelte").then(({ default: Phone }) => mount(Phone, { target: app, props: { link } }));
}

if (isPhone(window)) startPhone(target);
else mount(App, { target });
