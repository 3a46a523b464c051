// The Estates' table rules in the real window (issue 9, items 6–9): the board settings a table
// corrects in New game (refused with the setting and why, then kept in the game's record); a piece
// everyone passed on may be discarded; a player without money is shown exactly the choices of a
// rich one and is refused only when trying (stash, bid, buy); the Game record's replay draws the
// board at each step.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
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
  checkRefusalBeside,
  logCount,
  screenshot,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

const NAMES = ["Ana", "Bo"];
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-rules-")), "rules.sqlite3");
const steward = join(dirname(appBinary()), "steward");

/** A screenshot once WebKit has painted again (after a resize its snapshot can lag the layout). */
async function shot(browser, name) {
  await sleep(250);
  await browser.execute(() => window.scrollBy(0, 1));
  await browser.execute(() => window.scrollBy(0, -1));
  await sleep(100);
  return screenshot(browser, name);
}

async function resize(browser, size) {
  await browser.setWindowSize(size.width, size.height);
  await sleep(300);
}

async function text(browser, id) {
  return (await tid(browser, id)).getText();
}

async function click(browser, selector, what = selector) {
  const el = await browser.$(selector);
  await el.waitForDisplayed({ ...T, timeoutMsg: `nothing to click for ${what}` });
  await el.scrollIntoView({ block: "center" });
  await el.click();
}

/** Clicks and waits until the action is saved. */
async function actOn(browser, selector, what = selector) {
  const before = await logCount(browser);
  await click(browser, selector, what);
  await waitLogCount(browser, before + 1, what);
}

/** Clicks and waits for the core's refusal: its plain reason in the alert, and nothing logged. */
async function refusedOn(browser, selector, reason, what = selector) {
  const before = await logCount(browser);
  await click(browser, selector, what);
  const headline = await tid(browser, "alert-headline");
  await browser.waitUntil(async () => (await headline.getText()) === reason, {
    ...T,
    timeoutMsg: `${what} was not refused with "${reason}" (the alert says "${await headline.getText().catch(() => "")}")`,
  });
  await checkRefusalBeside(browser, await browser.$(selector), what);
  await sleep(200);
  assert.equal(await logCount(browser), before, `${what} logged something`);
  // Read, the refusal is dismissed as a player does, so that the alert stuck to the top of the
  // window covers nothing the next tap needs.
  await tid(browser, "alert-dismiss").click();
  await headline.waitForExist({ ...T, reverse: true });
}

/** The bidding buttons' words, in order. */
async function bidLabels(browser) {
  const out = [];
  for (const b of await browser.$$('[data-testid="action"][data-group="bid"]')) out.push((await b.getText()).trim());
  return out;
}

async function waitPrompt(browser, expected) {
  await browser.waitUntil(async () => (await text(browser, "auction-prompt")) === expected, {
    ...T,
    timeoutMsg: `the prompt never said "${expected}" (it says "${await text(browser, "auction-prompt").catch(() => "?")}")`,
  });
}

async function typeBid(browser, amount) {
  const input = await tid(browser, "bid-amount");
  await input.scrollIntoView({ block: "center" });
  await input.setValue(String(amount));
  await tid(browser, "bid-submit").click();
}

/** The sand lots of a board row as drawn (lot indexes from the street). */
async function sandLots(browser, row, scope = "") {
  const lots = await browser.$$(`${scope} [data-testid="board-row"][data-row="${row}"] [data-testid="lot"][data-sand="true"]`);
  const out = [];
  for (const l of lots) out.push(Number(await l.getAttribute("data-lot")));
  return out;
}

/** Cubes drawn on a lot, and its rooftop's words if it has one. */
async function lotContents(browser, row, lot, scope = "") {
  const el = await browser.$(`${scope} [data-testid="board-row"][data-row="${row}"] [data-testid="lot"][data-lot="${lot}"]`);
  const cubes = (await el.$$('[data-testid="cube"]')).length;
  const roof = await el.$('[data-testid="rooftop"]');
  return { cubes, roof: (await roof.isExisting()) ? await roof.getText() : null };
}

