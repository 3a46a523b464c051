// Middle Ages in the real window: a whole 2-player game to its scoresheet through the board and
// the action area; moves the rules forbid explained on screen (a taken plot, a plot outside the
// next row, an event that would take coins a player does not have); and the phone-size layout
// of a five-player table.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  chooseGame,
  DESKTOP,
  PHONE,
  T,
  appBinary,
  assertNoCspViolations,
  checkLayout,
  logCount,
  refusalWhy,
  screenshot,
  tapAndConfirm,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

async function text(browser, id) {
  return (await tid(browser, id)).getText();
}

/** Brings an element to the middle of the window, clear of the sticky action area (WebKit's
 * driver does not always scroll for webdriverio's own scrollIntoView). */
async function centre(browser, el) {
  await browser.execute((e) => e.scrollIntoView({ block: "center" }), el);
}

async function click(browser, el) {
  await el.waitForDisplayed(T);
  await centre(browser, el);
  await el.click();
}

/** Types into a field brought to the middle of the screen (clear of the sticky action area). */
async function typeInto(browser, el, value) {
  await centre(browser, el);
  await el.setValue(value);
}

/** Clicks and waits until the action is saved (the log grows by one). */
async function actBy(browser, el, what) {
  const before = await logCount(browser);
  await click(browser, el);
  await waitLogCount(browser, before + 1, what);
}

/** Which step the action area shows: setup, a move, an event, a refill, or none (game over). */
async function step(browser) {
  for (const [id, name] of [
    ["setup-panel", "setup"],
    ["turn-panel", "turn"],
    ["event-form", "event"],
    ["refill-panel", "refill"],
  ]) {
    if (await tid(browser, id).isExisting()) return name;
  }
  return "none";
}

/** One move: the first open plot of the row (if the Lords move), then the take button. */
async function move(browser) {
  const open = await browser.$$('[data-testid="destination"][data-open="true"]');
  if (open.length > 0) await click(browser, open[0]);
  await actBy(browser, await tid(browser, "take"), "a move");
}

/** Plays whatever the action area asks until the game is over; returns the steps taken. */
async function playToTheEnd(browser, onEvent = async () => {}, onRefill = async () => {}) {
  let steps = 0;
  for (;;) {
    const now = await step(browser);
    if (now === "none") return steps;
    if (now === "setup") {
      await actBy(browser, await browser.$('[data-testid="action"]'), "setup");
    } else if (now === "turn") {
      await move(browser);
    } else if (now === "event") {
      await onEvent();
      await tid(browser, "event-name").setValue("Plague");
      await actBy(browser, await tid(browser, "event-submit"), "an event");
    } else {
      await onRefill();
      await actBy(browser, await browser.$('[data-testid="action"][data-group="refill"]'), "a refill");
    }
    steps += 1;
    assert.ok(steps < 200, "the game never ended");
  }
}

