// Players at one table never share a colour, and "Play again" starts the same table with one
// tap, in the real window at phone size: two people saved in the same colour get different
// colours at New game and at the table; a seat's colour can be tapped for another free one; a
// finished game (set up with the steward CLI) is played again from its table and its record.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { PHONE, T, appBinary, assertPlainScreen, checkLayout, chooseGame, screenshot, tid, withApp } from "./helpers.mjs";

/** The background colours of every element matching `selector`, in order. */
async function colours(browser, selector) {
  const els = await browser.$$(selector);
  const out = [];
  for (const el of els) out.push((await el.getCSSProperty("background-color")).value);
  return out;
}

function distinct(list, where) {
  assert.equal(new Set(list).size, list.length, `${where}: two seats share a colour (${list})`);
}

test(
  "two people saved in one colour play in different colours, and a seat's colour can be changed",
  withApp(
    async ({ browser, db }) => {
      await tid(browser, "new-game").click();
      await chooseGame(browser, "the-estates");
      // An empty name is refused at the field, in plain words, with no alert.
      await tid(browser, "add-person").scrollIntoView({ block: "center" });
      await tid(browser, "add-person").click();
      const nameError = await tid(browser, "person-name-error");
      await nameError.waitForDisplayed({ ...T, timeoutMsg: "an empty name got no answer at the field" });
      assert.equal(await nameError.getText(), "A name has 1 to 40 characters.");
      assert.equal(await tid(browser, "person-name").getAttribute("aria-invalid"), "true");
      assert.equal(await tid(browser, "alert-headline").isExisting(), false, "no alert besides the field's answer");
      for (const name of ["Ana", "Bo"]) {
        await tid(browser, "person-name").setValue(name);
        // Both tap the first colour of the palette (folded until asked for): the same colour for
        // both people.
        const pick = await tid(browser, "person-colour-pick");
        if ((await pick.getAttribute("open")) === null) await pick.$("summary").click();
        const first = await browser.$('[data-testid="person-form"] .swatch');
        await first.scrollIntoView({ block: "center" });
        await first.click();
        await tid(browser, "add-person").click();
        await browser.waitUntil(async () => (await tid(browser, "seats").getText()).includes(name), {
          ...T,
          timeoutMsg: `${name} never took a seat`,
        });
        assert.equal(await tid(browser, "person-name-error").isExisting(), false, "the answer went");
      }
      // A name already saved is answered at the field too.
      await tid(browser, "person-name").setValue("ana");
      await tid(browser, "add-person").click();
      await tid(browser, "person-name-error").waitForDisplayed(T);
      assert.match(await tid(browser, "person-name-error").getText(), /^Ana is already saved/);
      // Both are saved in one colour (the core's list of people), the palette's first.
      const saved = JSON.parse(execFileSync(steward, ["--db", db, "--json", "people", "list"], { encoding: "utf8" }));
      assert.deepEqual(saved.map((p) => p.name), ["Ana", "Bo"]);
      assert.equal(saved[0].colour, saved[1].colour, "both people were saved in one colour");
      // That colour as the page draws it (the palette's first swatch, folded but in the page).
      const swatch = (await colours(browser, '[data-testid="person-form"] .swatch'))[0];
      await browser.waitUntil(
        async () => new Set(await colours(browser, '[data-testid="seat-colour"]')).size === 2,
        { ...T, timeoutMsg: "the seats never took different colours" },
      );
      const before = await colours(browser, '[data-testid="seat-colour"]');
      assert.equal(before[0], swatch, "the first seat keeps its person's colour");

      // Bo's seat colour, tapped, moves to another colour nobody at the table has.
      const bo = (await browser.$$('[data-testid="seat-colour"]'))[1];
      assert.equal(await bo.getAttribute("aria-label"), "Bo's colour at this table: tap for another");
      await bo.click();
      await browser.waitUntil(
        async () => (await colours(browser, '[data-testid="seat-colour"]'))[1] !== before[1],
        { ...T, timeoutMsg: "Bo's colour never changed" },
      );
      const picked = await colours(browser, '[data-testid="seat-colour"]');
      distinct(picked, "New game after a tap");
      await checkLayout(browser, "new game with seat colours (phone)");
      await screenshot(browser, "seat-colours-new-game-phone");

      await tid(browser, "start-game").scrollIntoView({ block: "center" });
      await tid(browser, "start-game").click();
      await tid(browser, "table-header").waitForDisplayed(T);
      const atTable = await colours(browser, '[data-testid="table-header"] .chip .dot');
      assert.deepEqual(atTable, picked, "the table plays the colours New game showed");
      await assertPlainScreen(browser, "a table of two people saved in one colour");
    },
    { size: PHONE },
  ),
);

// A finished Raise the Realm scorepad for Ana and Bo (both saved blue by the CLI), entered with
// the steward CLI on the database the app then opens.
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-again-")), "again.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (...args) => execFileSync(steward, ["--db", db, "--json", ...args], { encoding: "utf8" });
cli("start", "raise-the-realm", "--player", "Ana", "--player", "Bo");
for (let i = 0; i < 40; i++) {
  const allowed = JSON.parse(cli("show", "1")).allowed;
  if (allowed.length === 0) break;
  const finish = allowed.findIndex((a) => a.group === "finish");
  cli("act", "1", "--pick", String(finish === -1 ? 0 : finish));
}
assert.equal(JSON.parse(cli("show", "1")).over, true, "the CLI finished the scorepad");
after(() => rmSync(dirname(db), { recursive: true, force: true }));

test(
  "Play again starts the same table from a finished game's table and from its record",
  withApp(
    async ({ browser }) => {
      await browser.execute(() => (location.hash = "#/table/1"));
      const again = await tid(browser, "play-again");
      await again.waitForDisplayed({ ...T, timeoutMsg: "a finished table offers no Play again" });
      const old = await colours(browser, '[data-testid="table-header"] .chip .dot');
      distinct(old, "the finished table");
      await again.scrollIntoView({ block: "center" });
      await again.click();
      await browser.waitUntil(async () => (await browser.getUrl()).endsWith("#/table/2"), {
        ...T,
        timeoutMsg: "Play again never opened game #2",
      });
      await tid(browser, "table-header").waitForDisplayed(T);
      await browser.waitUntil(async () => !(await tid(browser, "play-again").isExisting()), {
        ...T,
        timeoutMsg: "the new table still offers Play again",
      });
      const header = await tid(browser, "table-header").getText();
      assert.match(header, /Ana[\s\S]*Bo/, "the same people in the same seats");
      assert.deepEqual(await colours(browser, '[data-testid="table-header"] .chip .dot'), old);
      await screenshot(browser, "play-again-new-table-phone");

      // The record of the finished game offers it too: one tap, game #3.
      await browser.execute(() => (location.hash = "#/record/1"));
      const fromRecord = await tid(browser, "play-again");
      await fromRecord.waitForDisplayed({ ...T, timeoutMsg: "the record offers no Play again" });
      await fromRecord.click();
      await browser.waitUntil(async () => (await browser.getUrl()).endsWith("#/table/3"), {
        ...T,
        timeoutMsg: "Play again from the record never opened game #3",
      });
      await assertPlainScreen(browser, "a table started by Play again");
    },
    { size: PHONE, db },
  ),
);
