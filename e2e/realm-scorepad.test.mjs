// Estate: Raise the Realm's scorepad in the real window: three players who tie for first and are
// parted by Estate cards, kept in History across a restart; a solo pad with its title, a refused
// entry and a number the UI cannot read.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
  startApp,
  tapAndConfirm,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

const CATEGORIES = [
  "card_vp",
  "game_end_vp",
  "gold",
  "tucked",
  "stored",
  "objectives",
  "family_secret",
  "empty_tracks",
];

/** Resizes the window and lets WebKit lay the page out again before anything is measured. */
async function resize(browser, size) {
  await browser.setWindowSize(size.width, size.height);
  await sleep(300);
}

/** A screenshot once WebKit has painted again (its snapshot can lag a resize or a scroll). */
async function shot(browser, name) {
  await sleep(200);
  await browser.execute(() => window.scrollBy(0, 1));
  await browser.execute(() => window.scrollBy(0, -1));
  await sleep(100);
  return screenshot(browser, name);
}

/** New game of Raise the Realm for new people `names`, in seat order; returns the game id. */
async function newRealmGame(browser, names) {
  await tid(browser, "nav-home").click();
  await tid(browser, "new-game").click();
  await chooseGame(browser, "raise-the-realm");
  for (const name of names) {
    await tid(browser, "person-name").setValue(name);
    await tid(browser, "add-person").click();
    await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), {
      ...T,
      timeoutMsg: `${name} never took a seat`,
    });
  }
  await tid(browser, "start-game").scrollIntoView({ block: "center" });
  await tid(browser, "start-game").click();
  await tid(browser, "realm-pad").waitForDisplayed(T);
  return Number(/\d+$/.exec(await browser.getUrl())[0]);
}

const cell = (browser, seat, category) =>
  browser.$(`[data-testid="realm-cell"][data-seat="${seat}"][data-category="${category}"]`);

/**
 * Types over what an input shows, as a person does: focus it, select its text, type. (WebDriver's
 * clear would blur the cell, which puts the recorded value back before the typing starts.)
 */
async function typeOver(browser, input, text) {
  // The page's own scrollIntoView: WebDriver's wheel scroll may stop with the cell half under
  // the sticky alert, which then takes the click.
  await browser.execute((el) => el.scrollIntoView({ block: "center" }), input);
  await input.click();
  await browser.execute((el) => el.select(), input);
  await browser.keys(text.split(""));
}

/** Types a value into a cell and commits it with `key` (Enter or Tab); waits until it is saved. */
async function enter(browser, seat, category, value, key = "Enter") {
  const before = await logCount(browser);
  const input = await cell(browser, seat, category);
  await typeOver(browser, input, String(value));
  await browser.keys(key);
  await waitLogCount(browser, before + 1, `seat ${seat} ${category} ${value}`);
}

async function total(browser, seat) {
  return Number(await browser.$(`[data-testid="realm-total"][data-seat="${seat}"]`).getText());
}

async function fillPlayer(browser, seat, values) {
  for (let i = 0; i < CATEGORIES.length; i++) {
    // Mostly Enter (which moves on), sometimes Tab: both commit one entry.
    await enter(browser, seat, CATEGORIES[i], values[i], i % 3 === 2 ? "Tab" : "Enter");
  }
}

async function clickFinish(browser) {
  const before = await logCount(browser);
  const close = await browser.$('[data-testid="action"][data-group="finish"]');
  await close.waitForDisplayed({ ...T, timeoutMsg: "the scorepad was never offered to close" });
  assert.equal(await close.getText(), "Close the scorepad");
  assert.equal(await tapAndConfirm(browser, close, "close the scorepad"), "Close the scorepad? These scores become the game's result.");
  assert.equal(await logCount(browser), before + 1);
}

