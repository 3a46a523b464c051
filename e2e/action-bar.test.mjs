// The next action is always in reach, in the real window at phone size (390×844), for every game
// and both scorepads: in each state the test walks through by tapping, the action bar lies inside
// the first screen, its first offer too, and the bar sits on the screen's bottom, as tall as what
// it holds (up to 40% of the screen: no empty panel over the board it talks about); an offer that
// settles a stage for everyone (ending an Era, closing the scorepad) sends nothing on one tap and
// asks first, its confirm button away from where the finger was. The games are started with the
// steward CLI on the database the app then opens; every step after that is a tap.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, test } from "node:test";
import {
  PHONE,
  T,
  appBinary,
  assertInFirstScreen,
  assertOnTop,
  assertPlainScreen,
  boxOf,
  checkLayout,
  logCount,
  screenshot,
  tapAndConfirm,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

const db = join(mkdtempSync(join(tmpdir(), "estate-steward-bar-")), "bar.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (...args) => execFileSync(steward, ["--db", db, "--json", ...args], { encoding: "utf8" });
const start = (game, ...players) => JSON.parse(cli("start", game, ...players.flatMap((p) => ["--player", p]))).game_id;
after(() => rmSync(dirname(db), { recursive: true, force: true }));

const GAMES = {
  nine: start("nine-estates", "Ana"),
  estates: start("the-estates", "Ana", "Bo", "Cy"),
  middle: start("middle-ages", "Ana", "Bo"),
  realmLive: start("raise-the-realm-live", "Ana", "Bo"),
  lordPad: start("realm-lord-scorepad", "Ana", "Bo"),
};

async function openTable(browser, id) {
  await browser.execute((id) => (location.hash = `#/table/${id}`), id);
  await browser.waitUntil(async () => (await tid(browser, "table-header").getText()).includes(`game #${id}`), {
    ...T,
    timeoutMsg: `game #${id} never opened`,
  });
  await sleep(300);
}

/**
 * At the top of the page: the action bar and its first offer lie inside the first screen. Returns
 * the bar's box and that offer.
 */
async function barInReach(browser, where) {
  const bar = await tid(browser, "action-area");
  await bar.waitForDisplayed({ ...T, timeoutMsg: `no action bar on ${where}` });
  await sleep(150);
  const box = await assertInFirstScreen(browser, bar, `${where}: the action bar`);
  await assertBarHugsItsContent(browser, bar, where);
  // The core's offers are the bar's buttons; where the move is a choice to tap (Middle Ages'
  // plots), the first enabled button.
  let offer = await bar.$('[data-testid="action"]');
  if (!(await offer.isExisting())) offer = await bar.$("button:not([disabled])");
  await offer.waitForExist({ ...T, timeoutMsg: `${where}: no offer in the action bar` });
  await assertInFirstScreen(browser, offer, `${where}: the first offer`);
  return { box, offer };
}

/**
 * The bar sits on the bottom of the screen, takes at most 40% of it, and (unless it scrolls, at
 * its cap) ends a panel's padding below its last control: no empty card over the board.
 */
async function assertBarHugsItsContent(browser, bar, where) {
  const fit = await browser.execute((el) => {
    const r = el.getBoundingClientRect();
    let low = r.top;
    for (const d of el.querySelectorAll("*")) {
      const b = d.getBoundingClientRect();
      // The panels are the bar's cards; what they hold is the content.
      if (b.height > 0 && !d.classList.contains("panel")) low = Math.max(low, b.bottom);
    }
    return { bottom: r.bottom, height: r.height, vh: window.innerHeight, empty: r.bottom - low, scrolls: el.scrollHeight > el.clientHeight + 1 };
  }, bar);
  assert.ok(Math.abs(fit.bottom - fit.vh) <= 1, `${where}: the bar does not sit on the screen's bottom (${JSON.stringify(fit)})`);
  assert.ok(fit.height <= 0.4 * fit.vh + 1, `${where}: the bar takes over 40% of the screen (${JSON.stringify(fit)})`);
  if (!fit.scrolls) {
    assert.ok(fit.empty <= 40, `${where}: the bar holds ${Math.round(fit.empty)} px of nothing under its content`);
  }
}

/** Taps the bar's offer whose label starts with `label` (its first offer when none is named). */
async function tapOffer(browser, where, label = null) {
  const { box, offer: first } = await barInReach(browser, where);
  let offer = first;
  if (label !== null) {
    offer = await browser.$(`//*[@data-testid="action-area"]//button[@data-testid="action" and starts-with(@data-label, ${JSON.stringify(label)})]`);
    await offer.waitForExist({ ...T, timeoutMsg: `${where}: no "${label}" in the action bar` });
  }
  let question = null;
  if ((await offer.getAttribute("data-confirm")) === "ask") {
    question = await tapAndConfirm(browser, offer, `${where}: ${label ?? "the first offer"}`);
  } else {
    const before = await logCount(browser);
    await offer.scrollIntoView({ block: "nearest" });
    await offer.click();
    await waitLogCount(browser, before + 1, `${where}: ${label ?? "the first offer"}`);
  }
  await sleep(150);
  const bar = await tid(browser, "action-area");
  if (await bar.isExisting()) {
    // Its bottom stays where the finger was; its height follows what it holds now.
    const now = await boxOf(browser, bar);
    assert.ok(Math.abs(now.y + now.height - (box.y + box.height)) <= 1, `${where}: the action bar left the screen's bottom after the tap`);
    await assertBarHugsItsContent(browser, bar, `${where}, after the tap`);
  }
  return question;
}

test(
  "at phone size the next action is in reach in every game, and the bar keeps its place",
  withApp(
    async ({ browser }) => {
      // Count of the Nine Estates: the deal, a turn, and ending the Era (asked first).
      await openTable(browser, GAMES.nine);
      await tapOffer(browser, "Nine Estates, the deal");
      await checkLayout(browser, "Nine Estates, a turn (phone)");
      await screenshot(browser, "bar-nine-turn-phone");
      await tapOffer(browser, "Nine Estates, a turn", "Pass");
      const end = await browser.$('//*[@data-testid="action-area"]//button[starts-with(@data-label, "End Era 1")]');
      await end.scrollIntoView({ block: "nearest" });
      // The Era's end sits apart from the turn's moves, in the last group.
      const groups = await browser.$$('[data-testid="action-area"] [data-testid="action-group"]');
      assert.equal(await groups[groups.length - 1].getAttribute("data-group"), "settle");
      const pass = await boxOf(browser, await browser.$('[data-testid="action-area"] [data-testid="action"][data-group="pass"]'));
      const endBox = await boxOf(browser, end);
      assert.ok(endBox.y - (pass.y + pass.height) >= 48, "End Era lies a finger's width below Pass");
      await end.click();
      await tid(browser, "action-confirm").waitForDisplayed(T);
      await screenshot(browser, "bar-nine-end-era-asked-phone");
      await assertPlainScreen(browser, "the question before ending the Era");
      await tid(browser, "action-confirm-cancel").click();
      assert.equal(await tid(browser, "action-confirm").isExisting(), false, "Cancel takes the question away");
      assert.match(
        await tapOffer(browser, "Nine Estates, the round", "End Era 1"),
        /^End Era 1 now\? It scores -?\d+ points? as it stands, and Era 2 is dealt next\.$/,
      );
      await barInReach(browser, "Nine Estates, Era 2's deal");

      // The Estates: the setup draw, then the auction's first steps.
      await openTable(browser, GAMES.estates);
      await tapOffer(browser, "The Estates, setup");
      await tapOffer(browser, "The Estates, the auction");
      await checkLayout(browser, "The Estates, the auction (phone)");
      await screenshot(browser, "bar-estates-phone");
      await tapOffer(browser, "The Estates, the auction's next step");

      // Middle Ages: the rows drawn, the first player chosen, the first moves.
      await openTable(browser, GAMES.middle);
      await tapOffer(browser, "Middle Ages, the rows");
      await tapOffer(browser, "Middle Ages, the first player");
      await barInReach(browser, "Middle Ages, the first move");
      await screenshot(browser, "bar-middle-phone");

      // Raise the Realm, live: the Leaders dealt (then the mats are described in forms).
      await openTable(browser, GAMES.realmLive);
      await screenshot(browser, "bar-realm-live-phone");
      await tapOffer(browser, "Raise the Realm, the Leaders");

      // Realm Lord's Hope Stone scorepad is its own buttons, at the top: no bar, and the target's
      // Confirm, then every player's +1, inside the first screen.
      await openTable(browser, GAMES.lordPad);
      assert.equal(await tid(browser, "action-area").isExisting(), false);
      const confirm = await tid(browser, "pad-target-input");
      await confirm.setValue("12");
      await assertInFirstScreen(browser, await tid(browser, "pad-target-confirm"), "the target's Confirm");
      const before = await logCount(browser);
      await tid(browser, "pad-target-confirm").click();
      await waitLogCount(browser, before + 1, "confirm the target");
      for (const plus of await browser.$$('[data-testid="pad-plus-1"]')) {
        await assertInFirstScreen(browser, plus, "a player's +1");
      }
      await screenshot(browser, "bar-lord-pad-phone");
    },
    { db, size: PHONE },
  ),
);

test(
  "far down a long page a move back up brings the header back, and the next move down takes it away",
  withApp(
    async ({ browser }) => {
      await openTable(browser, GAMES.estates);
      const header = await browser.$("header.top");
      const home = await tid(browser, "nav-home");
      const bottom = async () => {
        const b = await boxOf(browser, header);
        return b.y + b.height;
      };
      const long = await browser.execute(() => document.documentElement.scrollHeight - window.innerHeight);
      assert.ok(long > 400, `the table is not long enough to scroll (${long} px)`);
      await browser.execute(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await sleep(200);
      assert.ok((await bottom()) <= 0.5, "the header is still on screen at the foot of the page");
      await screenshot(browser, "header-away-phone");
      // A finger's flick up (touch events as WebKit sends them, the finger moving down the
      // glass; WebDriver has no touch screen here): the header is back at the top, and the
      // finger finds Home there.
      const back = async (how) => {
        await browser.waitUntil(async () => (await boxOf(browser, header)).y >= -0.5, {
          ...T,
          timeoutMsg: `the header did not come back on ${how}`,
        });
        await sleep(250);
        await assertOnTop(browser, home, `Home in the header after ${how}`);
      };
      await browser.execute(() => {
        const touch = (type, y) => {
          const e = new Event(type, { bubbles: true });
          Object.defineProperty(e, "touches", { value: [{ clientY: y }] });
          window.dispatchEvent(e);
        };
        touch("touchstart", 300);
        touch("touchmove", 380);
        window.scrollBy(0, -80);
      });
      await back("a flick up");
      await screenshot(browser, "header-back-phone");
      // The next move down takes it away again; a scroll the page makes itself never brings it.
      const away = async (how) =>
        browser.waitUntil(async () => (await bottom()) <= 0.5, { ...T, timeoutMsg: `the header stayed after ${how}` });
      await browser.execute(() => window.scrollBy(0, 200));
      await away("a move down");
      await browser.execute(() => window.scrollBy(0, -120));
      await sleep(200);
      assert.ok((await bottom()) <= 0.5, "a scroll the page made itself brought the header back");
      // Page Up, a real key press: back again.
      await browser.keys(["PageUp"]);
      await back("Page Up");
    },
    { db, size: PHONE },
  ),
);
