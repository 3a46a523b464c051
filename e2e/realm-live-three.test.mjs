// A whole three-player game of the live Estate: Raise the Realm tracker in the real window: New
// game with three new people, three Leaders chosen and their mats described, five Eras played
// turn by turn through the core's buttons (Gather spaces, Draw, Produce with its activations), one
// Expand through the form and the Trade Queen's Merchant used twice, each Era's objective scored
// (counts typed, or filled from what the app tracks, with a 2nd place choosing its resource, one
// objective rewarding the fewest), Game End and Family Secret VP, the starting
// cards described, the game closed and its winner on the Scorepad. Then History → the record: the
// breakdown, and the replay stepped to a middle step. Last, Settings: the mats and cards the game
// taught the app, a correction the core refuses (it contradicts the rulebook) and two it keeps.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  chooseGame,
  DESKTOP,
  PHONE,
  T,
  assertNoCspViolations,
  checkLayout,
  logCount,
  refusalWhy,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";
import { resize, shot, actionButton, actClick, select, openForm, phase, waitPhase } from "./realm-helpers.mjs";

/** Clicks the allowed action whose label matches `re` (the amount on a Gather space varies). */
async function actMatch(browser, re) {
  await browser.$('[data-testid="action"]').waitForDisplayed(T);
  const labels = await browser.execute(() =>
    [...document.querySelectorAll('[data-testid="action"]')].map((b) => (b.textContent ?? "").trim().replace(/\s+/g, " ")),
  );
  const label = labels.find((l) => re.test(l));
  assert.ok(label, `no button matching ${re}; offered: ${labels.join(" | ")}`);
  await actClick(browser, label);
}

/** Clicks a button that sends one action and waits until it is saved. */
async function submit(browser, el, what) {
  const before = await logCount(browser);
  await el.scrollIntoView({ block: "center" });
  await el.click();
  await waitLogCount(browser, before + 1, what);
}

/** Presses a Counter's + (or −) `n` times; `scope` is the browser or an element. */
async function press(scope, testid, n, which = "plus") {
  if (n === 0) return;
  const b = await scope.$(`[data-testid="${testid}-${which}"]`);
  await b.scrollIntoView({ block: "center" });
  for (let i = 0; i < n; i++) await b.click();
}

/** The texts of the elements under `scope` matching `selector`. */
async function texts(scope, selector) {
  const out = [];
  for (const e of await scope.$$(selector)) out.push(await e.getText());
  return out;
}

/** The cells' texts of the table row matching `selector`. */
async function cells(browser, selector) {
  return browser.execute(
    (sel) => [...(document.querySelector(sel)?.children ?? [])].map((c) => (c.textContent ?? "").trim()),
    selector,
  );
}

/** The text of each player panel's cell `testid`, in seat order. */
async function panelTexts(browser, testid) {
  return browser.execute(
    (id) => [...document.querySelectorAll('[data-testid="player-panel"]')].map((p) => p.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? ""),
    testid,
  );
}

const NAMES = ["Ana", "Bo", "Cy"];
const LEADERS = ["Agrarian Lord", "Warlord", "Trade Queen"];
// The mats as the table reads them (none known: every test starts with a fresh database).
const MATS = {
  "Agrarian Lord": { production: [1, 2, 2, 3, 3, 4, 4, 5], noble: [1, 1, 2, 2, 3, 3, 4, 4], gather: [0, 1, 1, 2, 2, 3, 3, 4], players: 1 },
  Warlord: { production: [1, 1, 2, 2, 3, 3, 4, 5], noble: [0, 1, 1, 2, 2, 3, 4, 4], gather: [0, 1, 1, 1, 2, 2, 3, 4], players: 2 },
  "Trade Queen": { production: [1, 2, 2, 2, 3, 3, 4, 4], noble: [1, 1, 1, 2, 2, 3, 3, 4], gather: [0, 1, 2, 2, 2, 3, 3, 4], players: 3 },
};

