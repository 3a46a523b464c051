// Every tap answers, every bad entry gets feedback at the field (issue 13, items 2 and 8), in the
// real window at phone size. For The Estates, Count of the Nine Estates, Realm Lord and the Raise
// the Realm tracker: a tap on a board spot or card the rules refuse shows the core's own reason
// (read here from the same table through the steward CLI, so the screen is checked word for word
// against the core), and a tap on a legal one offers the action, which then plays. Bad entries
// (a name left empty, "abc" for a number, a number out of range) are said under their field.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  PHONE,
  T,
  appBinary,
  chooseGame,
  assertInFirstScreen,
  assertOnTop,
  boxOf,
  assertNoCspViolations,
  assertPlainScreen,
  checkLayout,
  logCount,
  repoRoot,
  screenshot,
  tid,
  waitLogCount,
  withApp,
} from "./helpers.mjs";

const db = join(mkdtempSync(join(tmpdir(), "estate-steward-every-tap-")), "taps.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (...args) => JSON.parse(execFileSync(steward, ["--db", db, "--json", ...args], { encoding: "utf8" }));

/** A sample table's options (the cards a table described), as the conformance suite plays it. */
const sample = (game) =>
  JSON.parse(readFileSync(join(repoRoot, "tests/fixtures/conformance", `${game}.json`), "utf8")).cases[0].options;

/** Starts a game through the CLI and plays the core's offers (the first, or the preferred) until `ready`. */
function prepare(game, players, ready, prefer = () => false) {
  const args = ["start", game, "--seed", "5"];
  const options = sample(game);
  if (options !== null) args.push("--options", JSON.stringify(options));
  for (const p of players) args.push("--player", p);
  const id = cli(...args).game_id;
  for (let i = 0; i < 40; i += 1) {
    const table = cli("show", String(id));
    if (ready(table)) return id;
    const pick = table.allowed.find(prefer) ?? table.allowed[0];
    cli("act", String(id), JSON.stringify(pick.action));
  }
  throw new Error(`${game} never reached the state the test needs`);
}

/** The core's sentence as the screen starts a line with it (capital, full stop). */
const sentence = (s) => {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

const estates = prepare(
  "the-estates",
  ["Ana", "Bo"],
  (t) => t.view.phase.kind === "Place",
  (a) =>
    a.group === "setup" ||
    (a.group === "choose" && a.action.choice.kind === "Cube") ||
    (a.group === "bid" && a.action.type === "Pass"),
);
// Played on (passing) until an Estate can be built, so that one tap is refused and one offered.
const nine = prepare(
  "nine-estates",
  ["Ana"],
  (t) => t.view.phase === "Playing" && t.view.grid.some((e) => e.why_not === null),
  (a) => a.action.type === "Pass",
);
const lord = prepare("realm-lord", ["Ana", "Bo"], (t) => t.view.state.phase === "Actions");
const realm = prepare(
  "raise-the-realm-live",
  ["Ana"],
  (t) => t.view.state.phase === "Playing" && t.allowed.some((a) => a.group === "gather"),
);

async function open(browser, id) {
  await browser.execute((n) => {
    location.hash = `#/table/${n}`;
  }, id);
  await tid(browser, "table-header").waitForDisplayed(T);
  await browser.waitUntil(async () => (await browser.getUrl()).endsWith(`/table/${id}`), T);
  await sleep(200);
}

/**
 * A tap as a finger makes it, on the element brought to the middle of the window first. The page
 * is scrolled by the page itself: webdriverio's own scrollIntoView scrolls by the wheel only
 * until the element enters the window, which leaves it at the foot, under the phone's action bar.
 */
async function tap(el) {
  await el.waitForExist(T);
  await session.execute((e) => e.scrollIntoView({ block: "center" }), el);
  await el.click();
}

/** The window under test (set when the test starts). */
let session;

/** Taps a refused spot: its reason shows under it, word for word the core's, and nothing is sent. */
async function refusedTap(browser, el, whyNot, where) {
  const before = await logCount(browser);
  await tap(el);
  const reason = await tid(browser, "tap-reason");
  await reason.waitForDisplayed({ ...T, timeoutMsg: `no reason shown for ${where}` });
  assert.equal(await reason.getText(), sentence(whyNot), where);
  assert.equal(await tid(browser, "tap-offer").isExisting(), false, `${where}: a refused spot offers nothing`);
  await answerInSight(browser, where);
  await assertPlainScreen(browser, where);
  assert.equal(await logCount(browser), before, `${where}: a tap on a refused spot sent something`);
}

/**
 * Where the answer opened (no scroll by the test), its text and every button, Close too, lie
 * wholly on the screen and not under anything (the phone's action bar): the next tap needs no
 * scroll. The helpers' `assertOnTop` does the finger's hit test.
 */
async function answerInSight(browser, where) {
  const box = tid(browser, "tap-answer");
  await box.waitForDisplayed({ ...T, timeoutMsg: `${where}: no answer opened` });
  const parts = [await box.$(".title"), ...(await box.$$("button"))];
  const height = await browser.execute(() => window.innerHeight);
  for (const part of parts) {
    if (!(await part.isExisting())) continue;
    const what = `${where}: the answer's ${(await part.getAttribute("data-testid")) ?? (await part.getText())}`;
    const b = await boxOf(browser, part);
    assert.ok(b.y >= 0 && b.y + b.height <= height + 0.5, `${what} is off the screen (${JSON.stringify(b)})`);
    await assertOnTop(browser, part, what);
  }
}

/** Taps a legal spot: the action is offered (labelled `label`, if given); tapping it plays it. */
async function offeredTap(browser, el, label, where) {
  await tap(el);
  const offer = await tid(browser, "tap-offer");
  await offer.waitForDisplayed({ ...T, timeoutMsg: `nothing offered for ${where}` });
  if (label !== null) assert.equal(await offer.getText(), label, where);
  assert.equal(await tid(browser, "tap-reason").isExisting(), false);
  await answerInSight(browser, where);
  await checkLayout(browser, where);
  const before = await logCount(browser);
  await tap(offer);
  await waitLogCount(browser, before + 1, where);
}

/** A bad entry: its message under the field, tied to it, and nothing sent. */
async function fieldSays(browser, field, errorId, says, where) {
  const error = await tid(browser, errorId);
  await error.waitForDisplayed({ ...T, timeoutMsg: `no message under the field for ${where}` });
  assert.equal(await error.getText(), says, where);
  const input = await tid(browser, field);
  assert.equal(await input.getAttribute("aria-invalid"), "true", `${where}: aria-invalid`);
  assert.equal(await input.getAttribute("aria-describedby"), await error.getAttribute("id"), `${where}: aria-describedby`);
}

test(
  "every tap answers and every bad entry is said at its field, at phone size",
  withApp(
    async ({ browser }) => {
      session = browser;
      // ---- The Estates: a Green 5 cube everyone passed on, to place --------------------------
      await open(browser, estates);
      let table = cli("show", String(estates));
      const top = (lot) => browser.$(`[data-testid="board-row"][data-row="0"] [data-testid="lot"][data-lot="${lot}"]`);
      await refusedTap(browser, await top(2), table.view.board[0].lots[2].why_not, "Estates: lot 3 of an empty row");
      assert.equal(
        await tid(browser, "tap-reason").getText(),
        "The first cube of the top row goes next to the street.",
      );
      await screenshot(browser, "every-tap-estates-refused-phone");
      await offeredTap(browser, await top(0), table.view.board[0].lots[0].label, "Estates: the first lot");
      table = cli("show", String(estates));
      assert.equal(table.view.board[0].buildings.length, 1, "the tapped placement was played");

      // ---- Count of the Nine Estates: a Nobility Estate before any Peasant one ---------------
      await open(browser, nine);
      table = cli("show", String(nine));
      const castle = table.view.grid.find((e) => e.kind === "Nobility");
      await refusedTap(
        browser,
        await browser.$(`[data-testid="estate"][data-card="${castle.card}"] [data-testid="estate-tap"]`),
        castle.why_not,
        "Nine Estates: a Nobility Estate first",
      );
      assert.match(await tid(browser, "tap-reason").getText(), /^Estates are built Peasant, then Clergy, then Nobility/);
      await screenshot(browser, "every-tap-nine-refused-phone");
      const farm = table.view.grid.find((e) => e.why_not === null);
      await offeredTap(
        browser,
        await browser.$(`[data-testid="estate"][data-card="${farm.card}"] [data-testid="estate-tap"]`),
        null,
        "Nine Estates: a Peasant Estate that can be paid",
      );
      assert.equal(
        cli("show", String(nine)).view.grid.find((e) => e.card === farm.card).status,
        "Built",
        "the offered build was played",
      );
      // The built Estate answers a tap too: the builds it helps pay for, or why it cannot pay.
      table = cli("show", String(nine));
      const builtAt = table.view.estates.length - 1;
      // The Era it was built in comes from the game's view (the app receives no state).
      const builtLine = await browser.$(`[data-testid="built-estate"][data-index="${builtAt}"]`);
      assert.match(await builtLine.getText(), new RegExp(`Era ${table.view.built_estates[builtAt].era}\\b`), "the built Estate says its Era");
      const builtTap = await browser.$(`[data-testid="built-estate"][data-index="${builtAt}"] [data-testid="built-estate-tap"]`);
      const builtWhy = table.view.estate_why_not[builtAt];
      if (builtWhy !== null) {
        await refusedTap(browser, builtTap, builtWhy, "Nine Estates: a built Estate that cannot pay");
      } else {
        await tap(builtTap);
        await tid(browser, "tap-answer").waitForDisplayed(T);
        const paidWith = table.allowed.filter(
          (a) => a.action.type === "Build" && a.action.payment.some((p) => p.from.kind === "Estate" && p.from.index === builtAt),
        );
        assert.equal((await browser.$$('[data-testid="tap-offer"]')).length, paidWith.length, "a built Estate offers the builds it pays for");
        if (paidWith.length === 0) {
          assert.equal(await tid(browser, "tap-reason").getText(), `Nothing offered now is paid with your ${table.view.estates[builtAt]}.`);
        }
        await assertPlainScreen(browser, "Nine Estates: a built Estate");
      }
      await screenshot(browser, "every-tap-nine-built-phone");
      await tap(await tid(browser, "tap-close"));

      // ---- Realm Lord: the other player's Lord, then the own Lord travels --------------------
      await open(browser, lord);
      table = cli("show", String(lord));
      const current = table.view.state.current;
      const figures = table.view.realms.flatMap((r) => r.figures);
      const theirs = figures.find((f) => f.seat !== current);
      const own = figures.find((f) => f.seat === current);
      const key = (f) => `lord-${f.seat}`;
      await tap(await browser.$(`[data-testid="figure"][data-piece="${key(theirs)}"]`));
      await tid(browser, "figure-actions").waitForDisplayed(T);
      const travelWhy = await browser.$('[data-testid="why-not"][data-for="travel"]');
      await travelWhy.waitForDisplayed(T);
      assert.equal(await travelWhy.getText(), sentence(theirs.why_not.travel[0]));
      assert.match(await travelWhy.getText(), /belongs to .*: .* may only travel with their own heroes\.$/);
      await assertInFirstScreen(browser, travelWhy, "the reason every travel is refused");
      await assertPlainScreen(browser, "Realm Lord: another player's Lord");
      await screenshot(browser, "every-tap-lord-refused-phone");
      await tap(await tid(browser, "figure-close"));
      await tap(await browser.$(`[data-testid="figure"][data-piece="${key(own)}"]`));
      const to = own.why_not.travel.findIndex((w) => w === null);
      const go = await browser.$(`[data-testid="travel"][data-realm="${to}"]`);
      assert.equal(await go.getAttribute("data-open"), "true");
      const here = own.why_not.travel.findIndex((w) => w !== null);
      assert.equal(here >= 0, true, "the Realm the Lord stands in is refused");
      const before = await logCount(browser);
      await tap(go);
      await waitLogCount(browser, before + 1, "Realm Lord: the own Lord travels");

      // A Realm is tapped too: the current player's figures that may travel there, or the core's
      // refusal when none may (first the Realm the Lord now stands in, then the next one).
      table = cli("show", String(lord));
      for (const index of [to, (to + 1) % table.view.realms.length]) {
        table = cli("show", String(lord));
        const name = table.view.realms[index].name;
        const spot = await browser.$(`[data-testid="realm-tap"][data-realm="${index}"]`);
        const mine = table.view.realms.flatMap((r) => r.figures).filter((f) => f.seat === table.view.state.current);
        const free = mine.filter((f) => f.why_not.travel[index] === null);
        if (free.length > 0) {
          await offeredTap(browser, spot, `${free[0].name} travels to ${name}`, `Realm Lord: ${name}, a figure may go`);
        } else {
          await refusedTap(browser, spot, mine[0].why_not.travel[index], `Realm Lord: ${name}, no figure may go`);
          await tap(await tid(browser, "tap-close"));
        }
      }

      // A card's name left empty is said under the field.
      await tap(await tid(browser, "play-open"));
      await tap(await tid(browser, "play-save"));
      await fieldSays(
        browser,
        "play-name",
        "play-name-error",
        "Hero card's name: enter the name printed on the card",
        "Realm Lord: a card without a name",
      );
      await assertPlainScreen(browser, "Realm Lord: a card without a name");
      await screenshot(browser, "every-tap-lord-field-phone");

      // ---- Raise the Realm: a locked Advanced Gather level, then an accumulating space -------
      await open(browser, realm);
      table = cli("show", String(realm));
      const locked = table.view.spaces.find((s) => s.kind === "advanced" && s.why_not !== null);
      await refusedTap(
        browser,
        await browser.$(`[data-testid="space"][data-space="${locked.id}"]`),
        locked.why_not,
        "Raise the Realm: a locked level",
      );
      assert.match(await tid(browser, "tap-reason").getText(), /^Advanced Gather level \d needs a Gather value of \d \(Ana has \d\)\.$/);
      await screenshot(browser, "every-tap-realm-refused-phone");
      const lying = table.view.spaces.find((s) => s.kind === "accumulating" && s.why_not === null);
      await offeredTap(
        browser,
        await browser.$(`[data-testid="space"][data-space="${lying.id}"]`),
        `Gather here: take the ${lying.lying} lying there`,
        "Raise the Realm: an accumulating space",
      );
      assert.equal(cli("show", String(realm)).view.spaces.find((s) => s.id === lying.id).taken_by, 0);

      // A tile left unnamed is said under its field.
      await tap(await tid(browser, "tiles-open"));
      await tap(await tid(browser, "tile-save"));
      await fieldSays(browser, "tile-name", "tile-name-error", "Tile name: enter the name printed on the tile", "a tile without a name");
      await assertPlainScreen(browser, "Raise the Realm: a tile without a name");

      // ---- New game: Realm Lord's target typed as "abc" ---------------------------------------
      await browser.execute(() => {
        location.hash = "#/new";
      });
      await chooseGame(browser, "realm-lord", tap);
      const target = await tid(browser, "option-target");
      await target.waitForDisplayed(T);
      await target.setValue("abc");
      await fieldSays(browser, "option-target", "option-target-error", 'Hope Stones to win: "abc" is not a whole number', "New game: a bad target");
      await target.setValue("7");
      await browser.waitUntil(async () => !(await tid(browser, "option-target-error").isExisting()), {
        ...T,
        timeoutMsg: "the message stayed after a good entry",
      });
      await checkLayout(browser, "new game, target corrected (phone)");
      await assertNoCspViolations(browser, "every tap");
    },
    { db, size: PHONE },
  ),
);

// The databases live in folders of their own under the system's temp folder: removed once done.
after(() => rmSync(dirname(db), { recursive: true, force: true }));
