// Realm Lord in the real window, phone first: New game with a suggested target, setup (target
// confirmed, Realms named, Lords described once), a quest completed with an entered die and one
// failed on a natural 1, a quest rolled by the app and undone (its die with it), a tap on an
// exhausted hero refused with the reason, the hero limit's choice, and the win at the target;
// the layout checked at phone size throughout and once on a laptop.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import {
  chooseGame,
  DESKTOP,
  PHONE,
  T,
  appBinary,
  assertInFirstScreen,
  assertNoCspViolations,
  boxOf,
  checkLayout,
  logCount,
  refusalWhy,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";
import { resize, shot, phase, waitPhase } from "./realm-helpers.mjs";

/**
 * Chooses an option of a <select> as a person would, through the change event its binding
 * listens to: WebDriver's click on an <option> scrolls the page until the option is at the
 * bottom edge, where on a phone the turn's action area stays stuck over it.
 */
async function select(el, value) {
  await el.scrollIntoView({ block: "center" });
  await el.waitForEnabled(T);
  const chosen = await el.execute((x, v) => {
    if (![...x.options].some((o) => o.value === v)) return false;
    x.value = v;
    x.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }, String(value));
  assert.ok(chosen, `no option ${value}`);
}

/** Scrolls an element to the middle of the screen (clear of the sticky action area) and taps it. */
async function tap(el) {
  await el.waitForDisplayed(T);
  await el.execute((x) => x.scrollIntoView({ block: "center" }), el);
  await el.click();
}

/** Opens one of the table's forms ("Play a card", "A card's ability fired"): in a turn with the
 * bar's button for it, as a player does wherever the page was left; otherwise by its title. */
async function openForm(browser, testid) {
  const d = await tid(browser, testid);
  await d.waitForDisplayed(T);
  const go = await tid(browser, `go-${testid}`);
  if (await go.isDisplayed()) {
    await go.click();
    await browser.waitUntil(async () => (await d.getAttribute("open")) !== null, { ...T, timeoutMsg: `${testid} never opened` });
  } else if ((await d.getAttribute("open")) === null) {
    await tap(await tid(browser, `${testid}-open`));
  }
}

/** Clicks a button that sends one action and waits until it is saved. */
async function submit(browser, testid, what = testid) {
  const before = await logCount(browser);
  const b = await tid(browser, testid);
  await b.waitForDisplayed({ ...T, timeoutMsg: `no ${testid}` });
  await tap(b);
  await waitLogCount(browser, before + 1, what);
}

/** End the turn; with actions left, the core's question comes first ("End the turn with 2
 * actions of 3 unused?"), answered here. Returns the question, or null when none was asked. */
const ASKED = [];
async function endTurn(browser, what) {
  const before = await logCount(browser);
  await tap(await tid(browser, "end-turn"));
  let question = null;
  const ask = await tid(browser, "end-turn-confirm-message");
  if (await ask.isExisting()) {
    question = await ask.getText();
    assert.match(question, /^End the turn with \d actions? of \d+ unused\?$/);
    // Nothing was sent yet: the question stands between the tap and the turn's end.
    assert.equal(await logCount(browser), before);
    if (!ASKED.some((q) => q !== null)) {
      await checkLayout(browser, "End turn asked about (phone)");
      await shot(browser, "realm-lord-end-turn-asked-phone");
    }
    await tap(await tid(browser, "end-turn-confirm-yes"));
  }
  await waitLogCount(browser, before + 1, what);
  ASKED.push(question);
  return question;
}

async function type(browser, testid, text) {
  const el = await tid(browser, testid);
  await el.execute((x) => x.scrollIntoView({ block: "center" }), el);
  await el.setValue(text);
}

/** Presses a Counter's + `n` times. */
async function plus(el, n) {
  const b = await el.$('[data-testid$="-plus"]');
  await tap(b);
  for (let i = 1; i < n; i++) await b.click();
}

async function figure(browser, piece) {
  await tap(await browser.$(`[data-testid="figure"][data-piece="${piece}"]`));
  await tid(browser, "figure-actions").waitForDisplayed(T);
}

