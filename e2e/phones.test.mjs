// Phones at the table, end to end: the real window hosts a three-player game of The Estates on
// 127.0.0.1 (ESTATE_STEWARD_HOST_BIND), two phones (chromium at 390×844, through chromedriver)
// open their seats' links from the invite panel, and then: the phone whose decision it is acts;
// the window and the other phone follow without a tap; the other phone is offered nothing for
// that seat and never shows the first phone's money; a reload (and a visit to /) comes back to
// the seat; a seat's new link makes its old phone say so; stopping hosting reaches the phones.
// The network rule: every page opened is on 127.0.0.1 (`assertLoopback`), never a LAN address.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  chooseGame,
  T,
  assertNoCspViolations,
  assertPlainScreen,
  checkLayout,
  logCount,
  screenshot,
  tid,
  waitLogCount,
  withApp,
  artifactsDir,
} from "./helpers.mjs";
import { assertLoopback, startChromedriver } from "./chromium.mjs";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const NAMES = ["Ana", "Bo", "Cy"];
/** How long a change may take to reach a screen that was not tapped. */
const LIVE = { timeout: 6_000 };

const text = async (b, id) => (await tid(b, id)).getText();

/** Scrolls an element of a phone to the middle of its screen (the action bar is fixed below). */
async function centre(b, el) {
  await b.execute((e) => e.scrollIntoView({ block: "center" }), el);
}

/** A phone's PNG (chromium's own screenshot: the 390×844 viewport at 3× pixels), from the top. */
async function phoneShot(phone, name, top = true) {
  mkdirSync(artifactsDir, { recursive: true });
  if (top) await phone.execute(() => window.scrollTo(0, 0));
  const file = join(artifactsDir, `${name}.png`);
  await phone.saveScreenshot(file);
  return file;
}

async function waitPrompt(b, expected, what) {
  await b.waitUntil(async () => (await text(b, "auction-prompt").catch(() => "")) === expected, {
    ...LIVE,
    timeoutMsg: `${what}: the prompt never said "${expected}" (it says "${await text(b, "auction-prompt").catch(() => "?")}")`,
  });
}

async function waitConnection(phone, state, what) {
  await phone.waitUntil(async () => (await tid(phone, "phone-connection").getAttribute("data-state").catch(() => null)) === state, {
    ...LIVE,
    timeoutMsg: `${what}: the phone never said "${state}"`,
  });
}

/** The offers on a screen (the auction panel's and the board's tap answers). */
async function offers(b) {
  return (await b.$$('[data-testid="action"], [data-testid="tap-offer"]')).length;
}

/** Clicks an element of a phone (scrolled to the middle first: the action bar is fixed). */
async function tap(b, selector, what) {
  const el = await b.$(selector);
  await el.waitForDisplayed({ ...T, timeoutMsg: `nothing to tap for ${what}` });
  await centre(b, el);
  await el.click();
}

async function privateCash(phone) {
  const cash = await tid(phone, "private-cash");
  await cash.waitForDisplayed(T);
  return Number(await cash.getText());
}

async function pageText(b) {
  return b.execute(() => document.body.innerText);
}