test(
  "Middle Ages: a whole 2-player game to its scoresheet, with refusals explained on screen",
  withApp(async ({ browser }) => {
    // New game: Middle Ages, Ana and Bo.
    await tid(browser, "new-game").click();
    await chooseGame(browser, "middle-ages");
    for (const name of ["Ana", "Bo"]) {
      await tid(browser, "person-name").setValue(name);
      await tid(browser, "add-person").click();
      await browser.waitUntil(async () => (await text(browser, "seats")).includes(name), T);
    }
    // This table adds the Orange Deck when the draw tiles run out (two players never run out).
    await click(browser, await tid(browser, "option-run-out-orange"));
    await click(browser, await tid(browser, "start-game"));
    await tid(browser, "setup-panel").waitForDisplayed(T);
    assert.equal(await text(browser, "phase"), "Setup: lay the four rows of plots");

    // Setup: the app draws the rows; Ana places first; both Lords go on row 1.
    await actBy(browser, await browser.$('[data-testid="action"][data-group="setup"]'), "draw the rows");
    assert.equal((await browser.$$('[data-testid="plot"]')).length, 12, "4 rows of 3 plots");
    const first = await browser.$$('[data-testid="action"][data-group="setup"]');
    const labels = [];
    for (const b of first) labels.push((await b.getText()).trim());
    assert.deepEqual(labels, ["Draw who places a Lord first", "Ana places a Lord first", "Bo places a Lord first"]);
    await actBy(browser, first[1], "Ana places first");
    assert.equal(await text(browser, "phase"), "Setup: Ana places a Lord on row 1");
    await move(browser);
    await move(browser);
    assert.match(await text(browser, "phase"), /^Round 1: (Ana|Bo) moves to row 2$/);
    assert.equal((await browser.$$('[data-testid="lord"]')).length, 2);
    // The first screen does not read as everyone losing: until the last round the penalty for
    // empty Estates stands apart from the coins, and places go by coins.
    const provisional = await browser.$('[data-testid="fief"][data-seat="0"] [data-testid="provisional"]');
    assert.equal(await provisional.getAttribute("data-counted"), "false");
    assert.equal(await provisional.getText(), "8 empty Estates (−80 at the end if still empty) · place 1");

    // Round 1: the first player moves; the second taps that plot and is told why not.
    const mover = /Round 1: (\w+)/.exec(await text(browser, "phase"))[1];
    const other = mover === "Ana" ? "Bo" : "Ana";
    // The mover's tile shows a Farmer, and every tile of its type prints one: taught once, the
    // board marks that type's plots and later takes of it carry the Farmer without asking.
    const kind = /takes the (\w+)/.exec(await text(browser, "turn-panel"))[1];
    await click(browser, (await browser.$$('[data-testid="destination"][data-open="true"]'))[0]);
    await click(browser, await browser.$('[data-testid="symbols"] summary'));
    await click(browser, await tid(browser, "farmers-plus"));
    await click(browser, await tid(browser, "teach"));
    await actBy(browser, await tid(browser, "take"), "a move that teaches a printing");
    assert.match(await browser.$('[data-testid="log"] li').getText(), new RegExp(`every ${kind} remembered as printing 1 Farmer`));
    const ofKind = (await browser.$$(`[data-testid="plot"][data-tile="${kind}"]`)).length;
    assert.equal((await browser.$$('[data-testid="plot-printed"]')).length, ofKind, `every ${kind} on the board is marked`);
    const taken = await browser.$('[data-testid="plot"][data-row="1"] [data-testid="lord"]');
    await taken.waitForExist(T);
    const takenPlot = await taken.parentElement().parentElement();
    const slot = Number(await takenPlot.getAttribute("data-slot"));
    await click(browser, takenPlot);
    const whyNot = await tid(browser, "why-not");
    await whyNot.waitForDisplayed(T);
    assert.equal(await whyNot.getText(), `${mover}'s Lord already stands on row 2, plot ${slot + 1}`);
    await click(browser, await browser.$('[data-testid="plot"][data-row="3"][data-slot="0"]'));
    await browser.waitUntil(async () => (await text(browser, "why-not")) === "Lords move to the next row, row 2", {
      ...T,
      timeoutMsg: "a plot outside the next row was not explained",
    });
    // Nothing to send until a plot is tapped: the instruction, not a button that does nothing.
    assert.equal(await tid(browser, "take").isExisting(), false, "nothing is offered for a refused plot");
    assert.equal(await text(browser, "take-prompt"), "Tap a plot of row 2");
    assert.match(await text(browser, "turn-panel"), new RegExp(`${other}'s turn`));
    await checkLayout(browser, "a refused plot (desktop)");
    await screenshot(browser, "middle-ages-refused-desktop");

    // The rest of the game; at the first event the core refuses a loss Ana cannot pay.
    let refusedOnce = false;
    const steps = await playToTheEnd(browser, async () => {
      if (refusedOnce) return;
      refusedOnce = true;
      await tid(browser, "event-name").setValue("Plague");
      await tid(browser, "event-coins-0").setValue("-100");
      const before = await logCount(browser);
      await click(browser, await tid(browser, "event-submit"));
      await browser.waitUntil(async () => /Ana has only \d+ coins and cannot lose 100/.test(await text(browser, "alert")), {
        ...T,
        timeoutMsg: "the refused event was not explained in the alert",
      });
      assert.equal(await logCount(browser), before, "a refusal changes nothing");
      const why = await refusalWhy(browser, "a refused event");
      assert.equal(why.rule, "Rule middle.event-coins");
      assert.match(why.cite, /^Rulebook: 003 line 21/);
      await screenshot(browser, "middle-ages-event-refused-desktop");
      await tid(browser, "event-coins-0").setValue("0");
    }, async () => {
      assert.match(await text(browser, "refill-hint"), /this table adds the Orange Deck when the bag runs out/);
    });
    assert.ok(steps > 40, `only ${steps} steps`);

    // The scoresheet: both players, a winner, and the tie-break counts.
    await tid(browser, "scorepad").waitForDisplayed(T);
    assert.match(await text(browser, "winners"), /Ana|Bo/);
    assert.equal((await browser.$$('[data-testid="final-total"]')).length, 2);
    assert.equal((await browser.$$('[data-testid="tie-break-row"]')).length, 2);
    assert.equal(await tid(browser, "action-area").isExisting(), false, "nothing left to do");
    // ... but start again: Play again at the sheet's foot, on the laptop's first screen.
    assert.ok(await inView(browser, await tid(browser, "play-again")), "Play again is in view");
    const events = await text(browser, "events");
    assert.equal((events.match(/Plague/g) ?? []).length, 4, events);
    await checkLayout(browser, "the scoresheet (desktop)");
    await assertNoCspViolations(browser, "a whole game");
    await screenshot(browser, "middle-ages-over-desktop");
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await sleep(300);
    await checkLayout(browser, "the scoresheet (phone)");
    await screenshot(browser, "middle-ages-over-phone");
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);
  }),
);