/** Plays a card through the "Play a card" form; `describe` fills its facts when asked. */
async function playCard(browser, kind, name, describe = async () => {}) {
  await openForm(browser, "play");
  await tap(await tid(browser, `play-kind-${kind}`));
  await type(browser, "play-name", name);
  await describe();
  await submit(browser, "play-save", `play ${name}`);
}

async function hope(browser, seat) {
  return (await browser.$(`[data-testid="player"][data-seat="${seat}"] [data-testid="player-hope"]`)).getText();
}

test(
  "Realm Lord on a phone: setup, quests won and lost, the die undone, the hero limit and the win",
  withApp(
    async ({ browser, t }) => {
      // New game: Realm Lord, two new people, 5 Hope Stones suggested.
      await tid(browser, "nav-home").click();
      await tid(browser, "new-game").click();
      await chooseGame(browser, "realm-lord");
      for (const name of ["Ana", "Bo"]) {
        await type(browser, "person-name", name);
        await tid(browser, "add-person").click();
        await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), T);
      }
      await type(browser, "option-target", "5");
      await checkLayout(browser, "new game (phone)");
      await tid(browser, "start-game").scrollIntoView({ block: "center" });
      await tid(browser, "start-game").click();
      await tid(browser, "setup").waitForDisplayed(T);
      assert.match(await phase(browser), /Setting up/);

      // The target is still to be confirmed: starting is not offered yet.
      assert.equal(await tid(browser, "target-input").getValue(), "5");
      assert.equal(await tid(browser, "start-form").isExisting(), false);
      // A bad target is said under its field (the range is the core's), and nothing is sent.
      for (const [typed, says] of [
        ["abc", 'Hope Stones to win: "abc" is not a whole number'],
        ["0", "Hope Stones to win: enter a number from 1 to 99"],
      ]) {
        await type(browser, "target-input", typed);
        await tap(await tid(browser, "target-confirm"));
        await tid(browser, "target-error").waitForDisplayed(T);
        assert.equal(await tid(browser, "target-error").getText(), says);
        assert.equal(await tid(browser, "target-input").getAttribute("aria-invalid"), "true");
        assert.equal(await tid(browser, "target-input").getAttribute("aria-describedby"), "target-error");
      }
      assert.equal(await logCount(browser), 0);
      await type(browser, "target-input", "5");
      await submit(browser, "target-confirm", "confirm the target");
      assert.match(await tid(browser, "target-status").getText(), /first to 5 Hope Stones/);

      // The six Realms: three printed, three named by the table. Their button is in reach while
      // the names scroll under it.
      await assertInFirstScreen(browser, await tid(browser, "realms-save"), "Name the Realms (phone)");
      const realms = await browser.$$('[data-testid="realm-name"]');
      assert.equal(await realms[0].getValue(), "Darkthorn");
      for (const [i, name] of [[3, "Frostvale"], [4, "Emberfall"], [5, "Stormreach"]]) {
        await realms[i].scrollIntoView({ block: "center" });
        await realms[i].setValue(name);
      }
      await submit(browser, "realms-save", "name the Realms");

      // Lords, described the first time: Thraken's Homeland is printed in the rulebook.
      const lordForm = (seat) => browser.$(`[data-testid="lord-form"][data-seat="${seat}"]`);
      await assertInFirstScreen(browser, await (await lordForm(0)).$('[data-testid="lord-reveal"]'), "the first Lord's Reveal (phone)");
      await (await lordForm(0)).$('[data-testid="lord-input"]').setValue("Thraken The Deceiver");
      const thraken = await (await lordForm(0)).$('[data-testid="lord-facts"]');
      await thraken.waitForDisplayed(T);
      assert.equal(await thraken.$('[data-testid="lord-facts-homeland"]').getValue(), "Darkthorn");
      await plus(await thraken.$('[data-testid="lord-facts-might"]'), 3);
      await plus(await thraken.$('[data-testid="lord-facts-magic"]'), 2);
      await checkLayout(browser, "describing a Lord (phone)");
      await shot(browser, "realm-lord-setup-phone");
      let before = await logCount(browser);
      await tap(await (await lordForm(0)).$('[data-testid="lord-reveal"]'));
      await waitLogCount(browser, before + 1, "reveal Thraken");
      await (await lordForm(1)).$('[data-testid="lord-input"]').setValue("Lyra");
      const lyra = await (await lordForm(1)).$('[data-testid="lord-facts"]');
      await lyra.waitForDisplayed(T);
      await select(await lyra.$('[data-testid="lord-facts-homeland"]'), "Mysteria");
      await plus(await lyra.$('[data-testid="lord-facts-magic"]'), 4);
      // Lyra's ability adds 1 to her own Magic quests: tagged once, the app counts it.
      await tap(await lyra.$('[data-testid="lord-facts-bonus-on"]'));
      await select(await lyra.$('[data-testid="lord-facts-bonus-quest"]'), "Magic");
      await checkLayout(browser, "a Lord's check bonus (phone)");
      await (await lyra.$('[data-testid="lord-facts-bonus"]')).scrollIntoView({ block: "center" });
      await shot(browser, "realm-lord-bonus-phone");
      before = await logCount(browser);
      await tap(await (await lordForm(1)).$('[data-testid="lord-reveal"]'));
      await waitLogCount(browser, before + 1, "reveal Lyra");
      await select(await tid(browser, "first-player"), 0);
      await assertInFirstScreen(browser, await tid(browser, "start-play"), "Start (phone)");
      await submit(browser, "start-play", "start");
      await waitPhase(browser, /^Turn 1 · Ana: draw 2 cards/);

      // Turn 1, Ana: draw; Troll Bridge; Thraken completes it with a real die of 4 (4 + 3 = 7).
      // The turn is in the action bar: in the first screen, and on the screen's bottom after the
      // draw (its height follows what it holds: Draw alone, then the turn's actions).
      const bar = await assertInFirstScreen(browser, await tid(browser, "action-area"), "the action bar (turn 1)");
      await assertInFirstScreen(browser, await tid(browser, "draw"), "Draw (turn 1)");
      await submit(browser, "draw", "Ana draws");
      await waitPhase(browser, /^Turn 1 · Ana · 3 actions left/);
      const drawn = await boxOf(browser, await tid(browser, "action-area"));
      assert.ok(Math.abs(drawn.y + drawn.height - (bar.y + bar.height)) <= 1, "the action bar left the screen's bottom after the draw");
      assert.ok(bar.height < 0.4 * PHONE.height - 1, `the bar holding Draw alone takes ${bar.height} px, not 40% of the screen`);
      await playCard(browser, "Quest", "Troll Bridge", async () => {
        await select(await tid(browser, "play-facts-kind"), "Might");
        await select(await tid(browser, "play-facts-location"), "Darkthorn");
        await plus(await tid(browser, "play-facts-difficulty"), 6);
        await plus(await tid(browser, "play-facts-hope"), 2);
      });
      await figure(browser, "lord-0");
      await tap(await tid(browser, "go-quest"));
      await tid(browser, "die-screen").waitForDisplayed(T);
      assert.match(await tid(browser, "die-facts").getText(), /Might 7 · Thraken The Deceiver's Might 3 · 3 Hope Stones/);
      await checkLayout(browser, "die screen (phone)");
      await shot(browser, "realm-lord-die-phone");
      await submit(browser, "die-4", "Thraken goes on Troll Bridge");
      const result = await browser.$('[data-testid="die-screen"] [data-testid="quest-result"]');
      await result.waitForDisplayed(T);
      assert.equal(await result.getAttribute("data-success"), "true");
      assert.match(await result.$('[data-testid="result-sum"]').getText(), /4 \+ Might 3 = 7 against 7/);
      await checkLayout(browser, "quest completed (phone)");
      await shot(browser, "realm-lord-quest-won-phone");
      await tap(await tid(browser, "die-done"));
      assert.equal(await hope(browser, 0), "3 Hope Stones");
      await browser.execute(() => window.scrollTo(0, 0));
      await shot(browser, "realm-lord-table-phone");
      // An exhausted hero cannot travel: the tap answers with the reason, nothing changes.
      before = await logCount(browser);
      await figure(browser, "lord-0");
      await tap(await browser.$('[data-testid="travel"][data-realm="1"]'));
      await tid(browser, "alert-headline").waitForDisplayed(T);
      assert.match(await tid(browser, "alert-headline").getText(), /Thraken The Deceiver is exhausted/);
      const why = await refusalWhy(
        browser,
        "a refused travel (phone)",
        "realm-lord-why-phone",
        await browser.$('[data-testid="travel"][data-realm="1"]'),
      );
      assert.equal(why.says, "Only a ready hero travels, goes on a quest, takes a Treasure or uses one.");
      assert.match(why.cite, /^Rulebook: 004 line 135/);
      assert.equal(why.rule, "Rule realm-lord.exhausted");
      assert.equal(await logCount(browser), before);
      await tap(await tid(browser, "figure-close"));
      await playCard(browser, "Hero", "Dirk");
      await endTurn(browser, "Ana ends");

      // Turn 2, Bo: Riddle Of Song (Mysteria is printed); Lyra fails it on a natural 1.
      await submit(browser, "draw", "Bo draws");
      await playCard(browser, "Quest", "Riddle Of Song", async () => {
        assert.equal(await tid(browser, "play-facts-location").getValue(), "Mysteria");
        await select(await tid(browser, "play-facts-kind"), "Magic");
        await plus(await tid(browser, "play-facts-difficulty"), 5);
        await plus(await tid(browser, "play-facts-hope"), 1);
      });
      await figure(browser, "lord-1");
      await tap(await tid(browser, "go-quest"));
      assert.equal(await tid(browser, "die-card-bonuses").getText(), "Cards add Lyra +1: the app counts them.");
      await submit(browser, "die-1", "Lyra goes on the Riddle");
      const lost = await browser.$('[data-testid="die-screen"] [data-testid="quest-result"]');
      await lost.waitForDisplayed(T);
      assert.equal(await lost.getAttribute("data-success"), "false");
      assert.match(await lost.$('[data-testid="result-headline"]').getText(), /natural 1! Lyra fails Riddle Of Song/);
      assert.match(await lost.$('[data-testid="result-sum"]').getText(), /1 \+ Magic 4 \+ Lyra 1 = 6 against 6/);
      await shot(browser, "realm-lord-quest-lost-phone");
      await tap(await tid(browser, "die-done"));
      await endTurn(browser, "Bo ends");

      // Turn 3, Ana: three more actions from a card; her Lord and four heroes fill the limit of
      // five (a Lord is a hero "in every way"), then the limit's choice.
      await submit(browser, "draw", "Ana draws");
      await openForm(browser, "effect");
      await type(browser, "effect-source", "Call To Arms");
      const line = await browser.$('[data-testid="effect-changes"] [data-testid="change-line"]');
      await select(await line.$('[data-testid="change-kind"]'), "ExtraActions");
      await line.$('[data-testid="change-amount"]').setValue("3");
      await submit(browser, "effect-save", "extra actions");
      for (const name of ["Wren", "Orla", "Bram"]) await playCard(browser, "Hero", name);
      const anaHeroes = browser.$('[data-testid="player"][data-seat="0"] [data-testid="player-heroes"]');
      assert.equal(await anaHeroes.getProperty("textContent"), "5 of 5 heroes", "the Lord is one of the five");
      await openForm(browser, "play");
      await tap(await tid(browser, "play-kind-Hero"));
      await type(browser, "play-name", "Wren");
      const limit = await tid(browser, "hero-limit");
      await limit.waitForDisplayed(T);
      assert.match(await limit.getText(), /Ana has 5 heroes in play/);
      await checkLayout(browser, "hero limit (phone)");
      await shot(browser, "realm-lord-hero-limit-phone");
      const orla = await browser.$('//label[.//input[@data-testid="limit-choice"] and contains(., "Orla")]');
      await tap(orla);
      await submit(browser, "play-save", "the sixth hero, Orla discarded");
      assert.equal(await browser.$('[data-testid="figure"][data-piece="hero-3"]').isExisting(), false, "Orla left play");
      assert.match(await browser.$('[data-testid="log"] li').getText(), /discards Orla at the hero limit/);
      await endTurn(browser, "Ana ends");

      // Turn 4, Bo: the app rolls for Lyra; undo takes the quest and its die back.
      await submit(browser, "draw", "Bo draws");
      await figure(browser, "lord-1");
      await tap(await tid(browser, "go-quest"));
      await submit(browser, "die-roll", "the app rolls");
      const rolled = await browser.$('[data-testid="die-screen"] [data-testid="quest-result"]');
      await rolled.waitForDisplayed(T);
      t.diagnostic(`the app rolled: ${await rolled.$('[data-testid="result-sum"]').getText()}`);
      await tap(await tid(browser, "die-done"));
      before = await logCount(browser);
      await tap(await tid(browser, "undo"));
      await waitLogCount(browser, before - 1, "undo the quest");
      assert.equal(await browser.$('[data-testid="quest-result"]').isExisting(), false);
      assert.equal(await browser.$('[data-testid="figure"][data-piece="lord-1"]').getAttribute("data-exhausted"), "false");
      await endTurn(browser, "Bo ends");
      // A turn ended with actions left was asked about first (it ended without a word before).
      assert.ok(ASKED.some((q) => q !== null), `no End turn was asked about: ${JSON.stringify(ASKED)}`);

      // Turn 5, Ana: Moon Well at Darkthorn; Thraken rolls a real 6 and reaches 5: the win.
      await submit(browser, "draw", "Ana draws");
      await playCard(browser, "Quest", "Moon Well", async () => {
        await select(await tid(browser, "play-facts-kind"), "Magic");
        await select(await tid(browser, "play-facts-location"), "Darkthorn");
        await plus(await tid(browser, "play-facts-difficulty"), 8);
        await plus(await tid(browser, "play-facts-hope"), 1);
      });
      await figure(browser, "lord-0");
      await tap(await tid(browser, "go-quest"));
      await submit(browser, "die-6", "Thraken goes on Moon Well");
      await waitPhase(browser, /^Game over/);
      await tid(browser, "scorepad").waitForDisplayed(T);
      assert.match(await tid(browser, "lord-winners").getText(), /Ana wins with 5 Hope Stones/);
      assert.match(await browser.$('[data-testid="log"] li').getText(), /a natural 6 completes it.*Ana wins with 5 Hope Stones/);
      await checkLayout(browser, "game over (phone)");
      await browser.execute(() => window.scrollTo(0, 0));
      await shot(browser, "realm-lord-over-phone");
      await resize(browser, DESKTOP);
      await checkLayout(browser, "game over (desktop)");
      await browser.execute(() => window.scrollTo(0, 0));
      await shot(browser, "realm-lord-over-desktop");
      await assertNoCspViolations(browser, "Realm Lord");
    },
    { size: PHONE },
  ),
);

