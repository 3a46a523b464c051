// The Estates in the real window: three players, auctions that end in a sale, a purchase and a
// free rooftop; money stays off the screen until a player presses and holds their peek button;
// a refusal and an undo.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  chooseGame,
  DESKTOP,
  PHONE,
  T,
  assertNoCspViolations,
  boxOf,
  checkLayout,
  logCount,
  refusalWhy,
  screenshot,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

const NAMES = ["Ana", "Bo", "Cy"];

/**
 * A screenshot once WebKit has painted again: after a resize its snapshot can show a frame older
 * than the layout (measured sizes right, picture stale).
 */
async function shot(browser, name) {
  await sleep(250);
  await browser.execute(() => window.scrollBy(0, 1));
  await browser.execute(() => window.scrollBy(0, -1));
  await sleep(100);
  return screenshot(browser, name);
}

/** Resizes the window and lets WebKit lay the page out again before anything is measured. */
async function resize(browser, size) {
  await browser.setWindowSize(size.width, size.height);
  await sleep(300);
}

async function text(browser, id) {
  return (await tid(browser, id)).getText();
}

/** Clicks the first element matching `selector` and waits until the action is saved. */
async function actOn(browser, selector, what = selector) {
  const before = await logCount(browser);
  const el = await browser.$(selector);
  await el.waitForDisplayed({ ...T, timeoutMsg: `nothing to click for ${what}` });
  await el.scrollIntoView({ block: "center" });
  await el.click();
  await waitLogCount(browser, before + 1, what);
}

/** Clicks the allowed action of `group` whose text is exactly `label`. */
async function actLabel(browser, group, label) {
  const before = await logCount(browser);
  let button;
  await browser.waitUntil(
    async () => {
      for (const b of await browser.$$(`[data-testid="action"][data-group="${group}"]`)) {
        if ((await b.getText()).trim() === label) {
          button = b;
          return true;
        }
      }
      return false;
    },
    { ...T, timeoutMsg: `no ${group} action "${label}"` },
  );
  await button.scrollIntoView({ block: "center" });
  await button.click();
  await waitLogCount(browser, before + 1, `${group}: ${label}`);
}

async function typeBid(browser, amount) {
  const input = await tid(browser, "bid-amount");
  await input.scrollIntoView({ block: "center" });
  await input.setValue(String(amount));
  await tid(browser, "bid-submit").click();
}

async function waitPrompt(browser, expected) {
  await browser.waitUntil(async () => (await text(browser, "auction-prompt")) === expected, {
    ...T,
    timeoutMsg: `the prompt never said "${expected}" (it says "${await text(browser, "auction-prompt").catch(() => "?")}")`,
  });
}

async function waitPromptMatch(browser, re) {
  await browser.waitUntil(async () => re.test(await text(browser, "auction-prompt")), {
    ...T,
    timeoutMsg: `the prompt never matched ${re}`,
  });
}

async function auctionSeat(browser) {
  return Number(await tid(browser, "auction").getAttribute("data-seat"));
}

/** No money on screen: no purse element and no "In hand"/"Cash box" figure in the page text. */
async function assertNoMoneyShown(browser, where) {
  assert.equal((await browser.$$('[data-testid="purse"]')).length, 0, `a purse is on screen (${where})`);
  const body = await browser.execute(() => document.body.innerText);
  assert.doesNotMatch(body, /(In hand|Cash box)\s*\d/, `a money figure is on screen (${where})`);
  assert.equal(await tid(browser, "scorepad").isExisting(), false, `the scorepad shows while the game runs (${where})`);
}

/** Presses seat's peek button with the pointer and keeps it down; returns a release function. */
async function pressPeek(browser, seat) {
  const button = await browser.$(`[data-testid="peek"][data-seat="${seat}"]`);
  await button.scrollIntoView({ block: "center" });
  await browser
    .action("pointer", { id: "peek-finger", parameters: { pointerType: "mouse" } })
    .move({ origin: button })
    .down()
    .perform(true);
  return async () => {
    await browser
      .action("pointer", { id: "peek-finger", parameters: { pointerType: "mouse" } })
      .up()
      .perform(true);
    await browser.releaseActions();
  };
}

