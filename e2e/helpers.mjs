// Shared end-to-end helpers: start the real app through tauri-driver (WebKitWebDriver), drive it
// with webdriverio's remote(), take screenshots, and shut everything down.
//
// One app at a time per test file: its tauri-driver listens on two free ports of 127.0.0.1 taken
// when the file starts, so files may run side by side, each under its own display
// (run-shards.mjs, which scripts/test.sh runs). One file alone, e.g.
//   xvfb-run -a -s "-screen 0 1280x1024x24" node --test --test-concurrency=1 smoke.test.mjs
import { spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { remote } from "webdriverio";
import { freePort } from "./chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, "..");
export const artifactsDir = join(repoRoot, "artifacts");

export const DRIVER_PORT = await freePort();
export const NATIVE_PORT = await (async () => {
  // Two ports asked one after the other may be the same one, freed in between.
  for (;;) {
    const port = await freePort();
    if (port !== DRIVER_PORT) return port;
  }
})();

/** Desktop and phone window sizes that every screen must handle. */
export const DESKTOP = { width: 1024, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** The debug binary built with the UI embedded and the file-dialog hook (scripts/lib.sh APP_BUILD). */
export function appBinary() {
  if (process.env.ESTATE_STEWARD_APP) return resolve(process.env.ESTATE_STEWARD_APP);
  const target = process.env.CARGO_TARGET_DIR
    ? resolve(repoRoot, process.env.CARGO_TARGET_DIR)
    : join(repoRoot, "target");
  return join(target, "debug", "estate-steward-app");
}

/** Process ids under `root` (Linux /proc): tauri-driver → WebKitWebDriver → the app. */
function descendants(root) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ")".
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const walk = (pid) => {
    for (const c of children.get(pid) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

async function waitForDriver(proc, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`tauri-driver exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${DRIVER_PORT}/status`);
      if (res.ok || res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`tauri-driver did not listen on port ${DRIVER_PORT} within ${timeoutMs} ms`);
}

/**
 * Starts tauri-driver (with ESTATE_STEWARD_DB pointing at `db`, a fresh temp file by default, and
 * `env` added to the app's environment), opens a WebDriver session on the app, sizes its window,
 * and waits for the UI to render.
 * Returns { browser, db, tmp, logs(), stop(), answerDialog(path) }; always call stop().
 */
export async function startApp({ db, size = DESKTOP, args = [], env = {} } = {}) {
  const binary = appBinary();
  if (!existsSync(binary)) {
    throw new Error(
      `${binary} is missing: build it with \`npm run build\` in ui/ then ` +
        "`cargo build --workspace --all-targets --features estate-steward-app/custom-protocol,estate-steward-app/e2e-hooks`",
    );
  }
  const tmp = mkdtempSync(join(tmpdir(), "estate-steward-e2e-"));
  db ??= join(tmp, "estate-steward.sqlite3");
  // The native file dialog cannot be driven by WebDriver: the test build reads its next answer
  // from this file instead (src-tauri's files::hook); no file there is a closed dialog.
  const dialogAnswer = join(tmp, "dialog-answer");

  let output = "";
  const driver = spawn(
    "tauri-driver",
    ["--port", String(DRIVER_PORT), "--native-port", String(NATIVE_PORT)],
    {
      env: { ...process.env, ...env, ESTATE_STEWARD_DB: db, ESTATE_STEWARD_E2E_DIALOG: dialogAnswer },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const collect = (chunk) => {
    output += chunk.toString();
  };
  driver.stdout.on("data", collect);
  driver.stderr.on("data", collect);
  const driverExited = new Promise((res) => driver.once("exit", res));

  let browser;
  const stop = async () => {
    if (browser) await browser.deleteSession().catch(() => {});
    browser = undefined;
    // Noted before the driver goes: an app it could not close would otherwise be orphaned, keep
    // the driver's output pipe open and hold this test file's process alive.
    const started = (driver.pid ? descendants(driver.pid) : []).map((pid) => {
      try {
        return { pid, cmdline: readFileSync(`/proc/${pid}/cmdline`, "utf8") };
      } catch {
        return { pid, cmdline: null };
      }
    });
    if (driver.exitCode === null && driver.signalCode === null) {
      driver.kill("SIGTERM");
      await Promise.race([driverExited, sleep(5_000, undefined, { ref: false })]);
      if (driver.exitCode === null && driver.signalCode === null) driver.kill("SIGKILL");
    }
    for (const { pid, cmdline } of started) {
      try {
        // Only the very process noted (a pid is not reused that fast, but check its command).
        if (readFileSync(`/proc/${pid}/cmdline`, "utf8") === cmdline) process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    driver.stdout?.destroy();
    driver.stderr?.destroy();
    rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await waitForDriver(driver);
    browser = await remote({
      hostname: "127.0.0.1",
      port: DRIVER_PORT,
      logLevel: "warn",
      connectionRetryCount: 0,
      capabilities: {
        // WebKitWebDriver speaks classic WebDriver; webdriverio 9 would ask for BiDi otherwise.
        "wdio:enforceWebDriverClassic": true,
        "tauri:options": { application: binary, args },
      },
    });
    // No window manager under Xvfb: size the window explicitly.
    await browser.setWindowSize(size.width, size.height);
    countTaps(browser);
    await browser.$("h1").waitForExist({ timeout: 15_000 });
    // The player's scroll position is followed from the first screen on, so that a test's
    // scroll before its first tap is not taken for the player's.
    await browser.execute(pageJudgesTap, null);
    // The first IPC answer (the app's version) has arrived once the shell says so.
    await browser.waitUntil(
      async () => (await browser.$("[data-ipc]").getAttribute("data-ipc")) !== "loading",
      { timeout: 15_000, timeoutMsg: "the UI never got an answer from the shell" },
    );
  } catch (e) {
    await stop();
    e.message += `\n--- tauri-driver / app output ---\n${output}`;
    throw e;
  }
  /** The path the next file dialog answers with (null: the dialog is closed without a file). */
  const answerDialog = (path) => writeFileSync(dialogAnswer, path === null ? "" : `${path}\n`);
  return { browser, db, tmp, logs: () => output, stop, answerDialog };
}

/**
 * Notes every tap the tests make in a window of phone size (a click, or typing into a field) in
 * artifacts/taps/, with the game on the screen and whether a player could have made it without
 * scrolling first: the spot's centre is on the screen and what a finger finds there is the spot
 * itself, not the action bar or anything else drawn over it. e2e/tap-report.mjs makes the table
 * per game (scripts/test.sh runs it after the e2e tests).
 *
 * Judged from where the player's screen was, not where the test put it: tests scroll a spot into
 * view before clicking it (WebDriver needs it in view), and a tap judged after that scroll would
 * always look reachable. So the page keeps the player's scroll position (`window.__tap.y`): the
 * page's own scrolls move it (the app bringing a form to the top is free for the player), a
 * scroll made by a test's script or by webdriverio's `scrollIntoView` does not; each tap is
 * judged at the player's position, and after it the player is where the tap was made.
 * After a resize of the window (tests do, a phone does not) the player starts from where the
 * new layout left the page. Limits: scroll positions inside inner scrolling boxes are taken as
 * they are.
 */
/**
 * A finger put down outside a refusal drawn beside its control puts the refusal away, and the
 * tap goes on to what it was on (its text lets taps through; lib/alert.svelte.ts). WebDriver
 * will not click an element that anything is drawn over, so before each click or typing outside
 * such a refusal the finger's touch-down is sent first, on the page (never on the element, whose
 * own press handlers, such as holding to peek, must see only the real tap).
 */
function touchDownBeside(el) {
  const beside = document.querySelector('[data-testid="alert"] .alert[data-beside="true"]');
  if (!beside || (el instanceof Element && beside.contains(el))) return;
  document.documentElement.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
}

/** How many screenshots TAP_SHOTS took in this test file (names them apart). */
let missed = 0;

function countTaps(browser) {
  const file = join(artifactsDir, "taps", `${basename(process.argv[1] ?? "e2e")}-${process.pid}.jsonl`);
  mkdirSync(dirname(file), { recursive: true });
  const note = async (element) => {
    const tap = await browser
      .execute(pageJudgesTap, element)
      // An element gone meanwhile: the tap itself says so.
      .catch(() => null);
    if (tap) appendFileSync(file, `${JSON.stringify(tap)}\n`);
    // TAP_SHOTS=1: a screenshot of what the player saw when a tap needed a scroll (to mend it).
    if (tap && !tap.reachable && process.env.TAP_SHOTS) {
      missed += 1;
      const [actual, player] = await browser.execute(() => [window.scrollY, window.__tap.before]);
      await browser.execute((y) => window.__tap.scrollTo(0, y), player);
      await screenshot(browser, `tap-missed-${missed}-${tap.game ?? tap.screen}-${tap.what}`);
      await browser.execute((y) => window.__tap.scrollTo(0, y), actual);
    }
  };

  // `setValue` types through `addValue`: each is counted once.
  for (const name of ["click", "addValue"]) {
    browser.overwriteCommand(
      name,
      async function (original, ...args) {
        await note(this);
        await browser.execute(touchDownBeside, this).catch(() => {});
        return original(...args);
      },
      true,
    );
  }
  // A choice in a list is a tap on the list first (webdriverio picks the option without `click`).
  for (const name of ["selectByAttribute", "selectByIndex", "selectByVisibleText"]) {
    browser.overwriteCommand(
      name,
      async function (original, ...args) {
        await browser.execute(touchDownBeside, this).catch(() => {});
        return original(...args);
      },
      true,
    );
  }
  // Whatever a test's script scrolls, the player did not: the page marks the scroll as the
  // test's while the script runs (see pageJudgesTap's wrapped scroll functions).
  for (const name of ["execute", "executeAsync"]) {
    browser.overwriteCommand(name, async function (original, script, ...args) {
      const source = typeof script === "function" ? `return (${script}).apply(null, arguments)` : script;
      // Still a function, so that webdriverio adds the helpers its own bundled scripts call.
      const marked = new Function(
        "window.__tapTest = (window.__tapTest || 0) + 1;" +
          `try { ${source} } finally { window.__tapTest -= 1; }`,
      );
      return original(marked, ...args);
    });
  }
  // webdriverio scrolls with wheel actions, which the page cannot tell from a player's.
  browser.overwriteCommand(
    "scrollIntoView",
    async function (original, ...args) {
      await browser.execute(() => {
        if (window.__tap) window.__tap.pending = true;
      });
      return original(...args);
    },
    true,
  );
}

/**
 * Runs in the page (given to `execute`, so it must not close over anything): installs the
 * player's scroll position once, then judges `e` from that position (`e` null: it only installs).
 * See countTaps.
 */
function pageJudgesTap(e) {
  if (!window.__tap) {
    const t = { y: window.scrollY, pending: false, scrollTo: window.scrollTo.bind(window) };
    window.__tap = t;
    const scrollers = [
      [Element.prototype, "scrollIntoView"],
      [Element.prototype, "scrollTo"],
      [Element.prototype, "scrollBy"],
      [window, "scrollTo"],
      [window, "scrollBy"],
      [window, "scroll"],
    ];
    for (const [owner, name] of scrollers) {
      const original = owner[name];
      owner[name] = function (...args) {
        if (window.__tapTest > 0) t.pending = true;
        return original.apply(this, args);
      };
    }
    window.addEventListener("scroll", () => {
      if (!t.pending) t.y = window.scrollY;
    }, { passive: true });
    // A test that resizes the window leaves the page wherever the new layout puts it; a phone
    // never changes size, so the player starts from there.
    window.addEventListener("resize", () => {
      t.y = window.scrollY;
      t.pending = false;
    });
  }
  if (e === null) return null;
  const t = window.__tap;
  const actual = window.scrollY;
  const moved = t.y !== actual;
  t.before = t.y;
  if (moved) t.scrollTo(0, t.y);
  const r = e.getBoundingClientRect();
  const x = r.x + r.width / 2;
  const y = r.y + r.height / 2;
  const onScreen = r.width > 0 && x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
  const hit = onScreen ? document.elementFromPoint(x, y) : null;
  const labelled = [...(e.labels ?? [])].some((l) => l.contains(hit));
  if (moved) t.scrollTo(0, actual);
  // The player reaches the spot (scrolling if they must): the screen is where the tap is made.
  t.y = actual;
  t.pending = false;
  // Only a phone's taps are counted (a test may resize its window between the two).
  if (innerWidth > 400) return null;
  return {
    what: e.getAttribute("data-testid") ?? e.getAttribute("aria-label") ?? e.textContent?.trim().slice(0, 40),
    reachable: hit !== null && (e.contains(hit) || labelled),
    game: document.querySelector("[data-game]")?.getAttribute("data-game") ?? null,
    screen: location.hash.split("/")[1] || "home",
  };
}

/** Saves a PNG of the app's webview to artifacts/<name>.png and returns the path. */
export async function screenshot(browser, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const file = join(artifactsDir, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  // WebKit's snapshot shows the last painted frame: let pending DOM changes paint first.
  await browser
    .executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))
    .catch(() => {});
  // The app draws without accelerated compositing (src-tauri/src/lib.rs, COMPOSITING_ENV), and
  // WebKit's snapshot then waits for the page's next drawing, which a still page never makes:
  // redraw it (an invisible outline, toggled) until the snapshot is taken.
  await browser
    .execute(() => {
      const s = document.body.style;
      window.__e2eRedraw = setInterval(() => (s.outline = s.outline ? "" : "1px solid transparent"), 100);
    })
    .catch(() => {});
  try {
    await browser.saveScreenshot(file);
  } finally {
    await browser
      .execute(() => {
        clearInterval(window.__e2eRedraw);
        document.body.style.outline = "";
      })
      .catch(() => {});
  }
  return file;
}

/**
 * A node:test body that runs with a started app and screenshots it on failure.
 * Usage: test("name", withApp(async ({ browser }) => { ... }, { size: PHONE }))
 */
export function withApp(body, options = {}) {
  return async (t) => {
    const app = await startApp(options);
    try {
      await body({ ...app, t });
    } catch (e) {
      const file = await screenshot(app.browser, `FAILED-${t.name}`).catch(() => undefined);
      if (file) e.message += `\n(screenshot: ${file})`;
      e.message += `\n--- tauri-driver / app output ---\n${app.logs()}`;
      throw e;
    } finally {
      await app.stop();
    }
  };
}

// ---- shared checks and table helpers ---------------------------------------------------------

export const T = { timeout: 10_000 };
export const tid = (browser, id) => browser.$(`[data-testid="${id}"]`);

/**
 * From Home, as a table starts a game: New game, `game` chosen (the list's first when null), each
 * of `names` seated as a new person, Start; returns once the table is shown.
 */
export async function newGameWith(browser, game, names) {
  await tid(browser, "new-game").click();
  if (game) await chooseGame(browser, game);
  for (const name of names) {
    await tid(browser, "person-name").setValue(name);
    await tid(browser, "add-person").click();
    await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), T);
  }
  await tid(browser, "start-game").scrollIntoView({ block: "center" });
  await tid(browser, "start-game").click();
  await tid(browser, "table-header").waitForDisplayed(T);
}

/**
 * Chooses `game` on New game, as a player does: on a phone the list of games is one line (the
 * game chosen) until tapped. `tap` clicks (a test's own, when it counts its taps).
 */
export async function chooseGame(browser, game, tap = (el) => el.click()) {
  const chooser = await tid(browser, "game-chooser");
  await chooser.waitForExist(T);
  if ((await chooser.getAttribute("open")) === null) await tap(await tid(browser, "game-chosen"));
  const choice = await browser.$(`[data-testid="game-choice"][value="${game}"]`);
  await choice.waitForDisplayed(T);
  await tap(choice);
  await browser.waitUntil(() => choice.isSelected(), { ...T, timeoutMsg: `${game} was never chosen` });
}

/** Number of accepted actions in the table's log. */
export async function logCount(browser) {
  const panel = await tid(browser, "log-panel");
  await panel.waitForExist(T);
  return Number(await panel.getAttribute("data-count"));
}

export async function waitLogCount(browser, n, what) {
  await browser.waitUntil(async () => (await logCount(browser)) === n, {
    ...T,
    timeoutMsg: `the log never reached ${n} actions (${what})`,
  });
}

/**
 * Nothing scrolls sideways, every visible control is at least 48 px both ways (a radio or
 * checkbox counts by its label when the label is the target), and no button's text spills out.
 */
/**
 * On a laptop (the two-column table, 900 px and wider), a table in play shows the board and the
 * next action together on its first screen: the action area's first control and the board (the
 * first panel of the second column) each begin at least a finger's height (48 px) above the
 * foot of the window when the page is at its top. Measured in the page's own coordinates, so
 * it holds wherever the test left the page scrolled.
 */
export async function checkBoardBesideAction(browser, where) {
  const seen = await browser.execute(() => {
    // The invite panel is the host's own errand (codes to scan), drawn above the table on purpose.
    if (innerWidth < 900 || document.querySelector("#invite-panel")) return null;
    const frame = document.querySelector(".frame.narrow, .frame.even");
    const area = frame?.querySelector('[data-testid="action-area"]');
    const board = frame?.querySelectorAll(":scope > .column")[1]?.firstElementChild;
    if (!area || !board || board.classList.contains("log")) return null;
    const first = area.querySelector("button, input, select, summary, [data-testid]") ?? area;
    const top = (el) => Math.round(el.getBoundingClientRect().top + scrollY);
    return { action: top(first), board: top(board), height: innerHeight };
  });
  if (seen === null) return;
  const foot = seen.height - 48;
  const late = [
    seen.action > foot && `the next action begins at y=${seen.action}`,
    seen.board > foot && `the board begins at y=${seen.board}`,
  ].filter(Boolean);
  if (late.length === 0) return;
  const line = `${where}: ${late.join(", ")} (a ${seen.height}-px window)`;
  appendFileSync(join(artifactsDir, "laptop-view.txt"), `${line}\n`);
  throw new Error(`board and next action not on one laptop screen on ${line}`);
}

/**
 * A refusal is read where the finger was: the alert answering a pressed control is drawn beside
 * it (over the page, so nothing moves), wholly on the screen, its nearest edge within 24 px of
 * the control's and not over it. `control` is the element pressed.
 */
export async function checkRefusalBeside(browser, control, where) {
  const seen = await browser.execute((el) => {
    const alert = document.querySelector('[data-testid="alert"] .alert');
    if (!alert) return null;
    const a = alert.getBoundingClientRect();
    const c = el.getBoundingClientRect();
    return {
      beside: alert.getAttribute("data-beside"),
      alert: { top: a.top, bottom: a.bottom, left: a.left, right: a.right },
      control: { top: c.top, bottom: c.bottom },
      screen: { width: innerWidth, height: innerHeight },
    };
  }, control);
  if (seen === null) throw new Error(`no alert on ${where}`);
  const { alert, control: c, screen } = seen;
  if (seen.beside !== "true") throw new Error(`the refusal on ${where} is not beside the control pressed`);
  if (alert.top < 0 || alert.left < 0 || alert.bottom > screen.height || alert.right > screen.width)
    throw new Error(`the refusal on ${where} is not wholly on the screen: ${JSON.stringify(alert)}`);
  const distance = alert.top >= c.bottom ? alert.top - c.bottom : c.top - alert.bottom;
  if (distance < 0 || distance > 24)
    throw new Error(`the refusal on ${where} is ${distance} px from the control pressed (${JSON.stringify(seen)})`);
}

export async function checkLayout(browser, where) {
  const report = await browser.execute(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const small = [];
    const clipped = [];
    for (const el of document.querySelectorAll("button, a, input, select, summary")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not rendered (closed <details>)
      if (el.closest(".visually-hidden")) continue;
      if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
        const label = el.closest("label")?.getBoundingClientRect();
        if (label && label.height >= 48) continue; // the whole label is the target
      }
      if (r.width < 47.5 || r.height < 47.5) {
        small.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      if (el.tagName === "BUTTON" && el.scrollHeight > el.clientHeight + 1) {
        clipped.push(`"${(el.textContent ?? "").trim().slice(0, 30)}" ${el.scrollHeight}>${el.clientHeight}`);
      }
      // Sideways too: a word that does not wrap ("Work Crew" in a narrow icon button).
      if (el.tagName === "BUTTON" && el.scrollWidth > el.clientWidth + 1) {
        clipped.push(`"${(el.textContent ?? "").trim().slice(0, 30)}" ${el.scrollWidth}>${el.clientWidth} wide`);
      }
    }
    return { overflow, small, clipped };
  });
  if (report.overflow !== 0) throw new Error(`horizontal overflow of ${report.overflow} px on ${where}`);
  await checkBoardBesideAction(browser, where);
  if (report.small.length > 0) throw new Error(`touch targets under 48 px on ${where}: ${report.small.join("; ")}`);
  if (report.clipped.length > 0) throw new Error(`button text spills out on ${where}: ${report.clipped.join("; ")}`);
}

/** The CSP (no inline styles or scripts) blocked nothing the UI tried. */
export async function assertNoCspViolations(browser, where) {
  const n = await browser.execute(() => document.documentElement.dataset.cspViolations ?? "0");
  if (n !== "0") throw new Error(`the CSP blocked ${n} thing(s) on ${where}`);
}

/**
 * Rule ids as the core names them (`estates.bid-higher`), and rulebook lines ("line 80"). The
 * games' rule families are read from the data files' rule books, so a new game is covered by
 * itself; `catalogue`, `store` and `table` are the service's own.
 */
const RULE_FAMILIES = [
  ...new Set([
    ...readdirSync(join(repoRoot, "data"))
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => Object.keys(JSON.parse(readFileSync(join(repoRoot, "data", f), "utf8")).rules ?? {}))
      .map((id) => id.split(".")[0]),
    "catalogue",
    "store",
    "table",
  ]),
];
const RULE_ID = new RegExp(`\\b(?:${RULE_FAMILIES.join("|")})\\.[a-z][a-z0-9-]*`);
const RULEBOOK_LINE = /\blines? \d/i;

/**
 * No text on screen outside an alert's "Why?" shows a rule id or a rulebook line: refusals,
 * reasons and labels speak plainly, and the rule is there only when asked for.
 */
export async function assertPlainScreen(browser, where) {
  const shown = await browser.execute(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const el = walker.currentNode.parentElement;
      if (!el || el.closest('[data-testid="alert-why"], script, style')) continue;
      if (el.getClientRects().length === 0) continue; // not rendered (a closed <details> …)
      const t = (walker.currentNode.textContent ?? "").trim();
      if (t !== "") out.push(t);
    }
    return out;
  });
  const bad = shown.filter((t) => RULE_ID.test(t) || RULEBOOK_LINE.test(t));
  if (bad.length > 0) throw new Error(`rule ids or rulebook lines on ${where}: ${bad.join(" | ")}`);
}