// A five-player table made with the steward CLI (a second client of the same database), played
// into round 1 with the app's draw, then opened at phone size.
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-middle-")), "middle.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const players = ["Ana", "Bo", "Cy", "Di", "Ed"].flatMap((n) => ["--player", n]);
execFileSync(steward, ["--db", db, "start", "middle-ages", ...players, "--seed", "4"]);
for (let i = 0; i < 8; i++) execFileSync(steward, ["--db", db, "act", "1", "--pick", "0"]);

/** The element lies inside the window, so it is seen without scrolling. */
async function inView(browser, el) {
  return browser.execute((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  }, el);
}

test(
  "Middle Ages: a five-player table at phone size",
  withApp(
    async ({ browser }) => {
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      await tid(browser, "turn-panel").waitForDisplayed(T);
      await sleep(300);
      assert.equal((await browser.$$('[data-testid="plot"]')).length, 24, "4 rows of 6 plots");
      assert.equal((await browser.$$('[data-testid="fief"]')).length, 5);
      // The next action is on the first screen: the board's top and what to tap.
      assert.ok(await inView(browser, await tid(browser, "take-prompt")), "what to tap is in reach");
      assert.equal(await tid(browser, "take").isExisting(), false, "no button before a plot is chosen");
      assert.ok(await inView(browser, await browser.$('[data-testid="plot"][data-row="0"]')), "the board is on screen");
      await checkLayout(browser, "a five-player table (phone)");
      await screenshot(browser, "middle-ages-table-phone");

      // A tap far from the action area is answered in it, in reach.
      await click(browser, await browser.$('[data-testid="plot"][data-row="3"][data-slot="5"]'));
      const why = await tid(browser, "why-not");
      await why.waitForDisplayed(T);
      assert.equal(await why.getText(), "Lords move to the next row, row 2");
      assert.ok(await inView(browser, why), "the reason shows in the action area");
      await screenshot(browser, "middle-ages-refused-phone");

      // A move from the phone: an open plot of the next row, then the take button.
      const before = await logCount(browser);
      await click(browser, await browser.$('[data-testid="destination"][data-open="true"]'));
      assert.match(await text(browser, "take"), /^Move to row 2, plot \d and take the \w+$/);
      await checkLayout(browser, "a move in hand (phone)");
      await screenshot(browser, "middle-ages-move-phone");
      await click(browser, await tid(browser, "take"));
      await waitLogCount(browser, before + 1, "a move from the phone");
      await assertNoCspViolations(browser, "the phone table");
    },
    { db, size: PHONE },
  ),
);