async function readPurse(browser, seat) {
  const purse = await browser.$(`[data-testid="purse"][data-seat="${seat}"]`);
  await purse.waitForDisplayed({ ...T, timeoutMsg: `seat ${seat}'s purse never showed while held` });
  return {
    cash: Number(await purse.$('[data-testid="purse-cash"]').getText()),
    box: Number(await purse.$('[data-testid="purse-box"]').getText()),
  };
}

test(
  "The Estates: a sale, a purchase and a rooftop; money shows only while a peek is held",
  withApp(async ({ browser, t }) => {
    const started = Date.now();
    // New game: The Estates, its house-rule option, three new people seated in order.
    await tid(browser, "new-game").click();
    await chooseGame(browser, "the-estates");
    await tid(browser, "game-options").waitForDisplayed(T);
    assert.match(
      await text(browser, "game-options"),
      /All money scores \(house rule; the rulebook scores only the cash box\)/,
    );
    assert.equal(await tid(browser, "option-all-money").isSelected(), false);
    for (const name of NAMES) {
      await tid(browser, "person-name").setValue(name);
      await tid(browser, "add-person").click();
      await browser.waitUntil(async () => (await text(browser, "seats")).includes(name), {
        ...T,
        timeoutMsg: `${name} never took a seat`,
      });
    }
    assert.match(await text(browser, "seat-hint"), /The Estates seats 2 to 5/);
    await checkLayout(browser, "new game for The Estates (desktop)");
    await shot(browser, "estates-new-game-desktop");
    await resize(browser, PHONE);
    await checkLayout(browser, "new game for The Estates (phone)");
    // On a phone the seats and Start come before the options, which have their defaults.
    const startBox = await boxOf(browser, await tid(browser, "start-game"));
    const optionsBox = await boxOf(browser, await tid(browser, "game-options"));
    assert.ok(startBox.y + startBox.height <= optionsBox.y, "Start lies below the game's options on a phone");
    await tid(browser, "game-options").scrollIntoView({ block: "start" });
    await shot(browser, "estates-new-game-phone");
    await resize(browser, DESKTOP);
    await tid(browser, "start-game").scrollIntoView({ block: "center" });
    await tid(browser, "start-game").click();
    await tid(browser, "table-header").waitForDisplayed(T);
    const id = Number(/\d+$/.exec(await browser.getUrl())[0]);
    assert.equal(await text(browser, "phase"), "Setting up");
    assert.match(await text(browser, "auction-prompt"), /^Set up/);

    await actOn(browser, '[data-testid="action"][data-group="setup"]', "draw the cubes");
    assert.equal((await browser.$$('[data-testid="market-row"][data-count="8"]')).length, 3);
    const cash = [12, 12, 12];
    const box = [0, 0, 0];
    await assertNoMoneyShown(browser, "after setup");
    assert.match(await text(browser, "peek-hint"), /press and hold/);

    // ---- Auction 1: a bid, a pass, SELL ------------------------------------------------------
    const a1 = await auctionSeat(browser);
    const [b1, c1] = [(a1 + 1) % 3, (a1 + 2) % 3];
    await waitPrompt(browser, `${NAMES[a1]}, choose a piece`);
    // The core lists a rooftop per number, but no building exists yet: no rooftop to auction.
    assert.equal(await tid(browser, "auction-rooftop").isExisting(), false);
    await checkLayout(browser, "choose a piece (desktop)");
    await shot(browser, "estates-choose-desktop");
    await resize(browser, PHONE);
    await checkLayout(browser, "choose a piece (phone)");
    await shot(browser, "estates-choose-phone");
    await resize(browser, DESKTOP);

    await actOn(browser, '[data-testid="action"][data-group="choose"][data-kind="Cube"]', "choose a cube");
    await waitPrompt(browser, `${NAMES[b1]}: bid or pass`);
    // Only Pass and the smallest bid are buttons: more would tell the bidder's cash.
    const bidButtons = await browser.$$('[data-testid="action"][data-group="bid"]');
    const labels = [];
    for (const b of bidButtons) labels.push((await b.getText()).trim());
    assert.deepEqual(labels, ["Pass", "Bid 1"]);
    const before = await logCount(browser);
    // Another amount without the keyboard: + steps up from the smallest bid.
    await tid(browser, "bid-more").scrollIntoView({ block: "center" });
    await tid(browser, "bid-more").click();
    await tid(browser, "bid-more").click();
    assert.equal(await tid(browser, "bid-amount").getValue(), "3");
    await tid(browser, "bid-submit").click();
    await waitLogCount(browser, before + 1, "bid 3");
    await waitPrompt(browser, `${NAMES[c1]}: bid or pass`);
    assert.match(await text(browser, "bids"), new RegExp(`${NAMES[b1]}\\s+bid 3`));
    await shot(browser, "estates-bidding-desktop");
    await resize(browser, PHONE);
    await checkLayout(browser, "bidding (phone)");
    await tid(browser, "auction").scrollIntoView({ block: "start" });
    await shot(browser, "estates-bidding-phone");
    await resize(browser, DESKTOP);

    // A bid that is not a number is answered at its field, and nothing is sent or logged.
    const n = await logCount(browser);
    await typeBid(browser, "abc");
    const fieldError = await tid(browser, "bid-error");
    await fieldError.waitForDisplayed(T);
    assert.equal(await fieldError.getText(), "A bid is a whole number of checks");
    assert.equal(await tid(browser, "bid-amount").getAttribute("aria-invalid"), "true");
    assert.equal(await logCount(browser), n);

    // A bid that does not beat the last is refused with the rule's message; nothing is logged.
    await typeBid(browser, 2);
    const alert = await tid(browser, "alert-headline");
    await alert.waitForDisplayed(T);
    assert.equal(await alert.getText(), "A bid must beat the last one (now 3)");
    const why = await refusalWhy(browser, "a refused bid", "estates-why-desktop");
    assert.equal(why.says, "Each bid must be higher than the one before.");
    assert.match(why.cite, /^Rulebook: 002 line 86/);
    assert.equal(why.rule, "Rule estates.bid-higher");
    assert.equal(await logCount(browser), n);
    await shot(browser, "estates-refused-desktop");

    await actLabel(browser, "bid", "Pass");
    await waitPrompt(browser, `${NAMES[a1]}: sell to ${NAMES[b1]} for 3, or buy it for 3`);
    assert.equal(await text(browser, "alert"), "", "a legal action clears the alert");
    await checkLayout(browser, "sell or buy (desktop)");
    await shot(browser, "estates-decide-desktop");
    await actOn(browser, '[data-testid="action"][data-group="decide"][data-kind="Sell"]', "sell");
    cash[b1] -= 3;
    cash[a1] += 3;
    await waitPromptMatch(browser, new RegExp(`^${NAMES[b1]} places \\w+ \\d floor cube$`));
    await shot(browser, "estates-place-desktop");
    await resize(browser, PHONE);
    await checkLayout(browser, "place (phone)");
    await tid(browser, "auction").scrollIntoView({ block: "start" });
    await shot(browser, "estates-place-phone");
    await resize(browser, DESKTOP);
    await actOn(browser, '[data-testid="action"][data-group="place"][data-row="0"][data-lot="0"]', "place in the top row");
    const lot = await browser.$('[data-testid="board-row"][data-row="0"] [data-testid="lot"][data-lot="0"]');
    assert.equal((await lot.$$('[data-testid="cube"]')).length, 1);
    const colour = await lot.$('[data-testid="cube"]').getAttribute("data-colour");
    const cert = await browser.$(`[data-testid="certificate"][data-colour="${colour}"]`);
    assert.equal(await cert.getAttribute("data-holder"), String(b1));
    assert.match(await cert.getText(), new RegExp(NAMES[b1]));

    // ---- Auction 2: stash, "Bid 1", a typed bid, BUY -----------------------------------------
    const a2 = await auctionSeat(browser);
    assert.equal(a2, (a1 + 1) % 3);
    const [b2, c2] = [(a2 + 1) % 3, (a2 + 2) % 3];
    await waitPrompt(browser, `${NAMES[a2]}, choose a piece`);
    await actLabel(browser, "stash", "Stash a check in the cash box");
    cash[a2] -= 1;
    box[a2] += 1;
    assert.match(await text(browser, "stashed"), new RegExp(`${NAMES[a2]} stashed a check this turn`));
    await actOn(browser, '[data-testid="action"][data-group="choose"][data-kind="Cube"]', "choose a cube");
    await waitPrompt(browser, `${NAMES[b2]}: bid or pass`);
    await actLabel(browser, "bid", "Bid 1");
    await waitPrompt(browser, `${NAMES[c2]}: bid or pass`);
    await actLabel(browser, "bid", "Bid 2"); // the smallest bid now
    await waitPrompt(browser, `${NAMES[a2]}: sell to ${NAMES[c2]} for 2, or buy it for 2`);
    assert.match(await text(browser, "high-bid"), new RegExp(`High bid: 2 by ${NAMES[c2]}`));
    await actOn(browser, '[data-testid="action"][data-group="decide"][data-kind="Buy"]', "buy");
    cash[a2] -= 2;
    cash[c2] += 2;
    await waitPromptMatch(browser, new RegExp(`^${NAMES[a2]} places `));
    await actOn(browser, '[data-testid="action"][data-group="place"][data-row="1"][data-lot="0"]', "place in the middle row");
    const mid = await browser.$('[data-testid="board-row"][data-row="1"] [data-testid="lot"][data-lot="0"]');
    assert.equal((await mid.$$('[data-testid="cube"]')).length, 1);

    // ---- Auction 3: a rooftop with the number it showed, everyone passes ---------------------
    const a3 = await auctionSeat(browser);
    await waitPrompt(browser, `${NAMES[a3]}, choose a piece`);
    await tid(browser, "auction-rooftop").scrollIntoView({ block: "center" });
    await tid(browser, "auction-rooftop").click();
    const ask = await tid(browser, "rooftop-ask");
    await ask.waitForDisplayed(T);
    assert.match(await ask.getText(), /What number did it show\?/);
    await resize(browser, PHONE);
    await checkLayout(browser, "rooftop number (phone)");
    await tid(browser, "auction").scrollIntoView({ block: "start" });
    await shot(browser, "estates-rooftop-ask-phone");
    await resize(browser, DESKTOP);
    await actOn(browser, '[data-testid="rooftop-value"][data-value="4"]', "rooftop 4");
    assert.match(await text(browser, "auction-piece"), /rooftop 4/);
    assert.equal(await text(browser, "rooftops-left"), "11");
    await actLabel(browser, "bid", "Pass");
    await actLabel(browser, "bid", "Pass");
    await waitPrompt(browser, `${NAMES[a3]} places rooftop 4`);
    await actOn(browser, '[data-testid="action"][data-group="place"][data-kind="Rooftop"][data-row="0"][data-lot="0"]', "roof lot 1");
    assert.equal(await lot.$('[data-testid="rooftop"]').getText(), "Roof 4");
    await checkLayout(browser, "after the rooftop (desktop)");
    await tid(browser, "board").scrollIntoView({ block: "start" });
    await shot(browser, "estates-board-desktop");

    // ---- Hidden money: nothing until held, the right figures while held, gone on release ------
    await assertNoMoneyShown(browser, "after three auctions");
    const seat = b1; // paid 3, stashed 1, paid 2 to buy
    let release = await pressPeek(browser, seat);
    await sleep(250);
    assert.equal((await browser.$$('[data-testid="purse"]')).length, 0, "the purse showed before 600 ms");
    assert.deepEqual(await readPurse(browser, seat), { cash: cash[seat], box: box[seat] });
    assert.equal((await browser.$$('[data-testid="purse"]')).length, 1, "only the held seat's purse shows");
    await browser.execute((el) => el.closest("li").scrollIntoView({ block: "center" }), await browser.$('[data-testid="purse"]'));
    await shot(browser, "estates-peek-desktop");
    await release();
    await browser.waitUntil(async () => (await browser.$$('[data-testid="purse"]')).length === 0, {
      ...T,
      timeoutMsg: "the purse stayed on screen after release",
    });
    await assertNoMoneyShown(browser, "after a peek");

    // On the phone, the first auctioneer (sold for 3, was paid 2 for the second piece); then the
    // keyboard: Space kept down on the third seat's focused button.
    await resize(browser, PHONE);
    release = await pressPeek(browser, a1);
    assert.deepEqual(await readPurse(browser, a1), { cash: cash[a1], box: box[a1] });
    await checkLayout(browser, "peek held (phone)");
    await browser.execute((el) => el.closest("li").scrollIntoView({ block: "center" }), await browser.$('[data-testid="purse"]'));
    await shot(browser, "estates-peek-phone");
    await release();
    await browser.waitUntil(async () => (await browser.$$('[data-testid="purse"]')).length === 0, T);
    await resize(browser, DESKTOP);
    const kb = await browser.$(`[data-testid="peek"][data-seat="${c1}"]`);
    await kb.scrollIntoView({ block: "center" });
    await browser.execute((el) => el.focus(), kb);
    await browser.action("key", { id: "peek-keys" }).down(" ").perform(true);
    assert.deepEqual(await readPurse(browser, c1), { cash: cash[c1], box: box[c1] });
    await browser.action("key", { id: "peek-keys" }).up(" ").perform(true);
    await browser.releaseActions();
    await browser.waitUntil(async () => (await browser.$$('[data-testid="purse"]')).length === 0, {
      ...T,
      timeoutMsg: "the purse stayed on screen after Space was released",
    });
    assert.deepEqual(cash.map((c, i) => c + box[i]).reduce((s, x) => s + x, 0), 36, "no new money");

    // ---- Undo says what it takes back ---------------------------------------------------------
    const undo = await tid(browser, "undo");
    await undo.scrollIntoView({ block: "center" });
    const undoText = `Turn 3: ${NAMES[a3]} roofs the building in the top row, lot 1`;
    assert.match(await undo.getText(), new RegExp(`Undo\\s+${undoText}`));
    const count = await logCount(browser);
    await undo.click();
    await waitLogCount(browser, count - 1, "undo");
    assert.equal(await text(browser, "last-message"), `Undid: ${undoText}`);
    await waitPrompt(browser, `${NAMES[a3]} places rooftop 4`);
    assert.equal((await lot.$$('[data-testid="rooftop"]')).length, 0);
    assert.match(await tid(browser, "redo").getText(), new RegExp(`Redo\\s+${undoText}`));
    await browser.execute(() => window.scrollTo(0, 0));
    await shot(browser, "estates-undo-desktop");
    await resize(browser, PHONE);
    await checkLayout(browser, "after undo (phone)");
    await browser.execute(() => window.scrollTo(0, 0));
    await shot(browser, "estates-undo-phone");
    await tid(browser, "board").scrollIntoView({ block: "start" });
    await shot(browser, "estates-board-phone");
    // The Game record of the running game keeps the money secret too, and names the players.
    await tid(browser, "nav-history").click();
    const row = await browser.$(`[data-testid="history-row"][data-game-id="${id}"]`);
    await row.waitForDisplayed(T);
    await row.click();
    await tid(browser, "record").waitForDisplayed(T);
    assert.equal(await tid(browser, "score-secret").isExisting(), true);
    assert.equal(await tid(browser, "scorepad").isExisting(), false);
    assert.match(await text(browser, "record-log"), new RegExp(`Turn 1: ${NAMES[b1]} bids 3`));
    await assertNoMoneyShown(browser, "game record");
    await checkLayout(browser, "game record (phone)");
    await shot(browser, "estates-record-phone");
    await assertNoCspViolations(browser, "The Estates table");
    t.diagnostic(`The Estates, three auctions: ${Date.now() - started} ms`);
  }),
);