/**
 * The rule behind the refusal in the alert: checks the screen speaks plainly, then opens the
 * alert's "Why?" (closed until asked), reads its sentence, citation and rule id (a screenshot
 * `shot` of it open, when named), and closes it again. Open, an alert drawn beside its control
 * must stay wholly on the screen and, given the `control` pressed, must not cover it: a tall
 * rule is cut to the room beside the control and scrolls inside.
 */
export async function refusalWhy(browser, where, shot = null, control = null) {
  await assertPlainScreen(browser, where);
  const toggle = await tid(browser, "alert-why-open");
  await toggle.waitForDisplayed(T);
  const closed = async () =>
    (await toggle.getAttribute("aria-expanded")) === "false" && !(await tid(browser, "alert-why").isExisting());
  if (!(await closed())) throw new Error(`"Why?" opened by itself on ${where}`);
  await toggle.click();
  await tid(browser, "alert-why-says").waitForDisplayed(T);
  await checkWhyInRoom(browser, where, control);
  const read = {
    says: await tid(browser, "alert-why-says").getText(),
    cite: await tid(browser, "alert-why-cite").getText(),
    rule: await tid(browser, "alert-why-rule").getText(),
  };
  if (shot) await screenshot(browser, shot);
  await toggle.click();
  await browser.waitUntil(closed, { ...T, timeoutMsg: `"Why?" did not close on ${where}` });
  return read;
}