async function replayTo(browser, step) {
  for (;;) {
    const shown = Number(/^Step (\d+)/.exec(await text(browser, "replay-step"))?.[1]);
    if (shown === step) break;
    await click(browser, `[data-testid="replay-${shown < step ? "next" : "prev"}"]`, "replay step");
    await browser.waitUntil(async () => !(await text(browser, "replay-step")).startsWith(`Step ${shown} `), T);
  }
  // The step's table arrives from the core after the step number changes.
  await browser.waitUntil(async () => (await tid(browser, "replay-estates").isExisting()), T);
  await sleep(300);
}

test(
  "The Estates: board settings, a discard after all pass, the same choices rich or poor, the replayed board",
  withApp(
    async ({ browser, t }) => {
      // ---- New game: the board settings start from the defaults and are corrected -------------
      await tid(browser, "new-game").click();
      await chooseGame(browser, "the-estates");
      await tid(browser, "board-settings").waitForDisplayed(T);
      assert.equal((await browser.$$('[data-testid="sand-lot"]')).length, 5);
      const defaults = [];
      for (let i = 0; i < 5; i++) {
        defaults.push([await (await tid(browser, `sand-row-${i}`)).getValue(), await text(browser, `sand-lot-${i}-value`)]);
      }
      assert.deepEqual(defaults, [
        ["0", "2"],
        ["0", "5"],
        ["1", "3"],
        ["2", "1"],
        ["2", "6"],
      ]);
      assert.equal(await text(browser, "rooftop-low-value"), "1");
      assert.equal(await text(browser, "rooftop-high-value"), "6");
      for (const name of NAMES) {
        await tid(browser, "person-name").setValue(name);
        await tid(browser, "add-person").click();
        await browser.waitUntil(async () => (await text(browser, "seats")).includes(name), T);
      }
      // Sand lot 2 moved onto sand lot 1 (top row, lot 2): refused with the setting and why.
      for (let i = 0; i < 3; i++) await click(browser, '[data-testid="sand-lot-1-minus"]');
      assert.equal(await text(browser, "sand-lot-1-value"), "2");
      await click(browser, '[data-testid="start-game"]');
      const headline = await tid(browser, "alert-headline");
      await headline.waitForDisplayed(T);
      assert.equal(await headline.getText(), "Sand lots: lot 2 of the top row is listed twice");
      assert.match(await browser.getUrl(), /#\/new/);
      await checkLayout(browser, "refused board settings (desktop)");
      await tid(browser, "board-settings").scrollIntoView({ block: "start" });
      await shot(browser, "estates-settings-refused-desktop");
      // Corrected: the second sand lot on the top row's first lot; rooftops show 1 to 8.
      await click(browser, '[data-testid="sand-lot-1-minus"]');
      await click(browser, '[data-testid="rooftop-high-plus"]');
      await click(browser, '[data-testid="rooftop-high-plus"]');
      assert.equal(await text(browser, "rooftop-high-value"), "8");
      await resize(browser, PHONE);
      await checkLayout(browser, "board settings (phone)");
      await tid(browser, "board-settings").scrollIntoView({ block: "start" });
      await shot(browser, "estates-settings-phone");
      await resize(browser, DESKTOP);
      await click(browser, '[data-testid="start-game"]');
      await tid(browser, "table-header").waitForDisplayed(T);
      const id = Number(/\d+$/.exec(await browser.getUrl())[0]);
      await actOn(browser, '[data-testid="action"][data-group="setup"]', "draw the cubes");
      assert.deepEqual(await sandLots(browser, 0), [0, 1], "the top row's sand lots as the table set them");
      assert.deepEqual(await sandLots(browser, 1), [2]);

      // ---- Turn 1: Bo spends every check (bids 12, the auctioneer sells) ----------------------
      const a = Number(await tid(browser, "auction").getAttribute("data-seat"));
      const b = 1 - a;
      await waitPrompt(browser, `${NAMES[a]}, choose a piece`);
      await actOn(browser, '[data-testid="action"][data-group="choose"][data-kind="Cube"]', "auction a cube");
      await waitPrompt(browser, `${NAMES[b]}: bid or pass`);
      const richLabels = await bidLabels(browser);
      assert.deepEqual(richLabels, ["Pass", "Bid 1"]);
      let before = await logCount(browser);
      await typeBid(browser, 12);
      await waitLogCount(browser, before + 1, "bid 12");
      await actOn(browser, '[data-testid="action"][data-group="decide"][data-kind="Sell"]', "sell");
      await actOn(browser, '[data-testid="action"][data-group="place"][data-row="1"][data-lot="0"]', "place in the middle row");
      const placedAfter = await logCount(browser);

      // ---- Turn 2: Bo, broke, is shown the stash, refused; all pass, Bo discards the cube -------
      await waitPrompt(browser, `${NAMES[b]}, choose a piece`);
      await refusedOn(
        browser,
        '[data-testid="action"][data-group="stash"]',
        "There is no check in hand to stash",
        "a stash without a check",
      );
      const cubesLeft = Number(await text(browser, "cubes-left"));
      await actOn(browser, '[data-testid="action"][data-group="choose"][data-kind="Cube"]', "auction a cube");
      await actOn(browser, '[data-testid="action"][data-group="bid"]', "pass"); // Pass is the first
      await browser.waitUntil(async () => (await text(browser, "auction-prompt")).startsWith(`${NAMES[b]} places `), T);
      assert.match(await text(browser, "taken-free"), new RegExp(`Everyone passed: ${NAMES[b]} took it free`));
      await checkLayout(browser, "taken free (desktop)");
      await tid(browser, "auction").scrollIntoView({ block: "start" });
      await shot(browser, "estates-taken-free-desktop");
      await resize(browser, PHONE);
      await checkLayout(browser, "taken free (phone)");
      await tid(browser, "auction").scrollIntoView({ block: "start" });
      await shot(browser, "estates-taken-free-phone");
      await resize(browser, DESKTOP);
      await actOn(browser, '[data-testid="action"][data-group="place"][data-kind="Discard"]', "discard the cube");
      assert.match(await text(browser, "log-panel"), /floor cube leaves the game/);
      assert.equal(Number(await text(browser, "cubes-left")), cubesLeft - 1);
      assert.deepEqual(await lotContents(browser, 1, 1), { cubes: 0, roof: null }, "nothing was placed");

      // ---- Turn 3: Bo is shown what a rich bidder is shown, and refused when bidding -----------
      await waitPrompt(browser, `${NAMES[a]}, choose a piece`);
      await actOn(browser, '[data-testid="action"][data-group="choose"][data-kind="Cube"]', "auction a cube");
      await waitPrompt(browser, `${NAMES[b]}: bid or pass`);
      assert.deepEqual(await bidLabels(browser), richLabels, "the same buttons with 0 as with 12");
      let bidOne;
      for (const el of await browser.$$('[data-testid="action"][data-group="bid"]')) {
        if ((await el.getText()).trim() === "Bid 1") bidOne = el;
      }
      before = await logCount(browser);
      await bidOne.scrollIntoView({ block: "center" });
      await bidOne.click();
      await browser.waitUntil(
        async () =>
          (await tid(browser, "alert-headline").getText()) ===
          `${NAMES[b]}'s bid must be covered by the checks in hand (the cash box does not count)`,
        { ...T, timeoutMsg: "the uncovered bid was not refused with its reason" },
      );
      assert.equal(await logCount(browser), before);
      await checkLayout(browser, "uncovered bid refused (desktop)");
      await shot(browser, "estates-uncovered-bid-desktop");
      await actOn(browser, '[data-testid="action"][data-group="bid"]', "pass");
      await actOn(browser, '[data-testid="action"][data-group="place"][data-row="0"][data-lot="0"]', "place on the sand lot");

      // ---- Turn 4: Bo auctions a rooftop of the table's range; buying is shown, and refused -----
      await waitPrompt(browser, `${NAMES[b]}, choose a piece`);
      await click(browser, '[data-testid="auction-rooftop"]');
      const numbers = [];
      for (const el of await browser.$$('[data-testid="rooftop-value"]')) numbers.push(Number(await el.getAttribute("data-value")));
      assert.deepEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8], "the rooftop numbers the table set");
      await actOn(browser, '[data-testid="rooftop-value"][data-value="8"]', "rooftop 8");
      before = await logCount(browser);
      await typeBid(browser, 1);
      await waitLogCount(browser, before + 1, "bid 1");
      await refusedOn(
        browser,
        '[data-testid="action"][data-group="decide"][data-kind="Buy"]',
        `To keep the piece ${NAMES[b]}, the auctioneer, must pay 1 from checks in hand`,
        "an uncovered purchase",
      );
      await actOn(browser, '[data-testid="action"][data-group="decide"][data-kind="Sell"]', "sell");
      await actOn(browser, '[data-testid="action"][data-group="place"][data-kind="Rooftop"][data-row="1"][data-lot="0"]', "roof");
      assert.deepEqual(await lotContents(browser, 1, 0), { cubes: 1, roof: "Roof 8" });
      const steps = await logCount(browser);
      await assertNoCspViolations(browser, "The Estates' table rules");

      // ---- The Game record: the replay draws the board at each step -----------------------------
      await tid(browser, "nav-history").click();
      const row = await browser.$(`[data-testid="history-row"][data-game-id="${id}"]`);
      await row.waitForDisplayed(T);
      await row.click();
      await tid(browser, "record").waitForDisplayed(T);
      const replay = '[data-testid="replay-estates"]';
      await replayTo(browser, 0);
      assert.match(await text(browser, "replay-phase"), /^Setting up/);
      assert.deepEqual(await sandLots(browser, 0, replay), [0, 1], "the replay draws the table's sand lots");
      assert.deepEqual(await lotContents(browser, 1, 0, replay), { cubes: 0, roof: null });
      await replayTo(browser, placedAfter);
      assert.match(await text(browser, "replay-phase"), /^Turn 2 · /);
      assert.deepEqual(await lotContents(browser, 1, 0, replay), { cubes: 1, roof: null }, "Bo's cube after turn 1");
      assert.deepEqual(await lotContents(browser, 0, 0, replay), { cubes: 0, roof: null });
      await checkLayout(browser, "replay (desktop)");
      await tid(browser, "replay").scrollIntoView({ block: "start" });
      await shot(browser, "estates-replay-desktop");
      await replayTo(browser, steps);
      assert.deepEqual(await lotContents(browser, 1, 0, replay), { cubes: 1, roof: "Roof 8" });
      assert.deepEqual(await lotContents(browser, 0, 0, replay), { cubes: 1, roof: null });
      assert.equal((await browser.$$('[data-testid="purse"]')).length, 0, "no money in the replay");
      await resize(browser, PHONE);
      // Stepped on the phone too: the board is drawn afresh at that width.
      await replayTo(browser, steps - 1);
      await replayTo(browser, steps);
      assert.deepEqual(await lotContents(browser, 1, 0, replay), { cubes: 1, roof: "Roof 8" });
      await checkLayout(browser, "replay (phone)");
      await tid(browser, "replay").scrollIntoView({ block: "start" });
      await shot(browser, "estates-replay-phone");
      await resize(browser, DESKTOP);
      await assertNoCspViolations(browser, "the Game record");

      // ---- The record keeps the settings the game was started with -----------------------------
      const record = JSON.parse(execFileSync(steward, ["--db", db, "--json", "record", String(id)], { encoding: "utf8" }));
      assert.deepEqual(record.options, {
        all_money_scores: false,
        sand_lots: [
          [0, 1],
          [0, 0],
          [1, 2],
          [2, 0],
          [2, 5],
        ],
        rooftop_values: [1, 8],
      });
      t.diagnostic(`recorded options: ${JSON.stringify(record.options)}`);
    },
    { db },
  ),
);

// The databases live in folders of their own under the system's temp folder: removed once done.
after(() => rmSync(dirname(db), { recursive: true, force: true }));
