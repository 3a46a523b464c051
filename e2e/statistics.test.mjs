// Statistics in the real window: an empty history says so and offers what to do; then a few
// results-only records and one scorepad game played to its end, and the screen's figures and
// its charts' labels read back exactly, on a laptop and on a phone.
//
// The history (game, day, seat order with scores; W = winner), recorded through the app's own
// commands (results-only records have no form yet):
//   middle-ages           2025-01-05  Ana 50 W, Bo 40
//   middle-ages           2025-01-12  Ana 45 W, Bo 45 W, Cy 30   (a tie shares the victory)
//   middle-ages           2025-02-01  Bo 60 W, Ana 35
//   middle-ages-scorepad  2025-02-10  Ana 55 W, Cy 52
//   raise-the-realm-live  2025-03-01  Ana 30 solo, title "Master Builder", Leader "Trade Queen"
//   raise-the-realm       2025-03-05  Bo 70 W (Explorer), Cy 40 (Trade Queen)
//   raise-the-realm (the scorepad played at the table, today)  Ana 42 W, Bo 28:
//     seven categories at 5 (Ana) and 3 (Bo), empty tracks 7 each.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  PHONE,
  T,
  assertNoCspViolations,
  assertPlainScreen,
  checkLayout,
  screenshot,
  tid,
  withApp,
} from "./helpers.mjs";

const LAPTOP = { width: 1280, height: 800 };

/** Calls one of the app's commands as the UI does, through Tauri's IPC. */
async function invoke(browser, cmd, args) {
  const out = await browser.executeAsync(
    (cmd, args, done) => {
      window.__TAURI_INTERNALS__
        .invoke(cmd, args)
        .then((data) => done({ ok: true, data }))
        .catch((error) => done({ ok: false, error }));
    },
    cmd,
    args,
  );
  if (!out.ok) throw new Error(`${cmd} refused: ${JSON.stringify(out.error)}`);
  return out.data;
}

function entry(game, date, players, extra = {}) {
  return {
    game,
    date,
    players: players.map(([name, score, role]) => ({ name, score, ...(role ? { role } : {}) })),
    ...extra,
  };
}

async function recordHistory(browser) {
  const rows = [
    entry("middle-ages", "2025-01-05", [["Ana", 50], ["Bo", 40]]),
    entry("middle-ages", "2025-01-12", [["Ana", 45], ["Bo", 45], ["Cy", 30]]),
    entry("middle-ages", "2025-02-01", [["Bo", 60], ["Ana", 35]]),
    entry("middle-ages-scorepad", "2025-02-10", [["Ana", 55], ["Cy", 52]]),
    entry("raise-the-realm-live", "2025-03-01", [["Ana", 30, "Trade Queen"]], { title: "Master Builder" }),
    entry("raise-the-realm", "2025-03-05", [["Bo", 70, "Explorer"], ["Cy", 40, "Trade Queen"]]),
  ];
  for (const r of rows) await invoke(browser, "record_result", { entry: r });
  const people = await invoke(browser, "people", {});
  const id = (name) => people.find((p) => p.name === name).id;
  const table = await invoke(browser, "start_game", {
    game: "raise-the-realm",
    personIds: [id("Ana"), id("Bo")],
    colours: [],
    options: null,
  });
  const gameId = table.game_id;
  const categories = ["card_vp", "game_end_vp", "gold", "tucked", "stored", "objectives", "family_secret", "empty_tracks"];
  for (const [seat, base] of [[0, 5], [1, 3]]) {
    for (const category of categories) {
      // Empty tracks are entered as a count: one track is 7 points.
      const value = category === "empty_tracks" ? 1 : base;
      await invoke(browser, "act", { gameId, action: { type: "Enter", seat, category, value } });
    }
  }
  await invoke(browser, "act", { gameId, action: { type: "Finish" } });
}

/** The trimmed text of every element matching `selector` inside `within` (or the page). */
async function texts(browser, selector, within = null) {
  return browser.execute(
    (selector, within) => {
      const root = within ? document.querySelector(within) : document;
      return [...(root?.querySelectorAll(selector) ?? [])].map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim());
    },
    selector,
    within,
  );
}

