// Both themes in the real window, at phone size and at laptop size: the app started light and
// started dark (the system's choice, given to WebKitGTK as GTK_THEME), Home, New game, every
// game's table (The Estates with buildings on its board, Count of the Nine Estates dealt, Middle
// Ages with its Lords out, Realm Lord's setup, the Raise the Realm tracker with its Leaders
// dealt, the Raise the Realm scorepad closed, The Estates at its end with each player's money), the question before ending an Era, a bad entry
// answered at its field, History (an abandoned game among them), a Game record, Statistics with its charts, People and Settings. On each
// screen every visible piece of text reaches WCAG AA against what is really behind it, and no
// text on a board is under 14 px.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PHONE, T, appBinary, assertOnTop, checkBoardBesideAction, screenshot, startApp, tid } from "./helpers.mjs";
import { estatesToTheEnd } from "./the-estates-game.mjs";

const LAPTOP = { width: 1280, height: 800 };

// One database for both themes, made with the steward CLI (a second client of the same file).
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-themes-")), "themes.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (...args) => execFileSync(steward, ["--db", db, ...args], { encoding: "utf8" });
const stream = (id, input) => execFileSync(steward, ["--db", db, "stream", id], { input, encoding: "utf8" });
const three = ["Ana", "Bo", "Cy"].flatMap((n) => ["--player", n]);
// 1: The Estates, played on by the first legal action until buildings stand on the board.
cli("start", "the-estates", ...three, "--seed", "7");
for (let i = 0; i < 60; i++) cli("act", "1", "--pick", "0");
// 2: Count of the Nine Estates, dealt.
cli("start", "nine-estates", "--player", "Ana");
cli("act", "2", "--pick", "0");
// 3: Middle Ages into its first round, Lords and Scouts on the plots.
cli("start", "middle-ages", ...three, "--seed", "4");
for (let i = 0; i < 8; i++) cli("act", "3", "--pick", "0");
// Finished games over three months, for History and Statistics' charts.
for (const [date, a, b, c] of [
  ["2025-01-05", 50, 40, 30],
  ["2025-02-01", 35, 60, 20],
  ["2025-03-09", 44, 41, 52],
]) {
  cli("record-result", "middle-ages", "--player", `Ana:${a}`, "--player", `Bo:${b}`, "--player", `Cy:${c}`, "--date", date);
}
// 7: Realm Lord at its setup.
cli("start", "realm-lord", ...three);
// 8: the Raise the Realm tracker, its Leaders dealt.
cli("start", "raise-the-realm-live", "--player", "Ana", "--player", "Bo", "--seed", "3");
cli("act", "8", "--pick", "0");
// 9: the Raise the Realm scorepad, every entry made and closed (its last offer each time).
cli("start", "raise-the-realm", "--player", "Ana", "--player", "Bo");
for (let i = 0; i < 40; i++) {
  const allowed = JSON.parse(cli("--json", "show", "9")).allowed;
  if (allowed.length === 0) break;
  const finish = allowed.findIndex((a) => a.group === "finish");
  cli("act", "9", "--pick", String(finish === -1 ? 0 : finish));
}
// 10: The Estates played to its end, its money shown.
cli("start", "the-estates", "--player", "Ana", "--player", "Bo");
stream("10", estatesToTheEnd());
// 11: a game left unfinished for good, so that History shows its "Abandoned" badge.
cli("start", "nine-estates", "--player", "Cy");
cli("abandon", "11");