// Each Era's turns in turn order (the first player moves on each Era: Ana, Bo, Cy, Ana, Bo),
// each turn a list of buttons (a RegExp or "expand-farm", the Expand form), then End turn.
const GATHER = (r) => new RegExp(`^Gather \\d+ ${r}$`);
const OPEN1 = ["Gather: Open space 1"];
const OPEN2 = ["Gather: Open space 2"];
const ANA_PRODUCES = ["Produce", "Activate the Farm (card 1)", "Activate the Quarry (card 2)", "Done producing"];
const PLAN = {
  1: [
    ANA_PRODUCES, [GATHER("Iron")], ["Draw 1 from the deck"],
    ["expand-farm"], [GATHER("Stone")], [GATHER("Wood")],
    OPEN1, ["Produce", "Done producing"], [GATHER("Grain")],
    ["Draw 1 from the deck"], OPEN2, OPEN1,
  ],
  2: [
    [GATHER("Iron")], [GATHER("Stone")],
    ["Produce", "Activate the Farm (card 1)", "Activate the Quarry (card 2)", "Activate the Farm (card 3)", "Done producing"],
    ...Array(9).fill(OPEN1),
  ],
  3: [[GATHER("Wood")], [GATHER("Grain")], ["Produce", "Done producing"], ...Array(9).fill(OPEN2)],
  4: [[GATHER("Iron")], [GATHER("Stone")], [GATHER("Wood")], ...Array(9).fill(OPEN1)],
  5: [[GATHER("Grain")], ["Produce", "merchant-twice", "Done producing"], [GATHER("Iron")], ...Array(9).fill(OPEN2)],
};
const FIRST = { 1: 0, 2: 1, 3: 2, 4: 0, 5: 1 };
// Era 1 negative; Eras 2-5: two positive, two negative.
const POSITIVE = { 1: false, 2: true, 3: true, 4: false, 5: false };
// Each Era's objective: counts typed, or filled from a tracked count; the 2nd place's resource.
const OBJECTIVES = {
  1: { typed: [3, 1, 2], second: [2, "wood"] }, // Ana 6 VP, Cy 2nd
  2: { from: "Cards in hand", expect: [4, 5, 6], second: [1, "iron"] }, // Cy 6 VP, Bo 2nd
  3: { typed: [1, 4, 2], fewest: true, second: [2, "grain"], refuseFirst: "Cy" }, // fewest: Ana 6 VP, Cy 2nd
  4: { from: "Resources in supply", expect: [11, 10, 12], second: [0, "stone"] }, // Cy 6 VP, Ana 2nd
  5: { typed: [2, 5, 3] }, // final Era: Bo 6, Cy 3, Ana 1
};
// Final scoring, per seat.
const GAME_END = [3, 2, 1];
const SECRET = [4, 5, 4];
// The starting cards nobody has described yet: what the table reads on them.
const DESCRIBE = [
  { card: "Quarry", kind: "construction" }, // track, cost and VP are printed in the rulebook
  { card: "Assassin", track: "production", kind: "citizen", vp: 1 },
  { card: "Forge", track: "production", kind: "construction", vp: 2 },
  { card: "Merchant", track: "production", kind: "citizen", vp: 1 },
  { card: "Lumberyard", track: "gather", kind: "construction", vp: 3 },
];
// Expected score, from what was done: card VP (Ana Farm 2 + Quarry 2 + Farm 2; Bo Assassin 1 +
// Forge 2; Cy Merchant 1 + Lumberyard 3), Game End, objectives (Ana 6+6, Bo 6, Cy 6+6+3),
// Family Secret; no Gold, nothing stored or tucked, no track emptied (the Merchant gave Iron).
const CARD_VP = [6, 3, 4];
const OBJECTIVE_VP = [13, 6, 15];
const TOTALS = CARD_VP.map((c, i) => c + GAME_END[i] + OBJECTIVE_VP[i] + SECRET[i]); // 26, 16, 24
// The replay step checked: Era 3, Ana has just gathered on Open space 2 (her 2nd turn of the Era;
// Era 1's Event is revealed unnamed, then named: two entries).
const MIDDLE_STEP = 81;