/** One person's figures, by the card's test ids. */
async function personFigures(browser, name) {
  const card = `[data-testid="person-stats"][data-person="${name}"]`;
  const one = async (id) => (await texts(browser, `[data-testid="${id}"]`, card))[0];
  return {
    plays: await one("stat-plays"),
    wins: await one("stat-wins"),
    winRate: await one("stat-win-rate"),
    expected: await one("stat-expected"),
    average: await one("stat-average"),
    highLow: await one("stat-high-low"),
    streak: await one("stat-streak"),
    h2h: await texts(browser, '[data-testid="head-to-head"]', card),
  };
}

/** Every visible text is at least 14 px, SVG labels included. */
async function assertReadableText(browser, where) {
  const small = await browser.execute(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const el = walker.currentNode.parentElement;
      const t = (walker.currentNode.textContent ?? "").trim();
      if (!el || t === "" || el.closest("script, style, title, .visually-hidden")) continue;
      if (el.getClientRects().length === 0) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 14) out.push(`"${t.slice(0, 30)}" ${size}px`);
    }
    return out;
  });
  if (small.length > 0) throw new Error(`text under 14 px on ${where}: ${small.join("; ")}`);
}

async function checkScreen(browser, where) {
  await checkLayout(browser, where);
  await assertReadableText(browser, where);
  await assertPlainScreen(browser, where);
  await assertNoCspViolations(browser, where);
}

async function waitCharts(browser) {
  // LayerCake draws once it has measured its container.
  await browser.waitUntil(async () => (await texts(browser, '[data-testid="win-rate-y-tick"]')).length === 5, {
    ...T,
    timeoutMsg: "the win-rate chart never drew its axis",
  });
}

/** Every figure and chart label of the whole history; `narrow`: a phone, where the month axis
 * names every other month back from the latest (the labels would overlap otherwise). */
