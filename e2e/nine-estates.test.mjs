// Count of the Nine Estates in the real window: a whole game through the UI, kept across a
// restart on the same database file, plus refusals, undo/redo and a refused database.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { DESKTOP, PHONE, appBinary, checkRefusalBeside, refusalWhy, screenshot, startApp, tapAndConfirm, withApp } from "./helpers.mjs";

const T = { timeout: 10_000 };
const tid = (browser, id) => browser.$(`[data-testid="${id}"]`);

/** Number of accepted actions in the table's log. */
async function logCount(browser) {
  const panel = await tid(browser, "log-panel");
  await panel.waitForExist(T);
  return Number(await panel.getAttribute("data-count"));
}

async function waitLogCount(browser, n, what) {
  await browser.waitUntil(async () => (await logCount(browser)) === n, {
    ...T,
    timeoutMsg: `the log never reached ${n} actions (${what})`,
  });
}

/** The core's label of an action button (a way to pay shows only its payment). */
async function labelOf(button) {
  return (await button.getAttribute("data-label")) ?? (await button.getText());
}

/** Opens the list (a build's ways to pay, the cards to rotate) that holds `button`, if closed. */
async function openListOf(button) {
  const list = await button.$("./ancestor::details[1]");
  if ((await list.isExisting()) && (await list.getAttribute("open")) === null) {
    const summary = await list.$("summary");
    await summary.scrollIntoView({ block: "center" });
    await summary.click();
    await button.waitForDisplayed(T);
  }
}

/** Clicks the allowed action of `group` whose label contains `text`; waits until it is saved. */
async function act(browser, group, text) {
  const before = await logCount(browser);
  let button;
  await browser.waitUntil(
    async () => {
      for (const b of await browser.$$(`[data-testid="action"][data-group="${group}"]`)) {
        if ((await labelOf(b)).includes(text)) {
          button = b;
          return true;
        }
      }
      return false;
    },
    { ...T, timeoutMsg: `no ${group} action containing "${text}"` },
  );
  await openListOf(button);
  if ((await button.getAttribute("data-confirm")) === "ask") {
    return tapAndConfirm(browser, button, `${group}: ${text}`);
  }
  await button.scrollIntoView({ block: "center" });
  await button.click();
  await waitLogCount(browser, before + 1, `${group}: ${text}`);
  return null;
}

async function actionLabels(browser, group) {
  const out = [];
  for (const b of await browser.$$(`[data-testid="action"][data-group="${group}"]`)) {
    out.push(await labelOf(b));
  }
  return out;
}

/** Opens the description form for the first request matching `selector`; returns its element. */
async function openRequest(browser, selector) {
  const req = await browser.$(`[data-testid="describe-request"]${selector}`);
  await req.waitForExist({ ...T, timeoutMsg: `no description requested for ${selector}` });
  // The first card asked for is open already.
  if ((await req.getAttribute("open")) === null) {
    await req.$("summary").scrollIntoView({ block: "start" });
    await req.$("summary").click();
  }
  await req.$('[data-testid="describe-name"]').waitForDisplayed(T);
  return req;
}

/** Taps the button `testid` in the form `times` times (a resource icon, a shield number). */
async function press(form, testid, times = 1) {
  for (let i = 0; i < times; i++) {
    const b = await form.$(`[data-testid="${testid}"]`);
    await b.scrollIntoView({ block: "center" });
    await b.click();
  }
}

/** Picks `value` in a one-or-two resource choice (`testid`), unless it is chosen already. */
async function pick(form, testid, value) {
  if ((await form.$(`[data-testid="${testid}"]`).getAttribute("data-value")) !== value) {
    await press(form, `${testid}-${value}`);
  }
}

/** Fills and saves a description; `card` = { name, cost: {Wood: 1}, requires, provides, shields, top?, bottom? }. */
async function describe(browser, selector, card, shot) {
  const before = await logCount(browser);
  const req = await openRequest(browser, selector);
  await req.$('[data-testid="describe-name"]').setValue(card.name);
  for (const [r, n] of Object.entries(card.cost ?? {})) await press(req, `cost-${r}`, n);
  if (card.requires) await req.$('[data-testid="describe-requires"]').setValue(card.requires);
  await pick(req, "provides", card.provides);
  if (card.shields) await press(req, `shields-${card.shields}`);
  if (card.top) await pick(req, "edge-top", card.top);
  if (card.bottom) await pick(req, "edge-bottom", card.bottom);
  if (shot) await screenshot(browser, shot);
  await req.$('[data-testid="describe-save"]').click();
  await waitLogCount(browser, before + 1, `describe ${card.name}`);
}

