// Count of the Nine Estates: the table deals by hand and records it; a deck holding a card twice
// is refused with the core's message, the corrected deal is followed card for card.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  chooseGame,
  DESKTOP,
  PHONE,
  T,
  assertNoCspViolations,
  checkLayout,
  logCount,
  refusalWhy,
  screenshot,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

async function resize(browser, size) {
  await browser.setWindowSize(size.width, size.height);
  await sleep(300);
}

async function shot(browser, name) {
  await sleep(200);
  await browser.execute(() => window.scrollBy(0, 1));
  await browser.execute(() => window.scrollBy(0, -1));
  await sleep(100);
  return screenshot(browser, name);
}

async function choose(browser, testid, value) {
  const select = await tid(browser, testid);
  await select.scrollIntoView({ block: "center" });
  await select.selectByAttribute("value", String(value));
}

test(
  "the table's own deal: a duplicate card is refused, the corrected deal is followed",
  withApp(
    async ({ browser }) => {
      await tid(browser, "new-game").click();
      await chooseGame(browser, "nine-estates");
      await tid(browser, "person-name").setValue("Ana");
      await tid(browser, "add-person").click();
      await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes("Ana"), T);
      await tid(browser, "start-game").click();
      await tid(browser, "table-header").waitForDisplayed(T);

      const form = await tid(browser, "deal-form");
      await form.waitForDisplayed(T);
      await form.$("summary").click();
      await tid(browser, "deal-save").waitForDisplayed(T);
      await checkLayout(browser, "deal form (desktop)");
      await form.scrollIntoView({ block: "start" });
      await shot(browser, "nine-deal-desktop");
      await resize(browser, PHONE);
      await checkLayout(browser, "deal form (phone)");
      await form.scrollIntoView({ block: "start" });
      await shot(browser, "nine-deal-phone");
      await resize(browser, DESKTOP);

      // Card 1 twice at the top of the deck: refused, nothing logged.
      await choose(browser, "deal-card-1", 1);
      await tid(browser, "deal-save").click();
      const alert = await tid(browser, "alert-headline");
      await alert.waitForDisplayed(T);
      assert.equal(
        await alert.getText(),
        "The deck must hold exactly the cards [1, 2, 3, 4, 5, 6, 7, 8, 9], each once (got [1, 1, 3, 4, 5, 6, 7, 8, 9])",
      );
      const why = await refusalWhy(browser, "a refused deal");
      assert.equal(why.rule, "Rule nine.deal");
      assert.match(why.cite, /^Rulebook: 001 lines 30-32/);
      assert.equal(await logCount(browser), 0);
      await resize(browser, PHONE);
      await checkLayout(browser, "refused deal (phone)");
      await shot(browser, "nine-deal-refused-phone");
      await resize(browser, DESKTOP);
      // Read, the refusal beside "Record this deal" goes at the player's next tap elsewhere (a
      // real pointer at the window's corner, not the harness's touch-down): it lies over the deck's last rows, which
      // the player mends next.
      await browser
        .action("pointer", { parameters: { pointerType: "mouse" } })
        .move({ origin: "viewport", x: 4, y: 4 })
        .down()
        .up()
        .perform();
      await browser.waitUntil(async () => (await tid(browser, "alert").getText()) === "", {
        ...T,
        timeoutMsg: "a tap elsewhere left the refusal beside Record this deal",
      });

      // The grid as dealt, and the deck from 9 down to 1 with the top card rotated.
      const grid = [
        [9, 7, 8],
        [6, 4, 5],
        [2, 3, 1],
      ];
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) await choose(browser, `deal-grid-${r}-${c}`, grid[r][c]);
      for (let i = 0; i < 9; i++) await choose(browser, `deal-card-${i}`, 9 - i);
      await choose(browser, "deal-face-0", "false");
      await tid(browser, "deal-save").click();
      await waitLogCount(browser, 1, "the recorded deal");
      assert.equal(await tid(browser, "last-message").getText(), "Era 1, round 1: recorded the deal");
      assert.equal(await tid(browser, "alert").getText(), "");
      assert.equal(await tid(browser, "deal-form").isExisting(), false);

      const dealt = [];
      for (const e of await browser.$$('[data-testid="estate"]')) dealt.push(Number(await e.getAttribute("data-card")));
      assert.deepEqual(dealt, grid.flat());
      // The top card slid to the centre; the next one lies on the deck.
      assert.match(await browser.$('[data-testid="active-card"][data-slot="Centre"]').getText(), /card 9 /);
      assert.match(await browser.$('[data-testid="active-card"][data-slot="Left"]').getText(), /card 8 /);
      await assertNoCspViolations(browser, "recorded deal");
    },
    { size: DESKTOP },
  ),
);