test("three players tie for first, Estate cards decide, and History keeps it across a restart", async (t) => {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "estate-steward-realm-"));
  const db = join(dir, "games.sqlite3");
  let app = await startApp({ db });
  try {
    let { browser } = app;
    const id = await newRealmGame(browser, ["Ana", "Bo", "Cy"]);
    assert.match(await tid(browser, "table-header").getText(), /Estate: Raise the Realm/);
    assert.match(await tid(browser, "realm-missing").getText(), /Ana: 8 categories to enter/);
    await checkLayout(browser, "empty realm scorepad (desktop)");
    await shot(browser, "realm-empty-desktop");

    // Ana 57, Bo 57, Cy 36.
    await fillPlayer(browser, 0, [20, 10, 5, 3, 2, 6, 4, 1]);
    assert.equal(await total(browser, 0), 57);
    // Enter moved the cursor on to the next player's first category.
    assert.equal(
      await browser.execute(() => document.activeElement?.getAttribute("data-seat") + "/" + document.activeElement?.getAttribute("data-category")),
      "1/card_vp",
    );
    await fillPlayer(browser, 1, [18, 12, 4, 5, 3, 6, 2, 1]);
    await fillPlayer(browser, 2, [15, 8, 3, 2, 1, 3, 4, 0]);
    assert.deepEqual([await total(browser, 0), await total(browser, 1), await total(browser, 2)], [57, 57, 36]);
    // A correction is one more entry; the total follows.
    await enter(browser, 2, "gold", 4);
    assert.equal(await total(browser, 2), 37);
    // The log names the player: the core writes names.
    assert.equal(await browser.$('[data-testid="log"] li').getText(), "Cy: Gold 4");

    // The tie shows its section; closing waits for both tied players' tie-breakers.
    const tie = await tid(browser, "realm-tie");
    await tie.waitForDisplayed(T);
    assert.match(await tie.getText(), /Ana and Bo tie with 57 points/);
    assert.equal((await browser.$$('[data-testid="tie-form"]')).length, 2);
    assert.equal(await browser.$('[data-testid="action"][data-group="finish"]').isExisting(), false);
    assert.match(await tid(browser, "realm-missing").getText(), /Ana: tie-breakers\s*Bo: tie-breakers/);
    await checkLayout(browser, "tie for first (desktop)");
    await browser.execute(() => window.scrollTo(0, 0));
    await shot(browser, "realm-tie-desktop");
    await tie.scrollIntoView({ block: "start" });
    await shot(browser, "realm-tie-section-desktop");

    for (const [seat, firsts, cards] of [
      [0, 2, 15],
      [1, 2, 12],
    ]) {
      const before = await logCount(browser);
      const form = await browser.$(`[data-testid="tie-form"][data-seat="${seat}"]`);
      await form.scrollIntoView({ block: "center" });
      await form.$('[data-testid="tie-firsts"]').setValue(String(firsts));
      await form.$('[data-testid="tie-cards"]').setValue(String(cards));
      await form.$('[data-testid="tie-save"]').click();
      await waitLogCount(browser, before + 1, `tie-breakers for seat ${seat}`);
      assert.equal(await form.$('[data-testid="tie-saved"]').getText(), `Recorded: ${firsts} won, ${cards} Estate cards`);
    }

    await resize(browser, PHONE);
    await checkLayout(browser, "tie for first (phone)");
    await browser.execute(() => window.scrollTo(0, 0));
    await shot(browser, "realm-pad-phone");
    await tid(browser, "realm-tie").scrollIntoView({ block: "start" });
    await shot(browser, "realm-tie-phone");
    await resize(browser, DESKTOP);

    await clickFinish(browser);
    const pad = await tid(browser, "scorepad");
    await pad.waitForDisplayed(T);
    assert.equal(await tid(browser, "winners").getText(), "Ana wins");
    assert.equal(await browser.$('[data-testid="final-total"][data-seat="0"]').getText(), "57");
    assert.equal(await browser.$('[data-testid="final-rank"][data-seat="1"]').getText(), "2");
    assert.equal(await tid(browser, "realm-pad").isExisting(), false);
    assert.equal(
      await tid(browser, "tie-result").$("p").getText(),
      "Ana and Bo had 57 points each. Era objectives won: Ana 2, Bo 2. Estate cards: Ana 15, Bo 12.",
    );
    assert.ok(await tid(browser, "record-link").isDisplayed());
    await checkLayout(browser, "closed scorepad (desktop)");
    await browser.execute(() => window.scrollTo(0, 0));
    await shot(browser, "realm-closed-desktop");
    await resize(browser, PHONE);
    await checkLayout(browser, "closed scorepad (phone)");
    await pad.scrollIntoView({ block: "start" });
    await shot(browser, "realm-closed-phone");
    await assertNoCspViolations(browser, "three-player scorepad");

    // Restart on the same file: History has the game, its score and winner.
    await app.stop();
    app = await startApp({ db, size: PHONE });
    browser = app.browser;
    await tid(browser, "nav-history").click();
    const row = await browser.$(`[data-testid="history-row"][data-game-id="${id}"]`);
    await row.waitForDisplayed(T);
    assert.match(await row.getText(), /Estate: Raise the Realm/);
    assert.match(await row.getText(), /Finished/);
    assert.equal(await row.$('[data-testid="row-score"]').getText(), "Score 57 — won by Ana");
    await checkLayout(browser, "history (phone)");
    await shot(browser, "realm-history-phone");
    await row.click();
    await tid(browser, "record").waitForDisplayed(T);
    assert.equal(await tid(browser, "record-score").getText(), "Score 57 — won by Ana");
    assert.equal(await browser.$('[data-testid="final-total"][data-seat="2"]').getText(), "37");
    const log = await browser.$$('[data-testid="record-log"] li');
    assert.equal(log.length, 3 * 8 + 1 + 2 + 1);
    await checkLayout(browser, "realm record (phone)");
    await shot(browser, "realm-record-phone");
    await assertNoCspViolations(browser, "history and record");
    t.diagnostic(`three-player pad + restart: ${Date.now() - started} ms`);
  } catch (e) {
    const file = await screenshot(app.browser, `FAILED-${t.name}`).catch(() => undefined);
    if (file) e.message += `\n(screenshot: ${file})`;
    e.message += `\n--- tauri-driver / app output ---\n${app.logs()}`;
    throw e;
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "a solo pad: a refused entry shows the rule, 80 points and 3 objectives make a Duke/Duchess",
  withApp(
    async ({ browser }) => {
      await newRealmGame(browser, ["Dee"]);
      assert.ok(await tid(browser, "realm-objectives").isDisplayed());
      assert.equal(await tid(browser, "realm-tie").isExisting(), false);

      // Seven categories, then empty tracks typed as 8 (the pad takes how many, 0 to 3): the core
      // refuses, nothing is logged, and the field says what it takes.
      const values = [30, 20, 5, 5, 5, 8, 0];
      for (let i = 0; i < values.length; i++) await enter(browser, 0, CATEGORIES[i], values[i]);
      const before = await logCount(browser);
      const tracks = await cell(browser, 0, "empty_tracks");
      await typeOver(browser, tracks, "8");
      await browser.keys("Enter");
      const alert = await tid(browser, "alert-headline");
      await alert.waitForDisplayed(T);
      assert.equal(await alert.getText(), "Enter how many of the 3 tableau tracks have no cube left: 0 to 3, not 8");
      const why = await refusalWhy(browser, "the scorepad, a refused entry");
      assert.equal(why.says, "Enter how many of the 3 tableau tracks have no cube left (0 to 3); each scores 7 points.");
      assert.match(why.cite, /^Rulebook: 000 line 223/);
      assert.equal(why.rule, "Rule realm.empty-tracks");
      assert.equal(await logCount(browser), before);
      assert.equal(await tracks.getAttribute("aria-invalid"), "true");
      assert.equal(await tracks.getValue(), "8");
      const fieldSays = await tid(browser, "realm-cell-error");
      assert.equal(await fieldSays.getText(), "Enter how many tracks have no cube left: 0 to 3");
      assert.equal(await tracks.getAttribute("aria-describedby"), await fieldSays.getAttribute("id"));
      await resize(browser, PHONE);
      await checkLayout(browser, "refused entry (phone)");
      await tracks.scrollIntoView({ block: "center" });
      await shot(browser, "realm-refused-phone");
      await resize(browser, DESKTOP);

      // Letters are not a number: the UI says so without asking the core.
      const gold = await cell(browser, 0, "gold");
      await typeOver(browser, gold, "ten");
      await browser.keys("Tab");
      await browser.waitUntil(async () => (await alert.getText()) === "Gold: enter a whole number", {
        ...T,
        timeoutMsg: "letters in a cell were not refused",
      });
      assert.equal(await logCount(browser), before);
      await enter(browser, 0, "gold", 5);

      // Corrected to one empty track, the entry is accepted (7 points, counted by the core), and
      // the alert and the field's message go.
      await enter(browser, 0, "empty_tracks", 1);
      assert.equal(await tid(browser, "alert").getText(), "");
      assert.equal(await (await cell(browser, 0, "empty_tracks")).getAttribute("aria-invalid"), null);
      assert.equal(await tid(browser, "realm-cell-error").isExisting(), false);
      assert.equal(await total(browser, 0), 80);

      // The objectives stepper: − from "not entered" is none met (a warning), then + to 3.
      assert.match(await tid(browser, "realm-missing").getText(), /How many Era objectives were met/);
      const step = async (which, expected) => {
        const n = await logCount(browser);
        await tid(browser, `objectives-${which}`).scrollIntoView({ block: "center" });
        await tid(browser, `objectives-${which}`).click();
        await waitLogCount(browser, n + 1, `objectives ${which}`);
        assert.equal(await tid(browser, "objectives-value").getText(), `${expected} of 5`);
      };
      await step("minus", 0);
      assert.match(await tid(browser, "objectives-warning").getText(), /game is lost/);
      for (const n of [1, 2, 3]) await step("plus", n);
      assert.equal(await tid(browser, "objectives-warning").isExisting(), false);
      await checkLayout(browser, "solo pad (desktop)");
      await browser.execute(() => window.scrollTo(0, 0));
      await shot(browser, "realm-solo-desktop");

      await clickFinish(browser);
      const title = await tid(browser, "title");
      await title.waitForDisplayed(T);
      assert.equal(await title.getText(), "Duke/Duchess");
      assert.equal(await tid(browser, "final-total").getText(), "80");
      assert.equal(await tid(browser, "winners").isExisting(), false);
      await shot(browser, "realm-solo-title-desktop");
      await resize(browser, PHONE);
      await checkLayout(browser, "solo title (phone)");
      await browser.execute(() => window.scrollTo(0, 0));
      await shot(browser, "realm-solo-title-phone");

      // Undo reopens the pad.
      await tid(browser, "undo").click();
      await tid(browser, "realm-pad").waitForDisplayed(T);
      assert.equal(await tid(browser, "last-message").getText(), "Undid: closed the scorepad");
      await assertNoCspViolations(browser, "solo scorepad");
    },
    { size: DESKTOP },
  ),
);
