// The first turns of a table's first game, at phone size (390×844), for the games whose long
// walkthroughs run at desktop size: The Estates, Middle Ages and Raise the Realm's scorepad. Each
// starts from New game and taps on as a table would. The taps are what this file is for:
// helpers.mjs notes every one with whether a player could have made it without scrolling first,
// and e2e/tap-report.mjs (after the e2e run) lists the games where more than 5% of the taps
// needed a scroll. The tests here check that each tap did what the table meant.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  PHONE,
  T,
  assertInFirstScreen,
  assertOnTop,
  logCount,
  newGameWith,
  screenshot,
  tapAndConfirm,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

/** A player's tap: scrolled to first only when the spot is out of reach (which counts). */
async function tap(browser, el) {
  await el.waitForDisplayed(T);
  const reachable = await browser.execute((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && e.contains(hit);
  }, el);
  if (!reachable) await browser.execute((e) => e.scrollIntoView({ block: "center" }), el);
  await el.click();
}

/** Taps and waits until the action is saved (the log grows by one). */
async function act(browser, el, what) {
  const before = await logCount(browser);
  await tap(browser, el);
  await waitLogCount(browser, before + 1, what);
}

/** The first offered action of `group` (and of `kind`, when given). */
async function offer(browser, group, kind = null) {
  const el = await browser.$(`[data-testid="action"][data-group="${group}"]${kind ? `[data-kind="${kind}"]` : ""}`);
  await el.waitForExist({ ...T, timeoutMsg: `no ${group} ${kind ?? ""} offer` });
  return el;
}

/** The offer of `group` whose text is exactly `label`. */
async function offerLabelled(browser, group, label) {
  let found;
  await browser.waitUntil(
    async () => {
      for (const b of await browser.$$(`[data-testid="action"][data-group="${group}"]`)) {
        if ((await b.getText()).trim() === label) {
          found = b;
          return true;
        }
      }
      return false;
    },
    { ...T, timeoutMsg: `no ${group} offer "${label}"` },
  );
  return found;
}

const prompt = async (browser) => (await tid(browser, "auction-prompt")).getText();

async function waitPrompt(browser, re) {
  await browser.waitUntil(async () => re.test(await prompt(browser)), {
    ...T,
    timeoutMsg: `the prompt never matched ${re}`,
  });
}

test(
  "The Estates at phone size: New game, then three auctions (a sale, a purchase, a free piece)",
  withApp(
    async ({ browser }) => {
      await newGameWith(browser, "the-estates", ["Ana", "Bo", "Cy"]);
      await act(browser, await offer(browser, "setup"), "draw the cubes");

      // A sale: the next player bids 3 with the stepper, the last passes, the auctioneer sells.
      await waitPrompt(browser, /choose a piece$/);
      await act(browser, await offer(browser, "choose", "Cube"), "choose a cube");
      await waitPrompt(browser, /: bid or pass$/);
      const bids = await logCount(browser);
      await tap(browser, await tid(browser, "bid-more"));
      await tap(browser, await tid(browser, "bid-more"));
      assert.equal(await tid(browser, "bid-amount").getValue(), "3");
      await tap(browser, await tid(browser, "bid-submit"));
      await waitLogCount(browser, bids + 1, "bid 3");
      await act(browser, await offerLabelled(browser, "bid", "Pass"), "pass");
      await waitPrompt(browser, /: sell to \w+ for 3, or buy it for 3$/);
      await act(browser, await offer(browser, "decide", "Sell"), "sell");
      await waitPrompt(browser, /places/);
      await act(browser, await offer(browser, "place"), "place the cube");
      await screenshot(browser, "first-turns-estates-phone");

      // A purchase: a bid of 1, a pass, the auctioneer buys it.
      await waitPrompt(browser, /choose a piece$/);
      await act(browser, await offer(browser, "choose", "Cube"), "choose a cube");
      await act(browser, await offerLabelled(browser, "bid", "Bid 1"), "bid 1");
      await act(browser, await offerLabelled(browser, "bid", "Pass"), "pass");
      await waitPrompt(browser, /or buy it for 1$/);
      await act(browser, await offer(browser, "decide", "Buy"), "buy");
      await act(browser, await offer(browser, "place"), "place the cube");

      // Nobody bids: the auctioneer takes the piece free.
      await waitPrompt(browser, /choose a piece$/);
      await act(browser, await offer(browser, "choose", "Cube"), "choose a cube");
      await act(browser, await offerLabelled(browser, "bid", "Pass"), "pass");
      await act(browser, await offerLabelled(browser, "bid", "Pass"), "pass");
      await waitPrompt(browser, /places/);
      await act(browser, await offer(browser, "place"), "place the free cube");
      await waitPrompt(browser, /choose a piece$/);
    },
    { size: PHONE },
  ),
);