// A five-player table that adds the Orange Deck (003 line 19), played with the CLI's offered
// actions until the bag is empty: nothing is left to offer but the row the table lays.
const orangeDb = join(mkdtempSync(join(tmpdir(), "estate-steward-orange-")), "orange.sqlite3");
execFileSync(steward, [
  "--db", orangeDb, "start", "middle-ages", ...players, "--seed", "3",
  "--options", JSON.stringify({ when_tiles_run_out: "OrangeDeck" }),
]);
// The stream ends with errors (and a failing exit) once nothing is offered: that is the point.
spawnSync(steward, ["--db", orangeDb, "stream", "1"], { input: "pick 0\n".repeat(400) });

test(
  "Middle Ages: an Orange Deck table lays the row the bag cannot fill (phone)",
  withApp(
    async ({ browser }) => {
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      await tid(browser, "refill-panel").waitForDisplayed(T);
      assert.equal(
        await text(browser, "refill-hint"),
        "Round 11 is over. The bag is empty: lay 6 new plots from the Orange Deck and enter them below.",
      );
      assert.equal(
        (await browser.$$('[data-testid="action"][data-group="refill"]')).length,
        0,
        "the app cannot draw tiles it does not know",
      );
      await click(browser, await browser.$('[data-testid="tile-form"] summary'));
      const laid = ["Field", "Field", "Mill", "Market", "Palace", "Palace"];
      for (const [i, kind] of laid.entries()) {
        const cell = await tid(browser, `tile-0-${i}`);
        await centre(browser, cell);
        await cell.selectByAttribute("value", kind);
      }
      await checkLayout(browser, "an Orange Deck row (phone)");
      await screenshot(browser, "middle-ages-orange-phone");
      await actBy(browser, await tid(browser, "tile-form-submit"), "the Orange Deck row");
      assert.match(await browser.$('[data-testid="log"] li').getText(), /6 new tiles from the Orange Deck/);
      assert.match(await text(browser, "bag"), /6 from the Orange Deck$/);
    },
    { db: orangeDb, size: PHONE },
  ),
);

// The scorepad for a table that tracked nothing, made with the CLI too.
const padDb = join(mkdtempSync(join(tmpdir(), "estate-steward-middle-pad-")), "pad.sqlite3");
execFileSync(steward, ["--db", padDb, "start", "middle-ages-scorepad", "--player", "Ana", "--player", "Bo"]);

test(
  "Middle Ages scorepad: coins and tiles entered at the end give penalties, places and the winner",
  withApp(
    async ({ browser }) => {
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      await tid(browser, "pad-finish").waitForDisplayed(T);
      assert.match(await text(browser, "pad-finish"), /Enter every player's coins and tiles first/);
      // Ana: 40 coins, no Palace (−10). Bo: 35 coins, a tile in every Estate.
      const lines = [
        [0, "40", ["2", "2", "2", "2", "2", "2", "2", ""]],
        [1, "35", ["1", "1", "1", "1", "1", "1", "1", "1"]],
      ];
      for (const [seat, coins, tiles] of lines) {
        const form = await browser.$(`[data-testid="pad-player"][data-seat="${seat}"]`);
        await typeInto(browser, await form.$('[data-testid="pad-coins"]'), coins);
        for (const [i, n] of tiles.entries()) if (n) await typeInto(browser, await form.$(`[data-testid="pad-tiles-${i}"]`), n);
        await actBy(browser, await form.$('[data-testid="pad-save"]'), `${seat}'s line`);
      }
      const ana = await browser.$('[data-testid="pad-player"][data-seat="0"] [data-testid="pad-total"]');
      assert.equal(await ana.getText(), "40 coins − 10 for 1 empty Estate = 30 · place 2");
      await checkLayout(browser, "the scorepad (phone)");
      await screenshot(browser, "middle-ages-scorepad-phone");
      assert.equal(
        await tapAndConfirm(browser, await browser.$('[data-testid="action"][data-group="finish"]'), "close the pad"),
        "Close the scorepad? These scores become the game's result.",
      );
      await tid(browser, "scorepad").waitForDisplayed(T);
      assert.match(await text(browser, "winners"), /Bo/);
    },
    { db: padDb, size: PHONE },
  ),
);

// The databases live in folders of their own under the system's temp folder: removed once done.
after(() => rmSync(dirname(db), { recursive: true, force: true }));
after(() => rmSync(dirname(padDb), { recursive: true, force: true }));
after(() => rmSync(dirname(orangeDb), { recursive: true, force: true }));
