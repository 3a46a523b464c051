// Both themes in the real window at phone size: the app started light and started dark (the
// system's choice, given to WebKitGTK as GTK_THEME), Home, New game, three tables (The Estates
// with buildings on its board, Count of the Nine Estates dealt, Middle Ages with its Lords out),
// History, Statistics with its charts, and Settings. On each screen every visible piece of text
// reaches WCAG AA against what is really behind it, and no text on a board is under 14 px.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PHONE, T, appBinary, screenshot, startApp, tid } from "./helpers.mjs";

// One database for both themes, made with the steward CLI (a second client of the same file).
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-themes-")), "themes.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (...args) => execFileSync(steward, ["--db", db, ...args], { encoding: "utf8" });
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

const SCREENS = [
  { name: "home", hash: "#/", ready: "h1" },
  { name: "new-game", hash: "#/new", ready: '[data-testid="start-game"]' },
  { name: "estates", hash: "#/table/1", ready: '[data-testid="board"]', board: '[data-testid="board"]' },
  { name: "nine-estates", hash: "#/table/2", ready: '[data-testid="estate-grid"]', board: '[data-testid="estate-grid"]' },
  { name: "middle-ages", hash: "#/table/3", ready: '[data-testid="board"]', board: '[data-testid="board"]' },
  { name: "history", hash: "#/history", ready: '[data-testid="history-list"]' },
  { name: "statistics", hash: "#/stats", ready: "svg" },
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
  test(`${theme} theme: every screen reads at WCAG AA on a phone, board text 14 px or more`, async (t) => {
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
      for (const screen of SCREENS) {
        await browser.execute((hash) => {
          location.hash = hash;
        }, screen.hash);
        await browser.$(screen.ready).waitForExist({ ...T, timeoutMsg: `${screen.name} never showed` });
        await sleep(400);
        const m = await browser.execute(measure, screen.board ?? null);
        assert.equal(m.dark, theme === "dark", `the window is not in the ${theme} theme on ${screen.name}`);
        assert.ok(m.checked > 5, `only ${m.checked} texts measured on ${screen.name}`);
        t.diagnostic(`${theme} ${screen.name}: ${m.checked} texts measured`);
        for (const f of m.failures) problems.push(`${screen.name}: ${f}`);
        for (const s of m.small) problems.push(`${screen.name}: board text under 14 px: ${s}`);
        await screenshot(browser, `theme-${theme}-${screen.name}-phone`);
        if (screen.board) {
          await browser.execute((sel) => document.querySelector(sel)?.scrollIntoView({ block: "start" }), screen.board);
          await screenshot(browser, `theme-${theme}-${screen.name}-board-phone`);
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
