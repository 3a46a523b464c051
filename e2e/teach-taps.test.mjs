// Teaching the app a card is quick: a whole first game of Count of the Nine Estates on an empty
// catalogue at phone size (390×844), played through the window the way a table would, with every
// tap and every typed character counted; and a Raise the Realm Leader mat described in taps.
// The counts are deterministic (the table's own deal, the same cards every run), so they are
// asserted: a median of at most 4 taps per described card, the whole first game in at most 110
// taps, a Leader mat in at most 15.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  PHONE,
  T,
  assertOnTop,
  boxOf,
  checkLayout,
  logCount,
  newGameWith,
  screenshot,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

const LAPTOP = { width: 1280, height: 800 };

/**
 * A player's finger: every tap on the screen and every character typed goes through it and is
 * counted. Scrolling is not a tap. Typing into a field that does not have the cursor costs the
 * tap that puts the cursor there.
 */
class Finger {
  constructor(browser) {
    this.browser = browser;
    this.taps = 0;
    this.chars = 0;
  }
  async tap(el) {
    await el.waitForDisplayed(T);
    // Scrolled until the finger can reach it: the phone's action bar covers the screen's bottom.
    for (const block of ["center", "start", "end"]) {
      await this.browser.execute((e, b) => e.scrollIntoView({ block: b }), el, block);
      if (await this.reachable(el)) break;
    }
    try {
      await el.click();
    } catch (e) {
      const info = await this.browser.execute((x) => {
        const r = x.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return { id: x.getAttribute("data-testid"), text: x.textContent.slice(0, 40), y: r.y, h: r.height, hit: hit?.outerHTML.slice(0, 120), sy: window.scrollY, ih: window.innerHeight, dh: document.documentElement.scrollHeight };
      }, el);
      e.message += ` ${JSON.stringify(info)}`;
      throw e;
    }
    this.taps += 1;
  }
  async reachable(el) {
    return this.browser.execute((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && e.contains(hit);
    }, el);
  }
  async type(el, text) {
    await el.waitForDisplayed(T);
    // A form that just opened puts the cursor in its name a moment later: wait for it as a
    // person would see it blink, then tap the field only if it never came.
    const focused = await this.browser
      .waitUntil(() => this.browser.execute((e) => document.activeElement === e, el), { timeout: 1000, interval: 100 })
      .catch(() => false);
    if (!focused) await this.tap(el);
    // Typed into the field (WebKit's driver drops a key repeated in one key sequence).
    await el.addValue(text);
    this.chars += text.length;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// The cards of this table, as printed. Structure sides: `top` is the resource at the edge on top
// as the table's deal lays the card (every card upright), `bottom` the other edge; a Round side's
// edges are the card's own, the same as its Square side's.
const STRUCTURES = {
  1: { Square: { name: "Farmstead", provides: "Food", top: "Food", bottom: "Wood" }, Round: { name: "Orchard", cost: { Wood: 1 }, provides: "Food" } },
  2: { Square: { name: "Lumber Camp", provides: "Wood", top: "Wood", bottom: "Stone" }, Round: { name: "Sawpit", cost: { Food: 1 }, provides: "Wood" } },
  3: { Square: { name: "Quarry", cost: { Wood: 1 }, provides: "Stone", top: "Stone", bottom: "Ore" }, Round: { name: "Kiln", cost: { Wood: 1 }, provides: "Stone" } },
  4: { Square: { name: "Well", provides: "Food", top: "Food", bottom: "Gold" }, Round: { name: "Pond", provides: "Food" } },
  5: { Square: { name: "Mine", cost: { Wood: 1 }, provides: "Ore", top: "Ore", bottom: "Stone" }, Round: { name: "Pit", cost: { Food: 1 }, provides: "Ore" } },
  6: { Square: { name: "Market", cost: { Food: 1 }, provides: "Gold", top: "Gold", bottom: "Food" }, Round: { name: "Stall", cost: { Wood: 1 }, provides: "Gold" } },
  7: { Square: { name: "Barracks", cost: { Food: 1 }, provides: "WorkCrew", top: "WorkCrew", bottom: "Wood" }, Round: { name: "Camp", cost: { Food: 1 }, provides: "WorkCrew" } },
  8: { Square: { name: "Smithy", cost: { Ore: 1 }, provides: "Gold", top: "Wood", bottom: "Ore" }, Round: { name: "Forge", cost: { Ore: 1 }, provides: "Gold" } },
  9: { Square: { name: "Chapel", cost: { Stone: 1 }, provides: "Food", shields: 1, top: "Stone", bottom: "Food" }, Round: { name: "Shrine", cost: { Stone: 1 }, provides: "Food", shields: 1 } },
};

// The Estates the player means to build, in the order they become buildable (the table's deal
// lays cards 7 8 9 / 4 5 6 / 1 2 3): the Cottage (Peasant, column 1), then the Abbey (Clergy,
// column 2), then the Manor (Nobility, column 3). The others are discarded before they matter.
const ESTATES = [
  { card: 1, name: "Cottage", cost: { Food: 1, Wood: 1 }, provides: "Food", shields: 1 },
  { card: 5, name: "Abbey", cost: { Stone: 1, Food: 1 }, provides: "Gold", shields: 2 },
  { card: 9, name: "Manor", cost: { Gold: 1, Stone: 1 }, requires: ["Market"], provides: "Gold", shields: 4 },
];

/** Taps a description's fields and saves it; returns the taps it took (opening it included). */
async function describe(finger, req, card) {
  const { browser } = finger;
  const before = finger.taps;
  if ((await req.getAttribute("open")) === null) await finger.tap(await req.$("summary"));
  await finger.type(await req.$('[data-testid="describe-name"]'), card.name);
  for (const [r, n] of Object.entries(card.cost ?? {})) {
    for (let i = 0; i < n; i++) await finger.tap(await req.$(`[data-testid="cost-${r}"]`));
  }
  for (const name of card.requires ?? []) {
    const chip = await req.$(`[data-testid="requires-${name}"]`);
    if (await chip.isExisting()) await finger.tap(chip);
    else await finger.type(await req.$('[data-testid="describe-requires"]'), name);
  }
  await finger.tap(await req.$(`[data-testid="provides-${card.provides}"]`));
  // The edges: only the top one matters while the card lies this way; one already filled (from
  // the card's other side) is left as it is when it is right.
  if (card.top) {
    const edge = await req.$('[data-testid="edge-top"]');
    if ((await edge.getAttribute("data-value")) !== card.top) await finger.tap(await req.$(`[data-testid="edge-top-${card.top}"]`));
  }
  if (card.shields) await finger.tap(await req.$(`[data-testid="shields-${card.shields}"]`));
  const n = await logCount(browser);
  await finger.tap(await req.$('[data-testid="describe-save"]'));
  await waitLogCount(browser, n + 1, `describe ${card.name}`);
  return finger.taps - before;
}

/** The core's label of an action button. */
const labelOf = async (b) => (await b.getAttribute("data-label")) ?? (await b.getText());

/** Taps the first offered action of `group` whose label passes `want`; false when none does. */
async function actWhere(finger, group, want) {
  const { browser } = finger;
  for (const b of await browser.$$(`[data-testid="action"][data-group="${group}"]`)) {
    const label = await labelOf(b);
    if (!want(label)) continue;
    const n = await logCount(browser);
    const list = await b.$("./ancestor::details[1]");
    if ((await list.isExisting()) && (await list.getAttribute("open")) === null) await finger.tap(await list.$("summary"));
    const ask = (await b.getAttribute("data-confirm")) === "ask";
    await finger.tap(b);
    // Ending an Era is asked first: the question's "yes" is one more tap.
    if (ask) await finger.tap(await tid(browser, "action-confirm-yes"));
    await waitLogCount(browser, n + 1, label);
    return true;
  }
  return false;
}

const phaseText = async (browser) => tid(browser, "phase").getText();

test(
  "a first Nine Estates game on an empty catalogue, counted tap by tap at phone size",
  withApp(
    async ({ browser, t }) => {
      const finger = new Finger(browser);
      const perCard = [];

      // New game: one new person, the game Count of the Nine Estates.
      await finger.tap(await tid(browser, "new-game"));
      await finger.type(await tid(browser, "person-name"), "Ana");
      await finger.tap(await tid(browser, "add-person"));
      await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes("Ana"), T);
      await finger.tap(await tid(browser, "start-game"));
      await tid(browser, "table-header").waitForDisplayed(T);
      const setupTaps = finger.taps;

      let estate = 0; // the next planned Estate
      let shots = 0;
      for (let step = 0; step < 200; step++) {
        const phase = await phaseText(browser);
        if (/Game over/.test(phase)) break;
        if (/deal the cards/.test(phase)) {
          // The table's own deal as the form starts: cards 1 to 9 from the top, all upright.
          const n = await logCount(browser);
          await finger.tap(await (await tid(browser, "deal-form")).$("summary"));
          await finger.tap(await tid(browser, "deal-save"));
          await waitLogCount(browser, n + 1, "the recorded deal");
          continue;
        }

        // Describe what the table shows and the app does not know, then the next planned Estate.
        const structure = await browser.$('[data-testid="describe-request"][data-kind="Structure"]');
        if (await structure.isExisting()) {
          const card = Number(await structure.getAttribute("data-card"));
          const face = await structure.getAttribute("data-face");
          if (shots < 2) {
            await screenshot(browser, `teach-structure-${face.toLowerCase()}-phone`);
            if (shots === 0) await checkLayout(browser, "describing a Structure (phone)");
            shots += 1;
          }
          perCard.push({ card: `Structure ${card} ${face}`, taps: await describe(finger, structure, STRUCTURES[card][face]) });
          continue;
        }
        const plan = ESTATES[estate];
        if (plan) {
          const req = await browser.$(`[data-testid="describe-request"][data-kind="Estate"][data-card="${plan.card}"]`);
          if (await req.isExisting()) {
            if (estate === 0) await screenshot(browser, "teach-estate-phone");
            perCard.push({ card: `Estate ${plan.card}`, taps: await describe(finger, req, plan) });
            continue;
          }
        }
        // The turn: build the planned Estate when it is offered, else any Structure, else pass.
        if (plan && (await actWhere(finger, "build", (l) => l.startsWith(`Build ${plan.name}`)))) {
          estate += 1;
          continue;
        }
        if (await actWhere(finger, "build", (l) => l.startsWith("Build"))) continue;
        if (await actWhere(finger, "pass", (l) => l.startsWith("Pass"))) continue;
        // The deck has run out: the Era ends (one round each Era).
        const era = /Era (\d)/.exec(phase)[1];
        assert.ok(await actWhere(finger, "era", (l) => l.startsWith(`End Era ${era}`)), `End Era ${era} in ${phase}`);
      }
      assert.match(await phaseText(browser), /Game over/);
      await tid(browser, "scorepad").waitForDisplayed(T);
      await screenshot(browser, "teach-game-over-phone");

      const taps = perCard.map((c) => c.taps);
      const describing = taps.reduce((a, b) => a + b, 0);
      t.diagnostic(`cards described: ${perCard.map((c) => `${c.card}: ${c.taps}`).join(", ")}`);
      t.diagnostic(
        `first game: ${finger.taps} taps (${setupTaps} to start it, ${describing} describing ${perCard.length} cards, ` +
          `${finger.taps - setupTaps - describing} playing), ${finger.chars} typed characters; ` +
          `median ${median(taps)} taps per card; Estates built: ${estate}`,
      );
      assert.ok(estate >= 2, `the plan built ${estate} Estates`);
      assert.ok(median(taps) <= 4, `median taps per card ${median(taps)} > 4`);
      assert.ok(finger.taps <= 110, `the first game took ${finger.taps} taps`);
    },
    { size: PHONE },
  ),
);

/** A solo Raise the Realm game for a new person, Ana, with the Agrarian Lord chosen: its mat's
 *  form, waiting to be described. */
async function agrarianMatForm(browser) {
  await newGameWith(browser, "raise-the-realm-live", ["Ana"]);
  await tid(browser, "setup").waitForDisplayed(T);
  const n = await logCount(browser);
  await (await tid(browser, "leader-select")).selectByAttribute("value", "Agrarian Lord");
  await waitLogCount(browser, n + 1, "choose the Agrarian Lord");
  const mat = await browser.$('[data-testid="mat-form"][data-leader="Agrarian Lord"]');
  await mat.waitForDisplayed(T);
  return mat;
}

test(
  "a Raise the Realm Leader mat is described in at most 15 taps at phone size",
  withApp(
    async ({ browser, t }) => {
      const mat = await agrarianMatForm(browser);

      // From the form on screen to the mat saved: tap where each track's number goes up.
      const finger = new Finger(browser);
      const printed = {
        production: [1, 2, 2, 3, 3, 4, 4, 5],
        noble: [1, 1, 2, 2, 3, 3, 4, 4],
        gather: [0, 1, 1, 2, 2, 3, 3, 4],
      };
      for (const [track, values] of Object.entries(printed)) {
        for (let s = 1; s > values[0]; s--) await finger.tap(await mat.$(`[data-testid="mat-${track}-start-minus"]`));
        for (let s = 1; s < values[0]; s++) await finger.tap(await mat.$(`[data-testid="mat-${track}-start-plus"]`));
        for (let i = 1; i < 8; i++) {
          for (let k = 0; k < values[i] - values[i - 1]; k++) await finger.tap(await mat.$(`[data-testid="mat-${track}-step-${i}"]`));
        }
        assert.equal(await (await mat.$(`[data-testid="mat-track-${track}"]`)).getAttribute("data-values"), values.join(","));
      }
      await finger.tap(await mat.$('[data-testid="mat-players-1"]'));
      await checkLayout(browser, "the mat form (phone)");
      await mat.scrollIntoView({ block: "start" });
      await screenshot(browser, "teach-mat-phone");
      const before = await logCount(browser);
      await finger.tap(await mat.$('[data-testid="mat-save"]'));
      await waitLogCount(browser, before + 1, "describe the mat");
      assert.equal(await browser.$('[data-testid="mat-form"]').isExisting(), false);
      t.diagnostic(`Leader mat: ${finger.taps} taps, ${finger.chars} typed characters`);
      assert.ok(finger.taps <= 15, `the mat took ${finger.taps} taps`);
    },
    { size: PHONE },
  ),
);

test(
  "a Raise the Realm Leader mat's form fits one laptop screen: each track on one line, Save in view",
  withApp(
    async ({ browser }) => {
      const mat = await agrarianMatForm(browser);
      await mat.scrollIntoView({ block: "start" });
      const form = await boxOf(browser, mat);
      const { w, h } = await browser.execute(() => ({ w: window.innerWidth, h: window.innerHeight }));
      // The form uses the window's width (setup has no board beside it), not a side column.
      assert.ok(form.width > w / 2, `the form stands in a column of ${Math.round(form.width)} px of ${w}`);
      assert.ok(form.y >= -1 && form.y + form.height <= h + 1, `the form (${JSON.stringify(form)}) is not wholly on one ${w}x${h} screen`);
      for (const track of ["production", "noble", "gather"]) {
        const first = await boxOf(browser, await mat.$(`[data-testid="mat-${track}-step-1"]`));
        const last = await boxOf(browser, await mat.$(`[data-testid="mat-${track}-step-7"]`));
        assert.equal(Math.round(last.y), Math.round(first.y), `${track}: its spaces wrap onto a second line`);
      }
      // Save is in view and covers no space of a track: each is what a click there finds.
      const save = await mat.$('[data-testid="mat-save"]');
      await assertOnTop(browser, save, "Save");
      for (const track of ["production", "noble", "gather"]) {
        for (let i = 1; i < 8; i++) await assertOnTop(browser, await mat.$(`[data-testid="mat-${track}-step-${i}"]`), `${track} space ${i + 1}`);
      }
      await checkLayout(browser, "the mat form (laptop)");
      await screenshot(browser, "teach-mat-laptop");
    },
    { size: LAPTOP },
  ),
);

test(
  "Nine Estates' describe form at laptop size: every resource's name stays inside its button",
  withApp(
    async ({ browser }) => {
      await newGameWith(browser, null, ["Ana"]);
      const n = await logCount(browser);
      await (await tid(browser, "deal-form")).$("summary").click();
      await tid(browser, "deal-save").click();
      await waitLogCount(browser, n + 1, "the recorded deal");
      const structure = await browser.$('[data-testid="describe-request"][data-kind="Structure"]');
      await structure.waitForDisplayed(T);
      const crew = await structure.$('[data-testid="cost-WorkCrew"]');
      await crew.scrollIntoView({ block: "center" });
      const inside = await browser.execute((b) => {
        const name = b.querySelector(".name");
        const r = name.getBoundingClientRect();
        const box = b.getBoundingClientRect();
        return { fits: r.left >= box.left - 0.5 && r.right <= box.right + 0.5, name: Math.round(r.width), button: Math.round(box.width) };
      }, crew);
      assert.ok(inside.fits, `"Work Crew" (${inside.name} px) spills out of its ${inside.button} px button`);
      await checkLayout(browser, "describing a Structure (laptop)");
      await screenshot(browser, "teach-structure-laptop");
    },
    { size: LAPTOP },
  ),
);