const SCREENS = [
  { name: "home", hash: "#/", ready: "h1" },
  { name: "new-game", hash: "#/new", ready: '[data-testid="start-game"]' },
  { name: "estates", hash: "#/table/1", ready: '[data-testid="board"]', board: '[data-testid="board"]' },
  { name: "nine-estates", hash: "#/table/2", ready: '[data-testid="estate-grid"]', board: '[data-testid="estate-grid"]' },
  { name: "middle-ages", hash: "#/table/3", ready: '[data-testid="board"]', board: '[data-testid="board"]' },
  {
    // The question before ending the Era, open over the table.
    name: "end-era-question",
    hash: "#/table/2",
    ready: '[data-testid="action"][data-confirm="ask"]',
    then: async (browser) => {
      await browser.$('[data-testid="action"][data-confirm="ask"]').click();
      await tid(browser, "action-confirm").waitForDisplayed(T);
      await assertOnTop(browser, await tid(browser, "action-confirm-yes"), "the question's confirm button");
    },
  },
  { name: "realm-lord", hash: "#/table/7", ready: '[data-testid="target-input"]' },
  {
    // A bad entry answered at its field.
    name: "field-error",
    hash: "#/table/7",
    ready: '[data-testid="target-input"]',
    then: async (browser) => {
      await tid(browser, "target-input").setValue("0");
      await tid(browser, "target-confirm").click();
      await tid(browser, "target-error").waitForDisplayed(T);
    },
  },
  { name: "realm-live", hash: "#/table/8", ready: '[data-testid="table-header"]' },
  { name: "realm-scorepad", hash: "#/table/9", ready: '[data-testid="scorepad"]' },
  {
    // The end of The Estates: each player's money, no longer secret, and two complete rows.
    name: "estates-final",
    hash: "#/table/10",
    ready: '[data-testid="final-money"]',
    board: '[data-testid="board"]',
    then: (browser) => browser.execute(() => document.querySelector('[data-testid="final-money"]')?.scrollIntoView({ block: "start" })),
  },
  { name: "history", hash: "#/history", ready: '[data-testid="history-list"]' },
  { name: "game-record", hash: "#/record/9", ready: '[data-testid="record"]' },
  { name: "statistics", hash: "#/stats", ready: "svg" },
  { name: "people", hash: "#/people", ready: '[data-testid="people-list"]' },
  { name: "settings", hash: "#/settings", ready: "h1" },
];

/**
 * Runs in the page: every rendered text node's colour against its effective background (the
 * element's own, else the first ancestor's that is not transparent, translucent layers blended
 * over what lies below), with WCAG's contrast ratio and its large-text threshold; and the size
 * of every text inside `board`.
 */
function measure(board) {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c ?? "");
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter((x) => x !== "").map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, below) => ({
    r: top.r * top.a + below.r * (1 - top.a),
    g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a),
    a: 1,
  });
  const lum = ({ r, g, b }) => {
    const f = (v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg.a > 0) {
        layers.push(bg);
        if (bg.a >= 1) break;
      }
    }
    // Under everything, the page's canvas: the root's background (white if none).
    let colour = parse(getComputedStyle(document.documentElement).backgroundColor) ?? { r: 255, g: 255, b: 255, a: 1 };
    if (colour.a < 1) colour = over(colour, { r: 255, g: 255, b: 255, a: 1 });
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const failures = [];
  const small = [];
  let checked = 0;
  const boardEl = board ? document.querySelector(board) : null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = (node.textContent ?? "").trim();
    const el = node.parentElement;
    if (!el || text === "") continue;
    if (el.closest("script, style, option, .visually-hidden, [hidden]")) continue;
    const rects = el.getClientRects();
    if (rects.length === 0 || [...rects].every((r) => r.width < 2 || r.height < 2)) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== "visible") continue;
    // A disabled control is exempt from WCAG's contrast (an inactive component).
    if (el.closest(":disabled")) continue;
    // A glyph drawn in a player's own colour (a Scout's flag) is data, with its own halo.
    if (el.style.color !== "") continue;
    const size = parseFloat(style.fontSize);
    if (boardEl && boardEl.contains(el) && size < 14) small.push(`"${text.slice(0, 30)}" ${size}px`);
    const svg = el instanceof SVGElement;
    let fg = parse(svg ? style.fill : style.color);
    if (!fg) continue;
    const bg = background(el);
    fg = { ...fg, a: fg.a * opacity(el) };
    const ink = over(fg, bg);
    const l1 = lum(ink);
    const l2 = lum(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const need = large ? 3 : 4.5;
    checked++;
    if (ratio < need) {
      const c = (x) => `rgb(${Math.round(x.r)},${Math.round(x.g)},${Math.round(x.b)})`;
      const where = el.closest("[data-testid]")?.getAttribute("data-testid") ?? el.tagName.toLowerCase();
      failures.push(`"${text.slice(0, 40)}" in ${where} ${ratio.toFixed(2)}:1 < ${need} (${c(ink)} on ${c(bg)}, ${size}px)`);
    }
  }
  return { checked, failures, small, dark: matchMedia("(prefers-color-scheme: dark)").matches };
}