test(
  "a whole three-player game of the live tracker: Leaders, mats, five Eras, objectives, winner, record, replay and Settings",
  withApp(
    async ({ browser, t }) => {
      const started = Date.now();
      assert.deepEqual(TOTALS, [26, 16, 24]);

      // New game: the live tracker, three new people.
      await tid(browser, "nav-home").click();
      await tid(browser, "new-game").click();
      await chooseGame(browser, "raise-the-realm-live");
      for (const name of NAMES) {
        await tid(browser, "person-name").setValue(name);
        await tid(browser, "add-person").click();
        await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), {
          ...T,
          timeoutMsg: `${name} never took a seat`,
        });
      }
      await tid(browser, "start-game").scrollIntoView({ block: "center" });
      await tid(browser, "start-game").click();
      await tid(browser, "setup").waitForDisplayed(T);
      const id = Number(/\d+$/.exec(await browser.getUrl())[0]);
      assert.match(await phase(browser), /Setting up/);

      // A Leader for each seat; each mat is new to the app, so each asks to be described.
      for (let seat = 0; seat < 3; seat++) {
        const before = await logCount(browser);
        await select(await browser.$(`[data-testid="leader-seat"][data-seat="${seat}"] [data-testid="leader-select"]`), LEADERS[seat]);
        await waitLogCount(browser, before + 1, `${NAMES[seat]} leads as the ${LEADERS[seat]}`);
      }
      await browser.waitUntil(async () => (await browser.$$('[data-testid="mat-form"]')).length === 3, {
        ...T,
        timeoutMsg: "not three mat forms",
      });
      await browser.execute(() => window.scrollTo(0, 0));
      await checkLayout(browser, "three Leaders chosen (desktop)");
      await shot(browser, "realm-three-setup-desktop");
      for (const leader of LEADERS) {
        const form = await browser.$(`[data-testid="mat-form"][data-leader="${leader}"]`);
        // Typed, box by box (the taps are counted in teach-taps.test.mjs).
        await form.$('[data-testid="mat-type"] summary').scrollIntoView({ block: "center" });
        await form.$('[data-testid="mat-type"] summary').click();
        for (const track of ["production", "noble", "gather"]) {
          for (let i = 0; i < 8; i++) await form.$(`[data-testid="mat-${track}-${i}"]`).setValue(String(MATS[leader][track][i]));
        }
        await form.$('[data-testid="mat-players"]').setValue(String(MATS[leader].players));
        await submit(browser, await form.$('[data-testid="mat-save"]'), `describe the ${leader} mat`);
      }
      assert.equal(await browser.$('[data-testid="mat-form"]').isExisting(), false);
      await tid(browser, "start-form").waitForDisplayed(T);
      await select(await tid(browser, "first-player"), 0);
      await submit(browser, await tid(browser, "start-play"), "start");

      for (let era = 1; era <= 5; era++) {
        // The Event.
        await waitPhase(browser, new RegExp(`^Era ${era} of 5: reveal`));
        await tid(browser, "event-form").waitForDisplayed(T);
        if (era === 1) {
          // Revealed in one tap, unnamed: the header says so (not "Era 1 Event"), and the
          // table names it there in one more.
          await actClick(browser, "Reveal Era 1's Event (unnamed, negative)");
          assert.match(await tid(browser, "event").getText(), /^Event: not yet named\s*negative/);
          await shot(browser, "realm-three-event-unnamed-desktop");
          await tid(browser, "event-name-open").click();
          await tid(browser, "event-name-input").waitForDisplayed(T);
          await shot(browser, "realm-three-event-naming-desktop");
          await tid(browser, "event-name-input").setValue("Event of Era 1");
          await submit(browser, await tid(browser, "event-name-save"), "name Era 1's Event");
        } else {
          await tid(browser, "event-name").setValue(`Event of Era ${era}`);
          await tid(browser, POSITIVE[era] ? "event-positive" : "event-negative").click();
          await submit(browser, await tid(browser, "event-save"), `reveal Era ${era}`);
        }
        assert.match(await tid(browser, "event").getText(), new RegExp(`Event of Era ${era}\\s*${POSITIVE[era] ? "positive" : "negative"}`));

        // Every worker of every player.
        for (const [i, turn] of PLAN[era].entries()) {
          const seat = (FIRST[era] + i) % 3;
          const left = 4 - Math.floor(i / 3);
          await waitPhase(browser, new RegExp(`^Era ${era} of 5 · ${NAMES[seat]}'s turn · ${left} workers? left`));
          for (const step of turn) {
            if (step === "expand-farm") {
              // A card new to the app: the form asks what it says, prefilled from the rulebook.
              await openForm(browser, "expand");
              await select(await tid(browser, "expand-card"), "Farm");
              assert.equal(await tid(browser, "expand-facts-track").getValue(), "production");
              assert.equal(await tid(browser, "expand-facts-cost-stone-value").getText(), "1");
              assert.equal(await tid(browser, "expand-facts-cost-wood-value").getText(), "1");
              await select(await tid(browser, "expand-facts-kind"), "citizen");
              await checkLayout(browser, "Expand form (desktop)");
              await tid(browser, "expand-form").scrollIntoView({ block: "start" });
              await shot(browser, "realm-three-expand-desktop");
              await submit(browser, await tid(browser, "expand-save"), "Ana expands with the Farm");
              assert.equal(await tid(browser, "last-message").getText(), "Ana expands with the Farm");
            } else if (step === "merchant-twice") {
              // The Trade Queen: her Merchant (not computed: it asks what it did) acts, then acts
              // a second time through her ability.
              // The core lists what may be activated: the Merchant once, then again (her ability).
              await tid(browser, "activate-form").waitForDisplayed(T);
              await select(await tid(browser, "activate-slot"), 0);
              assert.equal(await browser.$('[data-testid="activate-again"]').isExisting(), false);
              await press(browser, "activate-change-iron", 1);
              await submit(browser, await tid(browser, "activate-save"), "Cy's Merchant");
              assert.equal(await tid(browser, "last-message").getText(), "Cy: Merchant gives 1 Iron");
              await select(await tid(browser, "activate-slot"), 0);
              assert.equal(await tid(browser, "activate-slot").$("option:checked").getText(), "1. Merchant (again)");
              assert.match(await tid(browser, "activate-again").getText(), /Leader's ability/);
              assert.equal(await tid(browser, "activate-save").getText(), "Activate the Merchant again");
              await press(browser, "activate-change-iron", 1);
              await resize(browser, PHONE);
              await checkLayout(browser, "the Merchant again (phone)");
              await tid(browser, "activate-form").scrollIntoView({ block: "start" });
              await shot(browser, "realm-three-merchant-again-phone");
              await resize(browser, DESKTOP);
              await submit(browser, await tid(browser, "activate-save"), "Cy's Merchant again");
              assert.equal(await tid(browser, "last-message").getText(), "Cy: Merchant gives 1 Iron (again, Leader ability)");
            } else if (step instanceof RegExp) {
              await actMatch(browser, step);
            } else {
              await actClick(browser, step);
            }
          }
          if (era === 1 && i === 0) {
            // After Ana's Produce: the Farm gave 1 Grain and the Quarry 1 Stone.
            assert.deepEqual(
              await panelTexts(browser, "supply-grain"),
              ["2", "1", "1"],
            );
            await browser.execute(() => window.scrollTo(0, 0));
            await checkLayout(browser, "Era 1, a turn played (desktop)");
            await shot(browser, "realm-three-turn-desktop");
          }
          await actClick(browser, "End turn");
        }

        // The objective.
        await waitPhase(browser, new RegExp(`^Era ${era} of 5 is over`));
        const form = await tid(browser, "objective-form");
        await form.waitForDisplayed(T);
        const o = OBJECTIVES[era];
        if (o.typed) {
          for (const [seat, n] of o.typed.entries()) await press(browser, `objective-measure-${seat}`, n);
        } else {
          await select(await tid(browser, "objective-from"), o.from);
          for (const [seat, n] of o.expect.entries()) {
            assert.equal(await tid(browser, `objective-measure-${seat}-value`).getText(), String(n), `${o.from}, ${NAMES[seat]}`);
          }
        }
        if (o.fewest) {
          await tid(browser, "objective-fewest").scrollIntoView({ block: "center" });
          await tid(browser, "objective-fewest").click();
          await resize(browser, PHONE);
          await checkLayout(browser, "objective, fewest wins (phone)");
          await form.scrollIntoView({ block: "start" });
          await shot(browser, "realm-three-objective-fewest-phone");
          await resize(browser, DESKTOP);
        }
        if (o.refuseFirst) {
          // Without the 2nd place's resource the core refuses, naming the player.
          const before = await logCount(browser);
          await tid(browser, "objective-save").scrollIntoView({ block: "center" });
          await tid(browser, "objective-save").click();
          await browser.waitUntil(async () => (await tid(browser, "alert-headline").getText()) !== "", T);
          const refusal = await tid(browser, "alert-headline").getText();
          t.diagnostic(`refused objective: ${refusal}`);
          assert.match(refusal, new RegExp(o.refuseFirst));
          assert.equal(await logCount(browser), before);
        }
        if (o.second) await select(await tid(browser, `objective-resource-${o.second[0]}`), o.second[1]);
        if (era === 2) {
          await form.scrollIntoView({ block: "start" });
          await checkLayout(browser, "objective filled from a count (desktop)");
          await shot(browser, "realm-three-objective-desktop");
        }
        await submit(browser, await tid(browser, "objective-save"), `score Era ${era}'s objective`);
        t.diagnostic(`Era ${era}: ${await tid(browser, "last-message").getText()}`);
        if (o.fewest) assert.match(await tid(browser, "last-message").getText(), /Ana #1 \(6 VP\)/);
        await actClick(browser, era < 5 ? `Begin Era ${era + 1}` : "Go to the final scoring");
      }

      // Final scoring: Game End and Family Secret VP per player.
      await waitPhase(browser, /^Final scoring/);
      for (let seat = 0; seat < 3; seat++) {
        await press(browser, `final-game-end-${seat}`, GAME_END[seat]);
        await press(browser, `final-secret-${seat}`, SECRET[seat]);
        await submit(browser, await tid(browser, `final-save-${seat}`), `${NAMES[seat]}'s final VP`);
        assert.equal(await tid(browser, `final-saved-${seat}`).getText(), `recorded: ${GAME_END[seat]} + ${SECRET[seat]}`);
      }
      // The starting cards' VP are not known yet: no Close button until they are described.
      assert.equal(await actionButton(browser, "Close the game: final score").isExisting(), false);
      await browser.execute(() => window.scrollTo(0, 0));
      await checkLayout(browser, "final scoring (desktop)");
      await shot(browser, "realm-three-final-desktop");
      for (const d of DESCRIBE) {
        const card = await browser.$(`[data-testid="describe-card"][data-card="${d.card}"]`);
        await card.scrollIntoView({ block: "center" });
        await card.$("summary").click();
        if (d.track) await select(await card.$('[data-testid="describe-facts-track"]'), d.track);
        await select(await card.$('[data-testid="describe-facts-kind"]'), d.kind);
        if (d.vp) await press(card, "describe-facts-vp", d.vp);
        await submit(browser, await card.$('[data-testid="describe-save"]'), `describe the ${d.card}`);
      }
      assert.equal(await tid(browser, "describe-cards").isExisting(), false);
      await actClick(browser, "Close the game: final score");

      // The Scorepad: Ana wins with 26.
      const winners = await tid(browser, "winners");
      await winners.waitForDisplayed(T);
      assert.equal(await winners.getText(), "Ana wins");
      assert.equal(await phase(browser), "Game over");
      const totals = await texts(browser, '[data-testid="scorepad"] [data-testid="final-total"]');
      assert.deepEqual(totals.map(Number), TOTALS);
      const ranks = await texts(browser, '[data-testid="scorepad"] [data-testid="final-rank"]');
      assert.deepEqual(ranks.map(Number), [1, 3, 2]);
      await browser.execute(() => window.scrollTo(0, 0));
      await checkLayout(browser, "scorepad (desktop)");
      await shot(browser, "realm-three-scorepad-desktop");
      await assertNoCspViolations(browser, "the three-player table");

      // History → the record: the breakdown, category by category.
      await tid(browser, "nav-history").click();
      const row = await browser.$(`[data-testid="history-row"][data-game-id="${id}"]`);
      await row.waitForDisplayed(T);
      assert.equal(await row.$('[data-testid="row-status"]').getText(), "Finished");
      assert.equal(await row.$('[data-testid="row-score"]').getText(), "Score 26 — won by Ana");
      await row.click();
      await tid(browser, "record").waitForDisplayed(T);
      const breakdown = await browser.execute(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid="breakdown"] tbody tr')].map((tr) => [
            tr.querySelector("th")?.textContent?.trim(),
            [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()),
          ]),
        ),
      );
      assert.deepEqual(breakdown["Card VP"], CARD_VP.map(String));
      assert.deepEqual(breakdown["Game End VP"], GAME_END.map(String));
      assert.deepEqual(breakdown["Era objectives"], OBJECTIVE_VP.map(String));
      assert.deepEqual(breakdown["Family Secret"], SECRET.map(String));
      assert.deepEqual(breakdown["Total"], TOTALS.map(String));
      assert.match(await tid(browser, "winners").getText(), /Ana wins/);
      const steps = Number(/of (\d+)/.exec(await tid(browser, "replay-step").getText())[1]);
      t.diagnostic(`the record holds ${steps} actions`);

      // The replay, at a middle step: Era 3, Ana's second turn of the Era, as it stood then.
      await browser.execute(
        (n) => {
          const slider = document.querySelector('[data-testid="replay-slider"]');
          slider.value = String(n);
          slider.dispatchEvent(new Event("input", { bubbles: true }));
          slider.dispatchEvent(new Event("change", { bubbles: true }));
        },
        MIDDLE_STEP + 1,
      );
      await browser.waitUntil(async () => (await tid(browser, "replay-step").getText()) === `Step ${MIDDLE_STEP + 1} of ${steps}`, T);
      await tid(browser, "replay-prev").scrollIntoView({ block: "center" });
      await tid(browser, "replay-prev").click();
      await browser.waitUntil(async () => (await tid(browser, "replay-step").getText()) === `Step ${MIDDLE_STEP} of ${steps}`, T);
      await browser.waitUntil(
        async () => (await tid(browser, "replay-summary").getText()) === "Ana gathers at Open space 2: nothing",
        { ...T, timeoutMsg: `the replay never showed step ${MIDDLE_STEP}'s action` },
      );
      const replay = await tid(browser, "replay-realm");
      await replay.waitForDisplayed(T);
      assert.equal(await tid(browser, "replay-phase").getText(), "Era 3 of 5 · Ana's turn · 2 workers left");
      assert.match(await tid(browser, "replay-event").getText(), /Event of Era 3\s*positive/);
      const ana = await replay.$('[data-testid="player-panel"][data-seat="0"]');
      assert.equal(await ana.$('[data-testid="supply-grain"]').getText(), "6");
      assert.equal(await ana.$('[data-testid="hand"]').getText(), "5");
      assert.equal(await ana.$('[data-testid="workers"]').getText(), "2/4");
      assert.equal(await ana.$('[data-testid="player-total"]').getText(), "12 VP");
      assert.deepEqual(await texts(ana, '[data-testid="tableau-card"] .card-name'), ["Farm", "Quarry", "Farm"]);
      const bo = await replay.$('[data-testid="player-panel"][data-seat="1"]');
      assert.deepEqual(await texts(bo, '[data-testid="tableau-card"] .card-name'), ["Assassin", "Forge"]);
      assert.equal((await replay.$$("button")).length, 0, "the replay has nothing to press");
      await replay.scrollIntoView({ block: "start" });
      await browser.execute(() => window.scrollBy(0, -180));
      await checkLayout(browser, "replay (desktop)");
      await shot(browser, "realm-three-replay-desktop");
      await resize(browser, PHONE);
      await checkLayout(browser, "replay (phone)");
      await replay.scrollIntoView({ block: "start" });
      await shot(browser, "realm-three-replay-phone");
      await resize(browser, DESKTOP);

      // Settings: what the game taught the app, readable, and corrected.
      await tid(browser, "nav-settings").click();
      const realm = await tid(browser, "realm-catalogue");
      await realm.waitForDisplayed(T);
      await browser.waitUntil(async () => (await realm.$$('[data-testid="realm-entry"]')).length === 9, {
        ...T,
        timeoutMsg: "not 3 mats and 6 cards remembered",
      });
      assert.deepEqual(await browser.execute(() => [...document.querySelectorAll('[data-testid="realm-entry"]')].map((e) => e.getAttribute("data-key"))), [
        "mat:Agrarian Lord",
        "mat:Trade Queen",
        "mat:Warlord",
        "card:Assassin",
        "card:Farm",
        "card:Forge",
        "card:Lumberyard",
        "card:Merchant",
        "card:Quarry",
      ]);
      const farm = await realm.$('[data-testid="realm-entry"][data-key="card:Farm"]');
      assert.equal(await farm.$('[data-testid="entry-facts"]').getText(), "Citizen · Production · costs 1 Stone, 1 Wood · 2 VP");
      const warlord = await realm.$('[data-testid="realm-entry"][data-key="mat:Warlord"]');
      assert.equal(await warlord.$('[data-testid="mat-players-text"]').getText(), "player count 2 (upper right)");
      assert.deepEqual(await cells(browser, '[data-key="mat:Warlord"] tr[data-track="noble"]'), ["Noble", ...MATS.Warlord.noble.map(String)]);
      await realm.scrollIntoView({ block: "start" });
      await checkLayout(browser, "Settings, Raise the Realm (desktop)");
      await shot(browser, "realm-three-settings-desktop");

      // The Farm with 2 Stone contradicts the rulebook: refused, with the core's reason.
      await farm.$("summary").scrollIntoView({ block: "center" });
      await farm.$("summary").click();
      const farmFacts = '[data-testid="realm-facts-card-farm"]';
      await farm.$(farmFacts).waitForDisplayed(T);
      assert.equal(await farm.$(`${farmFacts} [data-testid="realm-facts-card-farm-kind"]`).getValue(), "citizen");
      await press(farm, "realm-facts-card-farm-cost-stone", 1);
      await checkLayout(browser, "Settings, a card's form (desktop)");
      await farm.$('[data-testid="entry-save"]').click();
      await browser.waitUntil(async () => (await tid(browser, "alert-headline").getText()) !== "", T);
      const refusal = await tid(browser, "alert").getText();
      t.diagnostic(`refused correction: ${refusal}`);
      assert.match(refusal, /The rulebook prints the Farm's cost differently/);
      const why = await refusalWhy(browser, "Settings, a refused correction");
      assert.equal(why.rule, "Rule realm.card-printed");
      assert.match(why.cite, /^Rulebook: 000 lines? \d/);
      assert.equal(await tid(browser, "realm-catalogue-status").getText(), "");
      await resize(browser, PHONE);
      await checkLayout(browser, "Settings, a refused correction (phone)");
      await farm.scrollIntoView({ block: "start" });
      await shot(browser, "realm-three-settings-refused-phone");
      await resize(browser, DESKTOP);

      // Back to the printed cost, and a Construction after all: kept.
      await press(farm, "realm-facts-card-farm-cost-stone", 1, "minus");
      await select(await farm.$('[data-testid="realm-facts-card-farm-kind"]'), "construction");
      await farm.$('[data-testid="entry-save"]').click();
      await browser.waitUntil(
        async () =>
          (await tid(browser, "realm-catalogue-status").getText()) ===
          "Saved the Farm: Construction · Production · costs 1 Stone, 1 Wood · 2 VP.",
        { ...T, timeoutMsg: "the Farm's correction was never saved" },
      );
      assert.equal(await tid(browser, "alert").getText(), "");
      assert.equal(
        await browser.$('[data-testid="realm-entry"][data-key="card:Farm"] [data-testid="entry-facts"]').getText(),
        "Construction · Production · costs 1 Stone, 1 Wood · 2 VP",
      );

      // The Warlord mat: its last Production value read again as 6.
      const mat = await browser.$('[data-testid="realm-entry"][data-key="mat:Warlord"]');
      await mat.$("summary").scrollIntoView({ block: "center" });
      await mat.$("summary").click();
      const production = await mat.$('[data-testid="mat-track-production"]');
      await production.waitForDisplayed(T);
      assert.equal(await production.getAttribute("data-values"), "1,1,2,2,3,3,4,5");
      assert.equal(await mat.$('[data-testid="mat-players-2"]').getAttribute("aria-pressed"), "true");
      await resize(browser, PHONE);
      await checkLayout(browser, "Settings, a mat's form (phone)");
      await mat.scrollIntoView({ block: "start" });
      await shot(browser, "realm-three-settings-mat-phone");
      await resize(browser, DESKTOP);
      // One more tap on the last space's step: +1 becomes +2.
      await mat.$('[data-testid="mat-production-step-7"]').scrollIntoView({ block: "center" });
      await mat.$('[data-testid="mat-production-step-7"]').click();
      await browser
        .waitUntil(async () => (await production.getAttribute("data-values")) === "1,1,2,2,3,3,4,6", { timeout: 3000 })
        .catch(() => {});
      assert.equal(await production.getAttribute("data-values"), "1,1,2,2,3,3,4,6");
      await mat.$('[data-testid="mat-save"]').scrollIntoView({ block: "center" });
      await mat.$('[data-testid="mat-save"]').click();
      await browser.waitUntil(async () => (await tid(browser, "realm-catalogue-status").getText()) === "Saved the Warlord mat.", {
        ...T,
        timeoutMsg: "the Warlord mat was never saved",
      });
      assert.deepEqual(await cells(browser, '[data-key="mat:Warlord"] tr[data-track="production"]'), [
        "Production",
        ...["1", "1", "2", "2", "3", "3", "4", "6"],
      ]);
      await assertNoCspViolations(browser, "Settings");
      t.diagnostic(`three-player live game: ${Date.now() - started} ms`);
    },
    { size: DESKTOP },
  ),
);