test(
  "Phones at the table: a seat acts from its phone, the window and the other phone follow, secrets stay home",
  withApp(
    async ({ browser, t }) => {
      // ---- The window: a three-player game of The Estates, the setup drawn -------------------
      await tid(browser, "new-game").click();
      await chooseGame(browser, "the-estates");
      for (const name of NAMES) {
        await tid(browser, "person-name").setValue(name);
        await tid(browser, "add-person").click();
        await browser.waitUntil(async () => (await text(browser, "seats")).includes(name), {
          ...T,
          timeoutMsg: `${name} never took a seat`,
        });
      }
      await tid(browser, "start-game").scrollIntoView({ block: "center" });
      await tid(browser, "start-game").click();
      await tid(browser, "table-header").waitForDisplayed(T);
      const setup = await browser.$('[data-testid="action"][data-group="setup"]');
      await setup.waitForDisplayed(T);
      await setup.click();
      await waitLogCount(browser, 1, "the setup drawn in the window");
      const a = Number(await tid(browser, "auction").getAttribute("data-seat"));
      const [b, c] = [(a + 1) % 3, (a + 2) % 3];
      await waitPrompt(browser, `${NAMES[a]}, choose a piece`, "the window after the setup");

      // ---- Invite phones: a code and a link per seat and for the board -----------------------
      await tid(browser, "invite-phones").click();
      const panel = await tid(browser, "invite-panel");
      await panel.waitForDisplayed(T);
      await tid(browser, "host-link-url-board").waitForDisplayed(T);
      const url = async (key) => (await text(browser, `host-link-url-${key}`)).trim();
      const urlA = assertLoopback(await url(a + 1));
      const urlB = assertLoopback(await url(b + 1));
      assertLoopback(await url("board"));
      assert.match(urlA, /^http:\/\/127\.0\.0\.1:\d+\/join\/[\w-]+$/);
      assert.notEqual(urlA, urlB);
      for (const key of ["board", "1", "2", "3"]) {
        const qr = await tid(browser, `host-link-qr-${key}`);
        assert.ok(Number(await qr.getAttribute("data-modules")) >= 21, `seat ${key}'s code has its modules`);
      }
      assert.equal(await tid(browser, "undo").isExisting(), true, "the window keeps undo");
      await checkLayout(browser, "the invite panel (desktop)");
      await panel.scrollIntoView({ block: "start" });
      await screenshot(browser, "phones-invite-panel");

      const driver = await startChromedriver();
      let pa;
      let pb;
      try {
        // ---- Two phones open their seats' links --------------------------------------------
        pa = await driver.phone();
        pb = await driver.phone();
        await pa.url(urlA);
        await pb.url(urlB);
        await waitConnection(pa, "live", `${NAMES[a]}'s phone`);
        await waitConnection(pb, "live", `${NAMES[b]}'s phone`);
        assert.equal(await text(pa, "phone-seat"), `${NAMES[a]}'s phone`);
        assert.equal(await text(pb, "phone-seat"), `${NAMES[b]}'s phone`);
        assert.deepEqual(
          await pa.execute(() => [window.innerWidth, window.innerHeight]),
          [390, 844],
          "the phone is 390×844",
        );
        // The page's icon is served (a browser asked for /favicon.ico and got a 404).
        assert.deepEqual(
          await pa.execute(async () => {
            const icon = document.querySelector('link[rel="icon"]')?.getAttribute("href") ?? "";
            const r = await fetch(icon);
            return [icon, r.status, r.headers.get("content-type")];
          }),
          ["/favicon.png", 200, "image/png"],
        );
        assert.equal(await privateCash(pa), 12);
        assert.equal(await privateCash(pb), 12);
        assert.match(await text(pa, "private"), /Only you see this\s+Checks in hand\s+12\s+Cash box\s+0/);
        // A phone has no undo, no Home, no History, no Settings, and no invite button.
        for (const p of [pa, pb]) {
          for (const id of ["undo", "redo", "nav-home", "nav-history", "nav-settings", "invite-phones"]) {
            assert.equal(await tid(p, id).isExisting(), false, `a phone shows ${id}`);
          }
        }
        // The window sees both phones connected (it looks every 2 s).
        for (const seat of [a + 1, b + 1]) {
          await browser.waitUntil(async () => Number(await tid(browser, `host-link-connected-${seat}`).getAttribute("data-count")) >= 1, {
            timeout: 8_000,
            timeoutMsg: `the window never saw seat ${seat}'s phone connected`,
          });
        }
        await screenshot(browser, "phones-invite-connected");

        // ---- The auctioneer's phone chooses; the other phone is offered nothing for it -------
        await waitPrompt(pb, `${NAMES[a]}, choose a piece`, `${NAMES[b]}'s phone`);
        assert.equal(await offers(pb), 0, `${NAMES[b]}'s phone is offered ${NAMES[a]}'s choice`);
        assert.match(await text(pb, "auction-waiting"), new RegExp(`Waiting for ${NAMES[a]}`));
        assert.ok((await offers(pa)) > 0, `${NAMES[a]}'s phone is offered no choice`);
        await phoneShot(pa, "phones-choose-phone");
        await checkLayout(pa, `${NAMES[a]}'s phone, choosing`);
        await phoneShot(pb, "phones-waiting-phone");
        await checkLayout(pb, `${NAMES[b]}'s phone, waiting`);
        // A tap on the board of the waiting phone says whose decision it is, offering nothing.
        await tap(pa, '[data-testid="action"][data-group="choose"][data-kind="Cube"]', `${NAMES[a]} chooses a cube`);
        const started = Date.now();
        await waitLogCount(browser, 2, "the window following the phone's choice");
        await waitPrompt(browser, `${NAMES[b]}: bid or pass`, "the window");
        await waitPrompt(pb, `${NAMES[b]}: bid or pass`, `${NAMES[b]}'s phone`);
        t.diagnostic(`a phone's choice reached the window and the other phone in ${Date.now() - started} ms`);
        await waitPrompt(pa, `${NAMES[b]}: bid or pass`, `${NAMES[a]}'s own phone`);
        assert.equal(await offers(pa), 0, `${NAMES[a]}'s phone is offered ${NAMES[b]}'s bid`);
        assert.equal(await tid(pa, "bid-amount").isExisting(), false, `${NAMES[a]}'s phone may type ${NAMES[b]}'s bid`);

        // ---- The bidder's phone bids 3; the third seat passes in the window -------------------
        const amount = await tid(pb, "bid-amount");
        await centre(pb, amount);
        await amount.setValue("3");
        await tid(pb, "bid-submit").click();
        await waitLogCount(browser, 3, "the window following the phone's bid");
        await waitPrompt(pa, `${NAMES[c]}: bid or pass`, `${NAMES[a]}'s phone after the bid`);
        await waitPrompt(pb, `${NAMES[c]}: bid or pass`, `${NAMES[b]}'s phone after its bid`);
        const pass = await browser.$('[data-testid="action"][data-group="bid"]');
        await browser.waitUntil(async () => (await pass.getText()).trim() === "Pass", { ...T, timeoutMsg: "no Pass in the window" });
        await pass.scrollIntoView({ block: "center" });
        await pass.click();
        await waitLogCount(browser, 4, `${NAMES[c]} passes in the window`);

        // ---- The auctioneer sells from the phone: now the two purses differ -------------------
        const decide = `${NAMES[a]}: sell to ${NAMES[b]} for 3, or buy it for 3`;
        await waitPrompt(pa, decide, `${NAMES[a]}'s phone after the pass`);
        await waitPrompt(pb, decide, `${NAMES[b]}'s phone after the pass`);
        assert.equal(await offers(pb), 0, `${NAMES[b]}'s phone is offered ${NAMES[a]}'s sale`);
        await tap(pa, '[data-testid="action"][data-group="decide"][data-kind="Sell"]', "sell");
        await waitLogCount(browser, 5, "the window following the sale");
        await pa.waitUntil(async () => (await privateCash(pa)) === 15, { ...LIVE, timeoutMsg: "the seller's phone never showed 15" });
        await pb.waitUntil(async () => (await privateCash(pb)) === 9, { ...LIVE, timeoutMsg: "the buyer's phone never showed 9" });
        const textA = await pageText(pa);
        const textB = await pageText(pb);
        assert.doesNotMatch(textB, /\b15\b/, `${NAMES[a]}'s money (15) shows on ${NAMES[b]}'s phone`);
        assert.doesNotMatch(textA, /\b9\b/, `${NAMES[b]}'s money (9) shows on ${NAMES[a]}'s phone`);
        const windowText = await pageText(browser);
        assert.doesNotMatch(windowText, /\b15\b|\b9\b/, "a seat's money shows in the window");

        // ---- Hold to peek on a phone: its own seat's money; another seat's says it is not here -
        const hold = async (phone, seat) => {
          const button = await phone.$(`[data-testid="peek"][data-seat="${seat}"]`);
          await centre(phone, button);
          await phone.action("pointer", { id: "finger", parameters: { pointerType: "mouse" } }).move({ origin: button }).down().perform(true);
          return async () => {
            await phone.action("pointer", { id: "finger", parameters: { pointerType: "mouse" } }).up().perform(true);
            await phone.releaseActions();
          };
        };
        let release = await hold(pb, b);
        const purse = await pb.$(`[data-testid="purse"][data-seat="${b}"]`);
        await purse.waitForDisplayed({ ...T, timeoutMsg: "the own seat's peek never showed" });
        assert.equal(await purse.$('[data-testid="purse-cash"]').getText(), "9");
        await release();
        release = await hold(pb, a);
        const alert = await tid(pb, "alert-headline");
        await alert.waitForDisplayed({ ...T, timeoutMsg: "a peek at another seat said nothing" });
        assert.equal(await alert.getText(), `Only ${NAMES[a]}'s own phone can peek for ${NAMES[a]}.`);
        assert.equal((await pb.$$('[data-testid="purse"]')).length, 0, "another seat's purse showed");
        await release();
        await tid(pb, "alert-dismiss").click();

        // ---- The buyer places from the phone; the window follows ---------------------------
        await pb.waitUntil(async () => (await offers(pb)) > 0, { ...LIVE, timeoutMsg: "the buyer's phone offers no placement" });
        assert.equal(await offers(pa), 0, `${NAMES[a]}'s phone is offered ${NAMES[b]}'s placement`);
        // A tap on the seller's board says whose decision the placement is, and offers nothing.
        const lot = await pa.$('[data-testid="board-row"][data-row="0"] [data-testid="lot"][data-lot="0"]');
        await centre(pa, lot);
        await lot.click();
        const reason = await tid(pa, "tap-reason");
        await reason.waitForDisplayed(T);
        assert.match(await reason.getText(), new RegExp(`${NAMES[b]}'s decision`));
        await tid(pa, "tap-close").click();
        await phoneShot(pb, "phones-place-phone");
        await checkLayout(pb, `${NAMES[b]}'s phone, placing`);
        await tap(pb, '[data-testid="action"][data-group="place"][data-row="0"][data-lot="0"]', "place in the top row");
        await waitLogCount(browser, 6, "the window following the placement");
        const placed = await browser.$('[data-testid="board-row"][data-row="0"] [data-testid="lot"][data-lot="0"] [data-testid="cube"]');
        await placed.waitForExist(T);
        for (const p of [pa, pb]) {
          await assertPlainScreen(p, "a phone");
          await assertNoCspViolations(p, "a phone");
        }

        // ---- A reload, and a visit to /, come back to the seat without scanning ----------------
        await pb.refresh();
        await waitConnection(pb, "live", `${NAMES[b]}'s phone after a reload`);
        assert.equal(await text(pb, "phone-seat"), `${NAMES[b]}'s phone`);
        assert.equal(await privateCash(pb), 9);
        await pb.url(new URL("/", urlB).href);
        await waitConnection(pb, "live", `${NAMES[b]}'s phone at /`);
        assert.equal(await text(pb, "phone-seat"), `${NAMES[b]}'s phone`);
        assert.equal(await privateCash(pb), 9);
        await phoneShot(pb, "phones-back-in-seat-phone");
        await checkLayout(pb, `${NAMES[b]}'s phone after coming back`);

        // ---- A new link for the first seat: its old phone says the link no longer works -------
        await tid(browser, `host-link-renew-${a + 1}`).scrollIntoView({ block: "center" });
        await tid(browser, `host-link-renew-${a + 1}`).click();
        await tid(browser, "renew-confirm").waitForDisplayed(T);
        assert.match(await text(browser, "renew-confirm-message"), new RegExp(`${NAMES[a]}'s old link stops working`));
        await tid(browser, "renew-confirm-yes").click();
        await browser.waitUntil(async () => (await url(a + 1)) !== urlA, { ...T, timeoutMsg: "the link never changed" });
        assertLoopback(await url(a + 1));
        await waitConnection(pa, "revoked", `${NAMES[a]}'s phone on its old link`);
        assert.match(await text(pa, "phone-revoked"), /Scan your seat's new code/);
        await phoneShot(pa, "phones-revoked-phone");
        // The new code, scanned: the phone is back in its seat (and keeps the new link).
        await pa.url(assertLoopback(await url(a + 1)));
        await waitConnection(pa, "live", `${NAMES[a]}'s phone on its new link`);
        assert.equal(await text(pa, "phone-seat"), `${NAMES[a]}'s phone`);
        assert.equal(await privateCash(pa), 15);

        // ---- A new link for the board too: the old one lets no one in -------------------------
        const boardWas = assertLoopback(await url("board"));
        await tid(browser, "host-link-renew-board").scrollIntoView({ block: "center" });
        await tid(browser, "host-link-renew-board").click();
        await tid(browser, "renew-confirm").waitForDisplayed(T);
        assert.match(await text(browser, "renew-confirm-message"), /The board's old link stops working/);
        await tid(browser, "renew-confirm-yes").click();
        await browser.waitUntil(async () => (await url("board")) !== boardWas, { ...T, timeoutMsg: "the board's link never changed" });
        assert.match(await text(browser, "invite-note"), /The board has a new link/);
        const viewWith = async (link) => {
          const u = new URL(assertLoopback(link));
          const token = u.pathname.replace("/join/", "");
          return (await fetch(new URL("/api/view", u), { headers: { Authorization: `Bearer ${token}` } })).status;
        };
        assert.equal(await viewWith(boardWas), 401, "the board's old link is revoked");
        assert.equal(await viewWith(await url("board")), 200, "the board's new link shows the table");

        // ---- Stop hosting: one tap; the phones say so ------------------------------------------
        await tid(browser, "stop-hosting").scrollIntoView({ block: "center" });
        await tid(browser, "stop-hosting").click();
        await tid(browser, "hosting-note").waitForDisplayed(T);
        assert.equal(await tid(browser, "invite-panel").isExisting(), false);
        for (const [p, who] of [
          [pa, NAMES[a]],
          [pb, NAMES[b]],
        ]) {
          await waitConnection(p, "stopped", `${who}'s phone when hosting stops`);
          assert.match(await text(p, "phone-connection"), /Hosting stopped/);
          assert.match(await text(p, "phone-stopped"), /Hosting stopped: this phone no longer follows the game/);
        }
        assert.equal(await logCount(browser), 6);
        assert.equal(
          await pb.execute(() => document.querySelector('[data-testid="phone-table"]')?.inert),
          true,
          "a stopped phone still takes taps",
        );
        await sleep(200);
        await phoneShot(pb, "phones-stopped-phone");
        await assertNoCspViolations(browser, "the window");
      } catch (e) {
        for (const [p, name] of [
          [pa, "FAILED-phone-a"],
          [pb, "FAILED-phone-b"],
        ]) {
          if (p) await phoneShot(p, name, false).catch(() => {});
        }
        e.message += `\n--- chromedriver ---\n${driver.logs().slice(-2000)}`;
        throw e;
      } finally {
        await driver.stop();
      }
    },
    { env: { ESTATE_STEWARD_HOST_BIND: "127.0.0.1:0" } },
  ),
);