/** Nothing scrolls sideways, and every visible control is at least 48 px both ways. */
async function checkLayout(browser, where) {
  const report = await browser.execute(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const small = [];
    for (const el of document.querySelectorAll("button, a, input, select, summary")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not rendered (closed <details>)
      if (el.closest(".visually-hidden")) continue;
      if (el instanceof HTMLInputElement && el.type === "radio") {
        const label = el.closest("label")?.getBoundingClientRect();
        if (label && label.height >= 48) continue; // the whole label is the target
      }
      if (r.width < 47.5 || r.height < 47.5) {
        small.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return { overflow, small };
  });
  assert.equal(report.overflow, 0, `horizontal overflow on ${where}`);
  assert.deepEqual(report.small, [], `touch targets under 48 px on ${where}`);
}

/** The CSP (no inline styles or scripts) blocked nothing the UI tried. */
async function assertNoCspViolations(browser, where) {
  const n = await browser.execute(() => document.documentElement.dataset.cspViolations ?? "0");
  assert.equal(n, "0", `the CSP blocked something on ${where}`);
}

async function newGameFor(browser, name, shot) {
  await tid(browser, "new-game").click();
  await tid(browser, "person-name").waitForDisplayed(T);
  await tid(browser, "person-name").setValue(name);
  await tid(browser, "add-person").click();
  await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), {
    ...T,
    timeoutMsg: "the new person never took the seat",
  });
  if (shot) {
    await checkLayout(browser, "new game");
    await screenshot(browser, shot);
  }
  await tid(browser, "start-game").click();
  await tid(browser, "table-header").waitForDisplayed(T);
  return Number(/\d+$/.exec(await browser.getUrl())[0]);
}