/** An open "Why?" beside its control: on the screen, and off the control when one is given. */
async function checkWhyInRoom(browser, where, control) {
  // Placed on the next frame after it grew: wait for two, as a player's eye would.
  await browser.execute(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const seen = await browser.execute((el) => {
    const box = document.querySelector('[data-testid="alert-box"]');
    if (!box || box.getAttribute("data-beside") !== "true") return null;
    const a = box.getBoundingClientRect();
    const c = el?.getBoundingClientRect() ?? null;
    return {
      alert: { top: a.top, bottom: a.bottom },
      control: c && { top: c.top, bottom: c.bottom },
      height: innerHeight,
    };
  }, control);
  if (seen === null) return; // an alert at the top of the page: it pushes nothing over a field
  const { alert, control: c, height } = seen;
  if (alert.top < 0 || alert.bottom > height + 0.5)
    throw new Error(`"Why?" on ${where} runs off the screen: ${JSON.stringify(seen)}`);
  if (c && alert.top < c.bottom - 0.5 && alert.bottom > c.top + 0.5)
    throw new Error(`"Why?" on ${where} covers the control pressed: ${JSON.stringify(seen)}`);
}

/** A box on screen, in CSS pixels of the viewport. */
export async function boxOf(browser, el) {
  return browser.execute((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, el);
}

/** At the top of the page, `el` lies wholly inside the first screen of the window. */
export async function assertInFirstScreen(browser, el, what) {
  await browser.execute(() => window.scrollTo(0, 0));
  const b = await boxOf(browser, el);
  const { w, h } = await browser.execute(() => ({ w: window.innerWidth, h: window.innerHeight }));
  if (!(b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5)) {
    throw new Error(`${what} lies outside the first screen (${JSON.stringify(b)} in ${w}×${h})`);
  }
  return b;
}

/** What a finger finds at the centre of `el` is `el` (it is not covered or clipped away). */
export async function assertOnTop(browser, el, what) {
  const onTop = await browser.execute((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && e.contains(hit);
  }, el);
  if (!onTop) throw new Error(`${what} is hidden: something else is on top of it`);
}

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Taps an offer the core asks about first (ending an Era, closing the game): the tap alone sends
 * nothing, the question takes the button's place and its confirm button lies outside the tapped
 * button's box (a quick second tap cannot land on it); then confirms and waits until the action
 * is saved. Returns the question as shown.
 */
export async function tapAndConfirm(browser, button, what) {
  if ((await button.getAttribute("data-confirm")) !== "ask") throw new Error(`${what} is not asked about first`);
  const before = await logCount(browser);
  await button.scrollIntoView({ block: "center" });
  const tapped = await boxOf(browser, button);
  await button.click();
  const yes = await tid(browser, "action-confirm-yes");
  await yes.waitForDisplayed({ ...T, timeoutMsg: `no question after tapping ${what}` });
  if ((await logCount(browser)) !== before) throw new Error(`${what} was sent without asking`);
  if (overlaps(tapped, await boxOf(browser, yes))) throw new Error(`a second tap on ${what} lands on its confirm button`);
  await assertOnTop(browser, yes, `the confirm button after ${what}`);
  const question = await tid(browser, "action-confirm-message").getText();
  await yes.click();
  await waitLogCount(browser, before + 1, what);
  return question;
}