async function readEverything(browser, where, { narrow }) {
  assert.equal(await tid(browser, "stats-plays").getText(), "7 finished games", where);

  assert.deepEqual(await personFigures(browser, "Ana"), {
    plays: "6",
    wins: "4",
    winRate: "80%",
    // (1/2 + 1/3 + 1/2 + 1/2 + 1/2) / 5
    expected: "by chance 47%",
    // (50 + 45 + 35 + 55 + 30 + 42) / 6
    average: "42.8",
    highLow: "55 / 30",
    streak: "2",
    h2h: ["vs Bo: 4 games: ahead 2, behind 1, tied 1", "vs Cy: 2 games: ahead 2, behind 0"],
  });
  assert.deepEqual(await personFigures(browser, "Bo"), {
    plays: "5",
    wins: "3",
    winRate: "60%",
    expected: "by chance 47%",
    // (40 + 45 + 60 + 70 + 28) / 5
    average: "48.6",
    highLow: "70 / 28",
    streak: "3",
    h2h: ["vs Ana: 4 games: ahead 1, behind 2, tied 1", "vs Cy: 2 games: ahead 2, behind 0"],
  });
  const cy = await personFigures(browser, "Cy");
  assert.deepEqual([cy.plays, cy.wins, cy.winRate, cy.expected, cy.streak], ["3", "0", "0%", "by chance 44%", "0"]);

  // Win rate over time: each month's point is the rate to date.
  const thisMonth = new Date().toISOString().slice(0, 7);
  const monthName = new Date().toLocaleString("en-GB", { month: "short", timeZone: "UTC" }).slice(0, 3);
  const now = `${monthName} ${thisMonth.slice(0, 4)}`;
  assert.deepEqual(await texts(browser, '[data-testid="win-rate-y-tick"]'), ["0%", "25%", "50%", "75%", "100%"]);
  assert.deepEqual(
    await texts(browser, '[data-testid="win-rate-x-tick"]'),
    narrow ? ["Feb 2025", now] : ["Jan 2025", "Feb 2025", "Mar 2025", now],
    where,
  );
  assert.deepEqual(await texts(browser, '[data-testid="win-rate-legend"]'), ["Ana 80%", "Bo 60%", "Cy 0%"]);
  const points = await browser.execute(() =>
    [...document.querySelectorAll('[data-testid="chart-win-rate"] .series')].map((g) => [
      g.getAttribute("data-person"),
      [...g.querySelectorAll("circle title")].map((t) => t.textContent),
    ]),
  );
  assert.deepEqual(points, [
    [
      "Ana",
      [
        "Ana, Jan 2025: 100% to date (2 of 2 won that month)",
        "Ana, Feb 2025: 75% to date (1 of 2 won that month)",
        `Ana, ${now}: 80% to date (1 of 1 won that month)`,
      ],
    ],
    [
      "Bo",
      [
        "Bo, Jan 2025: 50% to date (1 of 2 won that month)",
        "Bo, Feb 2025: 67% to date (1 of 1 won that month)",
        "Bo, Mar 2025: 75% to date (1 of 1 won that month)",
        `Bo, ${now}: 60% to date (0 of 1 won that month)`,
      ],
    ],
    [
      "Cy",
      [
        "Cy, Jan 2025: 0% to date (0 of 1 won that month)",
        "Cy, Feb 2025: 0% to date (0 of 1 won that month)",
        "Cy, Mar 2025: 0% to date (0 of 1 won that month)",
      ],
    ],
  ]);

  // Middle Ages (the game and its scorepad as one): nine scores in buckets five wide.
  const ma = '[data-testid="game-stats"][data-game="middle-ages"]';
  assert.deepEqual(await texts(browser, '[data-testid="game-plays"]', ma), ["4 finished games"]);
  const rows = async (game, chart) =>
    browser.execute(
      (game, chart) =>
        [...document.querySelectorAll(`${game} [data-testid="${chart}-row"]`)].map(
          (r) => `${r.querySelector(".label")?.textContent} = ${r.querySelector(".value")?.textContent}`,
        ),
      game,
      chart,
    );
  assert.deepEqual(await rows(ma, "chart-scores"), [
    "30–34 = 1",
    "35–39 = 1",
    "40–44 = 1",
    "45–49 = 2",
    "50–54 = 2",
    "55–59 = 1",
    "60–64 = 1",
  ]);
  assert.deepEqual(await texts(browser, '[data-testid="record-highest"]', ma), ["60 by Bo, 1 Feb 2025"]);
  assert.deepEqual(await texts(browser, '[data-testid="record-margin"]', ma), ["25 points (Bo, 1 Feb 2025)"]);
  assert.deepEqual(await texts(browser, '[data-testid="by-seat"]', ma), [
    "Seat 1: won 4 of 4 (100%)",
    "Seat 2: won 1 of 4 (25%)",
    "Seat 3: won 0 of 1 (0%)",
  ]);

  // Raise the Realm (tracker and scorepad as one): Leaders, the solo title, and the categories
  // of the game played at the table.
  const rr = '[data-testid="game-stats"][data-game="raise-the-realm"]';
  assert.deepEqual(await texts(browser, '[data-testid="game-plays"]', rr), ["3 finished games"]);
  assert.deepEqual(await texts(browser, '[data-testid="by-role"]', rr), [
    "Trade Queen: 2 plays, won 0 (0%), average 35",
    "Explorer: 1 play, won 1 (100%), average 70",
  ]);
  assert.deepEqual(await texts(browser, '[data-testid="title"]', rr), ["Master Builder: 1 time"]);
  const cats = await rows(rr, "chart-categories");
  assert.equal(cats.length, 8, cats.join(" | "));
  assert.deepEqual(
    cats.map((c) => c.split(" = ")[1]),
    ["4", "4", "4", "4", "4", "4", "4", "7"],
  );
  assert.deepEqual(await rows(rr, "chart-scores"), [
    "25–29 = 1",
    "30–34 = 1",
    "35–39 = 0",
    "40–44 = 2",
    "45–49 = 0",
    "50–54 = 0",
    "55–59 = 0",
    "60–64 = 0",
    "65–69 = 0",
    "70–74 = 1",
  ]);
  // Each chart names itself for screen readers.
  const unnamed = await browser.execute(() =>
    [...document.querySelectorAll("figure.chart svg")].filter(
      (svg) => !svg.getAttribute("aria-labelledby") || !svg.getAttribute("aria-describedby") || svg.getAttribute("role") !== "img",
    ).length,
  );
  assert.equal(unnamed, 0, "every chart has a title and a description");
}