test("a whole game through the UI, found again in History after a restart", async (t) => {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), "estate-steward-nine-"));
  const db = join(dir, "games.sqlite3");
  let app = await startApp({ db });
  const fail = async (e) => {
    const file = await screenshot(app.browser, `FAILED-${t.name}`).catch(() => undefined);
    if (file) e.message += `\n(screenshot: ${file})`;
    e.message += `\n--- tauri-driver / app output ---\n${app.logs()}`;
    return e;
  };
  try {
    let { browser } = app;
    await checkLayout(browser, "home (desktop)");
    const id = await newGameFor(browser, "Ana", "new-game-desktop");
    assert.match(await tid(browser, "phase").getText(), /Era 1: deal the cards/);

    await act(browser, "setup", "Shuffle and deal");
    assert.match(await tid(browser, "phase").getText(), /Era 1 · Round 1 · Turn 1/);
    await screenshot(browser, "nine-dealt-desktop");

    // The centre card: free to build, offers Food at its top edge as it lies now.
    await describe(
      browser,
      '[data-place="the centre card"]',
      { name: "Mill", provides: "Wood", shields: 1, top: "Food", bottom: "Stone" },
      "nine-describe-structure-desktop",
    );
    const centre = await browser.$('[data-testid="active-card"][data-slot="Centre"]');
    assert.match(await centre.getText(), /Mill/);
    assert.equal(await centre.$('[data-testid="offers"]').getText(), "Food");

    // A Peasant Estate that needs the Mill and a Wood.
    await describe(browser, '[data-kind="Estate"][data-place^="Peasant row"]', {
      name: "Farm",
      cost: { Wood: 1 },
      requires: "Mill",
      provides: "Food",
      shields: 2,
    });
    await checkLayout(browser, "table with descriptions (desktop)");

    await act(browser, "build", "Build Mill");
    assert.match(await tid(browser, "build-area").getText(), /Round 1\s+Mill/);
    await act(browser, "build", "Build Farm with your Mill (Wood)");
    const farm = await browser.$('[data-testid="estate"][data-status="Built"]');
    assert.match(await farm.getText(), /Farm/);
    assert.equal((await browser.$$('[data-testid="estate"][data-status="Removed"]')).length, 4);
    assert.equal(await tid(browser, "score-total").getText(), "2");
    await screenshot(browser, "nine-built-desktop");

    await act(browser, "pass", "Pass");
    assert.equal(
      await act(browser, "era", "End Era 1"),
      "End Era 1 now? It scores 2 points as it stands, and Era 2 is dealt next.",
    );
    assert.match(await tid(browser, "phase").getText(), /Era 2: deal the cards/);
    assert.match(await tid(browser, "era-breakdown").getText(), /Era 1: 1 Structure \+0 duplicates \+3 shields −2 rounds = 2/);

    await act(browser, "setup", "Shuffle and deal");
    if ((await browser.$$('[data-testid="describe-request"][data-place="the centre card"]')).length > 0) {
      await describe(browser, '[data-place="the centre card"]', {
        name: "Well",
        provides: "Stone",
        top: "Ore",
        bottom: "Gold",
      });
    }
    const builds = await actionLabels(browser, "build");
    assert.ok(builds.length > 0, "something can be built in Era 2");
    await act(browser, "build", builds[0]);
    assert.equal((await browser.$$('[data-testid="structure"]')).length, 1);
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await checkLayout(browser, "table in Era 2 (phone)");
    await screenshot(browser, "nine-era2-phone");
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);

    assert.match(await act(browser, "era", "End Era 2"), /^End Era 2 now\? It scores -?\d+ points? as it stands, and the game ends\.$/);
    const pad = await tid(browser, "scorepad");
    await pad.waitForDisplayed(T);
    const title = await pad.$('[data-testid="title"]').getText();
    const total = await pad.$('[data-testid="final-total"]').getText();
    assert.equal(total, await tid(browser, "score-total").getText());
    assert.ok(Number(total) < 14);
    assert.equal(title, "The King is displeased.");
    const heads = await pad.$$('[data-testid="breakdown"] thead th');
    const columns = [];
    for (const h of heads.slice(1)) columns.push(await h.getText());
    assert.deepEqual(columns, ["Era 1", "Era 2"]);
    await browser.execute(() => window.scrollTo(0, 0));
    await screenshot(browser, "nine-scorepad-desktop");
    await tid(browser, "estate-grid").scrollIntoView({ block: "start" });
    await screenshot(browser, "nine-over-desktop");
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await checkLayout(browser, "scorepad (phone)");
    await pad.scrollIntoView({ block: "start" });
    await screenshot(browser, "nine-scorepad-phone");

    await assertNoCspViolations(browser, "a whole game");

    // Stop the app and start it again on the same file: the game is in History.
    await app.stop();
    app = await startApp({ db, size: PHONE });
    browser = app.browser;
    await tid(browser, "nav-history").click();
    const row = await browser.$(`[data-testid="history-row"][data-game-id="${id}"]`);
    await row.waitForDisplayed(T);
    assert.match(await row.getText(), /Finished/);
    assert.match(await row.$('[data-testid="row-score"]').getText(), new RegExp(`Score ${total} — ${title.replace(".", "\\.")}`));
    await checkLayout(browser, "history (phone)");
    await screenshot(browser, "nine-history-phone");

    await row.click();
    await tid(browser, "record").waitForDisplayed(T);
    assert.equal(await tid(browser, "record-score").getText(), `Score ${total} — ${title}`);
    const log = await browser.$$('[data-testid="record-log"] li');
    const steps = log.length;
    assert.ok(steps >= 10, `the record keeps the whole log (${steps})`);
    await browser.waitUntil(async () => (await tid(browser, "replay-step").getText()) === `Step 0 of ${steps}`, T);
    await tid(browser, "replay-next").scrollIntoView({ block: "center" });
    await tid(browser, "replay-next").click();
    await browser.waitUntil(
      async () => (await tid(browser, "replay-summary").getText()) === "Era 1, round 1: shuffled and dealt the cards",
      { ...T, timeoutMsg: "step 1 never showed the deal" },
    );
    assert.match(await tid(browser, "replay-phase").getText(), /Era 1 · Round 1/);
    // Keyboard on the slider: End jumps to the last step, the finished game.
    await tid(browser, "replay-slider").click();
    await browser.keys("End");
    await browser.waitUntil(async () => (await tid(browser, "replay-step").getText()) === `Step ${steps} of ${steps}`, {
      ...T,
      timeoutMsg: "End on the slider never reached the last step",
    });
    await browser.waitUntil(async () => (await tid(browser, "replay-score").getText()) === total, T);
    assert.match(await tid(browser, "replay-summary").getText(), /ended Era 2/);
    await checkLayout(browser, "game record (phone)");
    await screenshot(browser, "nine-record-phone");
    await tid(browser, "replay-prev").click();
    await browser.waitUntil(async () => (await tid(browser, "replay-step").getText()) === `Step ${steps - 1} of ${steps}`, T);
    assert.match(await tid(browser, "replay-structures").getText(), /Round 1: /);
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);
    await checkLayout(browser, "game record (desktop)");
    await screenshot(browser, "nine-record-desktop");
    await assertNoCspViolations(browser, "history and record");
    t.diagnostic(`whole game + restart: ${Date.now() - started} ms`);
  } catch (e) {
    throw await fail(e);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "a refused description shows the rule's message; undo and redo say what they take back",
  withApp(async ({ browser }) => {
    await browser.setWindowSize(PHONE.width, PHONE.height);
    const id = await newGameFor(browser, "Bo", "new-game-phone");
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);
    await act(browser, "setup", "Shuffle and deal");

    // Saved empty, the card is refused by the core with its rule, and nothing is logged.
    const req = await openRequest(browser, '[data-place="the centre card"]');
    await req.$('[data-testid="describe-name"]').click();
    await browser.keys("Enter"); // the keyboard submits the form
    const alert = await tid(browser, "alert-headline");
    await alert.waitForDisplayed(T);
    assert.equal(await alert.getText(), "The Structure's name must be 1 to 60 characters");
    // Beside the field where Enter was pressed, not at the top of the page.
    await checkRefusalBeside(browser, await req.$('[data-testid="describe-name"]'), "a card saved empty");
    assert.equal(await logCount(browser), 1);
    await screenshot(browser, "nine-refused-desktop");

    // The keyboard moves on to the cost's resource icons, with a visible focus ring.
    await browser.keys("Tab");
    const focus = await browser.execute(() => {
      const el = document.activeElement;
      const style = el ? getComputedStyle(el) : null;
      return { id: el?.getAttribute("data-testid"), outline: style?.outlineStyle, width: style?.outlineWidth };
    });
    assert.deepEqual(focus, { id: "cost-Food", outline: "solid", width: "3px" });

    // The rule and where the rulebook says it wait under "Why?".
    const why = await refusalWhy(browser, "a refused card");
    assert.equal(why.rule, "Rule nine.card-description");
    assert.match(why.cite, /^Rulebook: 001 lines 24-26/);

    // Escape dismisses a refusal.
    await browser.keys("Escape");
    await browser.waitUntil(async () => (await tid(browser, "alert").getText()) === "", {
      ...T,
      timeoutMsg: "Escape left the refusal on screen",
    });

    // A missing resource is refused too, once the name is there.
    await req.$('[data-testid="describe-name"]').setValue("Quarry");
    await req.$('[data-testid="describe-save"]').click();
    await browser.waitUntil(
      async () => (await alert.getText()) === "What the Structure provides must be one resource, or two separated by a slash",
      { ...T, timeoutMsg: "the missing resource was not refused" },
    );

    // A legal action clears the alert.
    await act(browser, "pass", "Pass");
    assert.equal(await tid(browser, "alert").getText(), "");

    const undo = await tid(browser, "undo");
    assert.match(await undo.getText(), /Undo\s+Era 1, round 1: passed/);
    assert.equal(await undo.getAttribute("title"), "Undo: Era 1, round 1: passed");
    assert.equal(await tid(browser, "redo").isEnabled(), false);
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await openRequest(browser, '[data-kind="Estate"]');
    await checkLayout(browser, "describe forms (phone)");
    await screenshot(browser, "nine-describe-phone");
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);
    await undo.click();
    await waitLogCount(browser, 1, "undo");
    assert.equal(await tid(browser, "last-message").getText(), "Undid: Era 1, round 1: passed");
    const redo = await tid(browser, "redo");
    assert.match(await redo.getText(), /Redo\s+Era 1, round 1: passed/);
    assert.match(await tid(browser, "undo").getText(), /Undo\s+Era 1, round 1: shuffled and dealt the cards/);
    await screenshot(browser, "nine-undo-desktop");
    await redo.click();
    await waitLogCount(browser, 2, "redo");
    assert.equal(await tid(browser, "last-message").getText(), "Redid: Era 1, round 1: passed");
    // The keyboard undoes and redoes as in any editor.
    await browser.keys(["Control", "z"]);
    await waitLogCount(browser, 1, "Ctrl+Z");
    assert.equal(await tid(browser, "last-message").getText(), "Undid: Era 1, round 1: passed");
    await browser.keys(["Control", "Shift", "z"]);
    await waitLogCount(browser, 2, "Ctrl+Shift+Z");
    assert.equal(await tid(browser, "last-message").getText(), "Redid: Era 1, round 1: passed");
    // In a text field Ctrl+Z edits the text: the game is left alone.
    const typing = (await openRequest(browser, '[data-place="the centre card"]')).$('[data-testid="describe-name"]');
    await typing.click();
    await browser.keys(["Control", "z"]);
    await browser.pause(400);
    assert.equal(await logCount(browser), 2, "Ctrl+Z in a field undid an action");

    // Home lists the unfinished game; resuming it shows the same table.
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await tid(browser, "nav-home").click();
    const resume = await browser.$('[data-testid="resume-game"]');
    await resume.waitForDisplayed(T);
    assert.match(await resume.getText(), /Bo/);
    await checkLayout(browser, "home (phone)");
    await screenshot(browser, "home-resume-phone");
    await resume.click();
    await waitLogCount(browser, 2, "resumed");
    assert.ok((await browser.getUrl()).endsWith(`#/table/${id}`));
    await checkLayout(browser, "table (phone)");
    await screenshot(browser, "nine-table-phone");
    await assertNoCspViolations(browser, "new game, refusals, undo and resume");
  }),
);