for (const theme of ["light", "dark"]) {
  test(`${theme} theme: every screen reads at WCAG AA on a phone and a laptop, board text 14 px or more`, async (t) => {
    // WebKitGTK answers prefers-color-scheme from the GTK theme; tauri-driver passes this
    // process's environment down to the app.
    const saved = process.env.GTK_THEME;
    process.env.GTK_THEME = theme === "dark" ? "Adwaita:dark" : "Adwaita";
    const app = await startApp({ db, size: PHONE }).finally(() => {
      if (saved === undefined) delete process.env.GTK_THEME;
      else process.env.GTK_THEME = saved;
    });
    const { browser } = app;
    try {
      const problems = [];
      for (const [size, sizeName] of [
        [PHONE, "phone"],
        [LAPTOP, "laptop"],
      ]) {
        await browser.setWindowSize(size.width, size.height);
        for (const screen of SCREENS) {
          // Through Home, so that a screen shown twice in a row (a table, then its question) is
          // opened afresh.
          await browser.execute(() => (location.hash = "#/"));
          await browser.$("h1").waitForExist(T);
          await browser.execute((hash) => {
            location.hash = hash;
          }, screen.hash);
          await browser.$(screen.ready).waitForExist({ ...T, timeoutMsg: `${screen.name} never showed` });
          await sleep(400);
          if (screen.then) await screen.then(browser);
          const where = `${screen.name} (${sizeName})`;
          const m = await browser.execute(measure, screen.board ?? null);
          assert.equal(m.dark, theme === "dark", `the window is not in the ${theme} theme on ${where}`);
          assert.ok(m.checked > 5, `only ${m.checked} texts measured on ${where}`);
          t.diagnostic(`${theme} ${where}: ${m.checked} texts measured`);
          for (const f of m.failures) problems.push(`${where}: ${f}`);
          for (const s of m.small) problems.push(`${where}: board text under 14 px: ${s}`);
          await screenshot(browser, `theme-${theme}-${screen.name}-${sizeName}`);
          // At the laptop size too (the other tests hold it at the smaller 1024x768): a
          // table's board and its next action begin on the first screen.
          if (size === LAPTOP) {
            await browser.execute(() => window.scrollTo(0, 0));
            await checkBoardBesideAction(browser, where);
          }
          if (screen.board && size === PHONE) {
            await browser.execute((sel) => document.querySelector(sel)?.scrollIntoView({ block: "start" }), screen.board);
            await screenshot(browser, `theme-${theme}-${screen.name}-board-phone`);
          }
        }
      }
      assert.deepEqual(problems, [], `contrast or size failures in the ${theme} theme`);
      // The boards were really there to measure.
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      assert.ok((await browser.$$('[data-testid="board"] [data-testid="cube"]')).length > 0, "no building on The Estates' board");
      await tid(browser, "board").waitForExist(T);
    } catch (e) {
      e.message += `\n--- tauri-driver / app output ---\n${app.logs()}`;
      throw e;
    } finally {
      await app.stop();
    }
  });
}

// The databases live in folders of their own under the system's temp folder: removed once done.
after(() => rmSync(dirname(db), { recursive: true, force: true }));