/** Which step Middle Ages' action area shows. */
async function middleStep(browser) {
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

test(
  "Middle Ages at phone size: New game, the rows drawn, the Lords placed, the first two rounds' moves",
  withApp(
    async ({ browser }) => {
      await newGameWith(browser, "middle-ages", ["Ana", "Bo"]);
      await tid(browser, "setup-panel").waitForDisplayed(T);
      await act(browser, await offer(browser, "setup"), "draw the rows");
      await act(browser, await offerLabelled(browser, "setup", "Ana places a Lord first"), "Ana places first");
      // Two Lords placed, then moves until round 3 begins (two rounds: a plot of the next row,
      // then Take), so the first return to row 1 is played too.
      let moves = 0;
      while (!/^Round 3/.test(await tid(browser, "phase").getText())) {
        const now = await middleStep(browser);
        if (now === "turn") {
          const open = await browser.$$('[data-testid="destination"][data-open="true"]');
          if (open.length > 0) await tap(browser, open[0]);
          await act(browser, await tid(browser, "take"), "a move");
        } else if (now === "event") {
          await tap(browser, await tid(browser, "event-name"));
          await tid(browser, "event-name").addValue("Plague");
          await act(browser, await tid(browser, "event-submit"), "an event");
        } else if (now === "refill") {
          await act(browser, await offer(browser, "refill"), "a refill");
        } else {
          assert.fail(`Middle Ages stopped at ${now} before round 3`);
        }
        moves += 1;
        assert.ok(moves < 40, "round 3 never began");
      }
      await screenshot(browser, "first-turns-middle-ages-phone");
    },
    { size: PHONE },
  ),
);

test(
  "Raise the Realm's scorepad at phone size: New game, two players' lines, the pad closed",
  withApp(
    async ({ browser }) => {
      await newGameWith(browser, "raise-the-realm", ["Ana", "Bo"]);
      await tid(browser, "realm-pad").waitForDisplayed(T);
      // The first cell is tapped; after that the keyboard's Enter moves on, cell after cell and
      // from one player's line to the next, as a phone's "next" key does.
      const first = await browser.$('[data-testid="realm-cell"][data-seat="0"][data-category="card_vp"]');
      await tap(browser, first);
      const lines = [
        [20, 10, 5, 3, 2, 6, 4, 1],
        [18, 12, 4, 5, 3, 6, 2, 0],
      ];
      for (const line of lines) {
        for (const value of line) {
          const before = await logCount(browser);
          await browser.keys([...String(value), "Enter"]);
          await waitLogCount(browser, before + 1, `a score of ${value}`);
        }
      }
      await screenshot(browser, "first-turns-realm-pad-phone");
      const close = await offer(browser, "finish");
      if (!(await browser.execute((e) => e.getBoundingClientRect().bottom <= innerHeight, close))) {
        await browser.execute((e) => e.scrollIntoView({ block: "center" }), close);
      }
      assert.match(await tapAndConfirm(browser, close, "close the scorepad"), /^Close the scorepad\?/);
      // The next tap, Play again, is on the first screen and not covered, however long the sheet.
      const again = await tid(browser, "play-again");
      await again.waitForDisplayed({ ...T, timeoutMsg: "the closed pad offers no Play again" });
      await assertInFirstScreen(browser, again, "Play again (phone)");
      await assertOnTop(browser, again, "Play again (phone)");
      await screenshot(browser, "first-turns-realm-pad-over-phone");
    },
    { size: PHONE },
  ),
);