// The second test's database: a Realm Lord game set up with the steward CLI, so that Settings
// has a described Lord to correct.
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-lord-")), "lord.sqlite3");
const steward = join(dirname(appBinary()), "steward");
execFileSync(steward, ["--db", db, "start", "realm-lord", "--player", "Cy", "--player", "Di"]);
execFileSync(steward, [
  "--db",
  db,
  "act",
  "1",
  JSON.stringify({
    type: "RevealLord",
    seat: 0,
    name: "Thraken The Deceiver",
    facts: { homeland: "Darkthorn", valor: 2, might: 3, craft: 1, magic: 2 },
  }),
]);

test(
  "Realm Lord's Hope Stone scorepad on a phone, and a remembered Lord corrected in Settings",
  withApp(
    async ({ browser }) => {
      await tid(browser, "nav-home").click();
      await tid(browser, "new-game").click();
      await chooseGame(browser, "realm-lord-scorepad", tap);
      for (const name of ["Ana", "Bo"]) {
        await type(browser, "person-name", name);
        await tid(browser, "add-person").click();
        await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), T);
      }
      await tap(await tid(browser, "start-game"));
      await tid(browser, "pad-target-form").waitForDisplayed(T);
      await type(browser, "pad-target-input", "4");
      await submit(browser, "pad-target-confirm", "confirm the target");
      const row = (seat) => browser.$(`[data-testid="pad-row"][data-seat="${seat}"]`);
      const press = async (seat, testid) => {
        const before = await logCount(browser);
        await tap(await (await row(seat)).$(`[data-testid="${testid}"]`));
        await waitLogCount(browser, before + 1, `${seat} ${testid}`);
      };
      await press(0, "pad-plus-3");
      await press(1, "pad-plus-2");
      await press(0, "pad-minus-1");
      assert.equal(await (await row(0)).$('[data-testid="pad-hope"]').getText(), "2");
      await checkLayout(browser, "scorepad (phone)");
      await shot(browser, "realm-lord-scorepad-phone");
      await press(1, "pad-plus-2");
      await waitPhase(browser, /^Game over/);
      assert.match(await tid(browser, "winners").getText(), /Bo/);

      // Settings: Thraken, described at the CLI's table, is corrected (Might 3 → 4).
      await tid(browser, "nav-settings").click();
      const entry = await browser.$('[data-testid="lord-entry"][data-key="lord:Thraken The Deceiver"]');
      await entry.waitForDisplayed(T);
      assert.match(await entry.getText(), /Homeland Darkthorn · Valor 2, Might 3, Craft 1, Magic 2/);
      await tap(await entry.$("summary"));
      const might = await entry.$('//label[span[normalize-space()="Might"]]/input');
      await might.setValue("25");
      await tap(await entry.$('[data-testid="lord-entry-save"]'));
      await tid(browser, "alert-headline").waitForDisplayed(T);
      assert.match(await tid(browser, "alert-headline").getText(), /Might is 0 to 20, not 25/);
      await might.setValue("4");
      await tap(await entry.$('[data-testid="lord-entry-save"]'));
      await browser.waitUntil(
        async () => (await tid(browser, "lord-catalogue-status").getText()) === "Saved Thraken The Deceiver.",
        T,
      );
      const saved = await browser.$('[data-testid="lord-entry"][data-key="lord:Thraken The Deceiver"]');
      assert.match(await saved.getText(), /Might 4/);

      // Thraken's printed ability tagged with its moment (004 line 52), kept by the correction.
      // (The correction form is still open after the save.)
      const form = await saved.$("details");
      if ((await form.getAttribute("open")) === null) await tap(await saved.$("summary"));
      const ability = await saved.$('[data-testid="lord-entry-ability"]');
      await tap(await ability.$('[data-testid="lord-entry-ability-on"]'));
      assert.equal(await ability.$('[data-testid="lord-entry-ability-when"]').getValue(), "OtherPlayersHeroFails");
      await select(await ability.$('[data-testid="lord-entry-ability-does"]'), "Hope");
      await ability.$('[data-testid="lord-entry-ability-amount"]').setValue("-1");
      await tap(await saved.$('[data-testid="lord-entry-save"]'));
      await browser.waitUntil(
        async () => /When another player's hero fails a quest: that player loses 1 Hope Stone\./.test(
          await browser.$('[data-testid="lord-entry"][data-key="lord:Thraken The Deceiver"]').getText(),
        ),
        { ...T, timeoutMsg: "the tagged ability was not saved" },
      );
      await checkLayout(browser, "settings (phone)");
      await shot(browser, "realm-lord-settings-phone");
    },
    { size: PHONE, db },
  ),
);

after(() => rmSync(dirname(db), { recursive: true, force: true }));