test(
  "Statistics: an empty history says so, then the figures and charts read exactly on a laptop and a phone",
  withApp(
    async ({ browser }) => {
      // Empty: Home offers Statistics, which says there is nothing yet and what to do.
      await tid(browser, "open-stats").click();
      await tid(browser, "stats-empty").waitForDisplayed(T);
      assert.match(await tid(browser, "stats-empty").getText(), /No finished games yet/);
      assert.match(await tid(browser, "stats-empty").getText(), /New game/);
      await checkScreen(browser, "empty Statistics");
      await screenshot(browser, "statistics-empty");

      await recordHistory(browser);
      // From History, as a player would come back to it.
      await tid(browser, "nav-history").click();
      await tid(browser, "history-stats").click();
      await tid(browser, "stats-plays").waitForDisplayed(T);
      await waitCharts(browser);
      await readEverything(browser, "laptop", { narrow: false });
      // Empty date fields: every day counts, and the screen says so in words.
      assert.equal(await tid(browser, "stats-days").getText(), "Every day");
      await checkScreen(browser, "Statistics on a laptop");
      await screenshot(browser, "statistics-laptop");

      // Filters ask again: Bo's own Middle Ages games from 10 January.
      await tid(browser, "stats-game").selectByAttribute("value", "middle-ages");
      const people = await invoke(browser, "people", {});
      const bo = people.find((p) => p.name === "Bo").id;
      await tid(browser, "stats-person").selectByAttribute("value", String(bo));
      await browser.execute(() => {
        const from = document.querySelector('[data-testid="stats-from"]');
        from.value = "2025-01-10";
        from.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await browser.waitUntil(async () => (await tid(browser, "stats-plays").getText()) === "2 finished games", {
        ...T,
        timeoutMsg: "the filters never narrowed the games",
      });
      assert.equal(await tid(browser, "stats-days").getText(), "From 10 Jan 2025 on");
      await screenshot(browser, "statistics-filtered");
      assert.deepEqual(await texts(browser, '[data-testid="person-stats"] h4'), ["Bo"]);
      const boFigures = await personFigures(browser, "Bo");
      assert.deepEqual([boFigures.plays, boFigures.wins, boFigures.winRate], ["2", "2", "100%"]);
      assert.deepEqual(await texts(browser, '[data-testid="win-rate-legend"]'), ["Bo 100%"]);
      assert.deepEqual(await texts(browser, '[data-testid="win-rate-x-tick"]'), ["Jan 2025", "Feb 2025"]);
      // None of Bo's Middle Ages games since 10 January had four players.
      await tid(browser, "stats-players").selectByAttribute("value", "4");
      await tid(browser, "stats-none").waitForDisplayed(T);
      await checkScreen(browser, "Statistics, nothing matched");
      await tid(browser, "stats-clear").click();
      await browser.waitUntil(async () => (await tid(browser, "stats-plays").isExisting()) && (await tid(browser, "stats-plays").getText()) === "7 finished games", {
        ...T,
        timeoutMsg: "clearing the filters never showed every game again",
      });
      assert.equal(await tid(browser, "stats-days").getText(), "Every day");

      // A phone: the same figures, nothing sideways, nothing small.
      await browser.setWindowSize(PHONE.width, PHONE.height);
      await sleep(400);
      await waitCharts(browser);
      await readEverything(browser, "phone", { narrow: true });
      await checkScreen(browser, "Statistics on a phone");
      await screenshot(browser, "statistics-phone");
      await browser.execute(() => document.querySelector('[data-testid="game-stats"]')?.scrollIntoView());
      await screenshot(browser, "statistics-phone-games");
    },
    { size: LAPTOP },
  ),
);