test(
  "every way to pay is offered; the pile turns over card 1 first; a round may keep its deck or rotate any card",
  withApp(async ({ browser }) => {
    await newGameFor(browser, "Cy");
    // The table's own deal as the form starts: cards 1 to 9 from the top, all upright.
    const form = await tid(browser, "deal-form");
    await form.waitForDisplayed(T);
    await form.$("summary").click();
    await tid(browser, "deal-save").click();
    await waitLogCount(browser, 1, "the recorded deal");
    await describe(browser, '[data-place="the centre card"]', {
      name: "Mill",
      cost: { Wood: 1 },
      provides: "Wood",
      top: "Wood",
      bottom: "Stone",
    });
    await describe(browser, '[data-place="the left card"]', {
      name: "Well",
      provides: "Wood",
      top: "Wood",
      bottom: "Stone",
    });

    // The Mill costs a Wood: its own card or the left card may pay, and both ways are offered.
    const list = await browser.$('[data-testid="action-choices"][data-group="build"]');
    await list.waitForExist(T);
    assert.equal(await list.$("summary").getText(), "Build Mill (Wood): 2 ways to pay");
    await list.$("summary").scrollIntoView({ block: "center" });
    await list.$("summary").click();
    const ways = [];
    for (const b of await list.$$('[data-testid="action"]')) ways.push(await b.getText());
    assert.deepEqual(ways, ["Pay with the centre card (Wood)", "Pay with the left card (Wood)"]);
    await checkLayout(browser, "ways to pay (desktop)");
    await screenshot(browser, "nine-ways-to-pay-desktop");
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await list.scrollIntoView({ block: "start" });
    await checkLayout(browser, "ways to pay (phone)");
    await screenshot(browser, "nine-ways-to-pay-phone");
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);
    await act(browser, "build", "Build Mill with the left card (Wood)");
    assert.equal(await tid(browser, "last-message").getText(), "Era 1, round 1: built Mill for Wood");
    const discard = await browser.$('[data-testid="active-card"][data-slot="Discard"]');
    assert.match(await discard.getText(), /card 2 /);

    // Cards 3 to 9 are passed; the pile is 2, 3 … 9 from its bottom.
    for (let i = 0; i < 7; i++) await act(browser, "pass", "Pass");
    assert.match(await tid(browser, "phase").getText(), /Round 1 ended/);
    assert.deepEqual(await actionLabels(browser, "round"), [
      "Shuffle the deck",
      "Rotate the whole deck",
      "Rotate one card next round",
      "Keep the deck as it is",
    ]);
    await browser.setWindowSize(PHONE.width, PHONE.height);
    await checkLayout(browser, "round end (phone)");
    await screenshot(browser, "nine-round-end-phone");
    await browser.setWindowSize(DESKTOP.width, DESKTOP.height);
    await act(browser, "round", "Rotate one card next round");

    // Round 2 starts with card 2, the first card discarded, in the centre.
    assert.match(await tid(browser, "phase").getText(), /Round 2/);
    assert.match(await browser.$('[data-testid="active-card"][data-slot="Centre"]').getText(), /card 2 /);
    assert.match(await browser.$('[data-testid="active-card"][data-slot="Left"]').getText(), /card 3 /);
    const rotate = await browser.$('[data-testid="action-choices"][data-group="round"]');
    assert.equal(await rotate.$("summary").getText(), "Rotate one card of the deck: 7 cards");
    await rotate.$("summary").scrollIntoView({ block: "center" });
    await rotate.$("summary").click();
    await checkLayout(browser, "cards to rotate (desktop)");
    await screenshot(browser, "nine-rotate-any-card-desktop");
    await act(browser, "round", "Rotate card 6 (4th in the deck)");
    assert.equal(await tid(browser, "last-message").getText(), "Era 1, round 2: rotated card 6 in the deck");
    assert.deepEqual(await actionLabels(browser, "round"), [], "one card only");
    await assertNoCspViolations(browser, "ways to pay and round end");
  }),
);

