// Phones in a real browser for the end-to-end tests: Debian's chromium driven by its chromedriver
// (both from apt: scripts/install-deps.sh), emulating a 390×844 phone. Every session gets a fresh
// profile, and the browser is told not to reach any network of its own: the tests open pages on
// 127.0.0.1 only.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { remote } from "webdriverio";

export const CHROMEDRIVER = "/usr/bin/chromedriver";
export const CHROMIUM = "/usr/bin/chromium";

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Only loopback addresses: the tests never open a page on any other. */
export function assertLoopback(url) {
  const { protocol, hostname } = new URL(url);
  if (protocol !== "http:" || !(hostname === "127.0.0.1" || hostname === "[::1]")) {
    throw new Error(`refusing to open ${url}: the tests reach 127.0.0.1 or [::1] only`);
  }
  return url;
}

/**
 * Starts chromedriver; `phone()` opens a new chromium session emulating a 390×844 phone (a fresh
 * profile each). Returns { phone, stop }; always call stop().
 */
export async function startChromedriver() {
  const port = await freePort();
  let output = "";
  const driver = spawn(CHROMEDRIVER, [`--port=${port}`, "--allowed-ips=127.0.0.1"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  driver.stdout.on("data", (c) => (output += c.toString()));
  driver.stderr.on("data", (c) => (output += c.toString()));
  const exited = new Promise((res) => driver.once("exit", res));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`chromedriver exited with ${driver.exitCode}: ${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`chromedriver did not listen on ${port}: ${output}`);
    await sleep(100);
  }

  const sessions = [];
  const profiles = [];
  async function phone() {
    const profile = mkdtempSync(join(tmpdir(), "estate-steward-phone-"));
    profiles.push(profile);
    const browser = await remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "warn",
      connectionRetryCount: 0,
      capabilities: {
        browserName: "chrome",
        "wdio:enforceWebDriverClassic": true,
        "goog:chromeOptions": {
          binary: CHROMIUM,
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-domain-reliability",
            "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
            `--user-data-dir=${profile}`,
          ],
          mobileEmulation: { deviceMetrics: { width: 390, height: 844, pixelRatio: 3 } },
        },
      },
    });
    sessions.push(browser);
    return browser;
  }

  async function stop() {
    for (const b of sessions) await b.deleteSession().catch(() => {});
    sessions.length = 0;
    if (driver.exitCode === null && driver.signalCode === null) {
      driver.kill("SIGTERM");
      await Promise.race([exited, sleep(5_000, undefined, { ref: false })]);
      if (driver.exitCode === null && driver.signalCode === null) driver.kill("SIGKILL");
    }
    driver.stdout?.destroy();
    driver.stderr?.destroy();
    for (const p of profiles) rmSync(p, { recursive: true, force: true });
  }

  return { phone, stop, logs: () => output };
}