test("a database that is not ours is refused, shown on Home, left untouched, and a backup can take its place", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "estate-steward-refused-"));
  const db = join(dir, "notes.sqlite3");
  const text = "shopping list: flour, candles\n";
  writeFileSync(db, text);
  const app = await startApp({ db, size: PHONE });
  try {
    const panel = tid(app.browser, "db-error");
    await panel.waitForDisplayed(T);
    assert.match(await panel.getText(), /The database was refused/);
    assert.match(await panel.getText(), /is not an Estate Steward database/);
    assert.equal(await tid(app.browser, "new-game").isExisting(), false);
    await checkLayout(app.browser, "refused database (phone)");
    await screenshot(app.browser, "home-db-refused-phone");
    assert.equal(readFileSync(db, "utf8"), text);

    // A backup restored from Home takes the file's place; the refused file is moved aside as it
    // was, and the app starts again on the backup's games.
    const good = join(dir, "good.sqlite3");
    const backup = join(dir, "monday.sqlite3");
    const steward = (...args) => execFileSync(join(dirname(appBinary()), "steward"), ["--db", good, ...args], { encoding: "utf8" });
    steward("record-result", "middle-ages", "--player", "Ana:5", "--player", "Bo:3");
    steward("backup", backup);
    app.answerDialog(backup);
    await tid(app.browser, "refused-restore").click();
    await tid(app.browser, "no-active").waitForDisplayed({ ...T, timeoutMsg: "Home never showed the restored database" });
    assert.equal(await tid(app.browser, "db-error").isExisting(), false);
    const aside = readdirSync(dir).filter((f) => f.startsWith("notes.sqlite3.refused-"));
    assert.equal(aside.length, 1, `the refused file moved aside: ${readdirSync(dir)}`);
    assert.equal(readFileSync(join(dir, aside[0]), "utf8"), text);
    await tid(app.browser, "nav-history").click();
    const row = await app.browser.$('[data-testid="history-row"]');
    await row.waitForDisplayed(T);
    assert.match(await row.getText(), /Middle Ages/);
    await screenshot(app.browser, "home-db-restored-phone");
  } catch (e) {
    e.message += `\n--- tauri-driver / app output ---\n${app.logs()}`;
    await screenshot(app.browser, `FAILED-${t.name}`).catch(() => undefined);
    throw e;
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
