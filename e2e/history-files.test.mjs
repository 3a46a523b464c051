// History management and files in the real window: rename and merge people, abandon and delete
// games (each confirmed), export (JSON, CSV, BG Stats), import (a BG Stats file, our own export
// twice, a broken file), back up and restore — the file dialog answered through the test
// build's hook — and Settings' Advanced disclosure. At desktop and phone size.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  DESKTOP,
  PHONE,
  T,
  appBinary,
  assertNoCspViolations,
  assertPlainScreen,
  checkLayout,
  repoRoot,
  screenshot,
  tid,
  withApp,
} from "./helpers.mjs";

const steward = join(dirname(appBinary()), "steward");

/** A database seeded with the CLI: Bob 1 game, Bo 2, Cy 3 (results only), and Cy's Nine Estates
 * game in play (Cy's fourth). Bob and Bo never sat together, so they can be merged. */
function seeded(dir) {
  const db = join(dir, "seeded.sqlite3");
  const run = (...args) => execFileSync(steward, ["--db", db, ...args], { encoding: "utf8" });
  run("record-result", "middle-ages", "--player", "Bob:61", "--player", "Cy:58", "--date", "2025-03-01");
  run("record-result", "middle-ages", "--player", "Bo:50", "--player", "Cy:40", "--date", "2025-03-02");
  run("record-result", "middle-ages", "--player", "Bo:45", "--player", "Cy:52", "--date", "2025-03-03");
  run("start", "nine-estates", "--player", "Cy");
  return db;
}

async function resize(browser, size) {
  await browser.setWindowSize(size.width, size.height);
  await sleep(300);
}

async function historyIds(browser) {
  await tid(browser, "nav-history").click();
  await tid(browser, "history-list").waitForDisplayed(T);
  const ids = [];
  for (const row of await browser.$$('[data-testid="history-row"]')) ids.push(Number(await row.getAttribute("data-game-id")));
  return ids.sort((a, b) => a - b);
}

async function openRecord(browser, id) {
  await browser.execute((g) => (window.location.hash = `#/record/${g}`), id);
  await tid(browser, "manage-game").waitForDisplayed(T);
}

/** Delete a game from its record, through the confirmation that names it. */
async function deleteGame(browser, id, name) {
  await openRecord(browser, id);
  await tid(browser, "delete-game").scrollIntoView({ block: "center" });
  await tid(browser, "delete-game").click();
  const message = await tid(browser, "delete-confirm-message").getText();
  assert.match(message, new RegExp(`^Delete ${name} #${id} \\(`), message);
  await tid(browser, "delete-confirm-yes").click();
  await tid(browser, "history-list").waitForDisplayed(T);
}

/** Press a Settings file button with the dialog answered by `path` (null: closed); the report. */
async function fileCommand(browser, answerDialog, button, path) {
  // Settings opened afresh, so no report of an earlier command is on screen.
  await tid(browser, "nav-home").click();
  await tid(browser, "nav-settings").click();
  answerDialog(path);
  const b = await tid(browser, button);
  await b.waitForDisplayed(T);
  await b.scrollIntoView({ block: "center" });
  await b.click();
  await browser.waitUntil(
    async () => (await tid(browser, "files-report").isExisting()) || (await tid(browser, "files-error").isExisting()),
    { ...T, timeoutMsg: `${button} never answered` },
  );
  const error = await tid(browser, "files-error");
  if (await error.isExisting()) return { error: await error.getText() };
  return { report: await tid(browser, "files-report").getText() };
}

async function personRow(browser, name) {
  const row = await browser.$(`[data-testid="person"][data-name="${name}"]`);
  await row.waitForExist(T);
  return row;
}

async function typeName(browser, input, text) {
  await input.scrollIntoView({ block: "center" });
  await input.click();
  await browser.execute((el) => el.select(), input);
  await browser.keys("Backspace");
  if (text) await browser.keys(text.split(""));
}

const dir = mkdtempSync(join(tmpdir(), "estate-steward-files-"));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test(
  "people are renamed and merged, games deleted and brought back by a restore, history exported and imported",
  withApp(
    async ({ browser, answerDialog, db }) => {
      // Settings: the path sits under Advanced, closed; the plugin's own commands are refused
      // to the window (the dialog is opened from Rust only).
      await tid(browser, "nav-settings").click();
      await tid(browser, "advanced-open").waitForDisplayed(T);
      assert.equal(await tid(browser, "db-path").isDisplayed(), false, "the path is hidden until Advanced opens");
      const plugin = await browser.executeAsync((done) => {
        window.__TAURI_INTERNALS__
          .invoke("plugin:dialog|open", { options: {} })
          .then(() => done("allowed"))
          .catch((e) => done(`refused: ${String(e)}`));
      });
      assert.match(plugin, /^refused: .*not allowed/, plugin);
      // Keep awake: offered where the web view can, said plainly where it cannot.
      const canWake = await browser.execute(() => "wakeLock" in navigator);
      console.log(`this web view ${canWake ? "has" : "has no"} Screen Wake Lock (navigator.wakeLock)`);
      if (canWake) {
        // Chosen, it holds the screen awake while a table is open, and lets go when it closes.
        await tid(browser, "keep-awake").click();
        await browser.execute(() => (window.location.hash = "#/table/4"));
        await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.dataset.screenAwake)) !== undefined, {
          ...T,
          timeoutMsg: "the table never asked to keep the screen awake",
        });
        assert.equal(await browser.execute(() => document.documentElement.dataset.screenAwake), "held");
        await tid(browser, "nav-settings").click();
        await tid(browser, "advanced-open").waitForDisplayed(T);
        assert.equal(await browser.execute(() => document.documentElement.dataset.screenAwake ?? "none"), "none");
        assert.equal(await tid(browser, "keep-awake").isSelected(), true, "the choice is remembered");
        await tid(browser, "keep-awake").click();
      } else {
        assert.equal(await tid(browser, "keep-awake").isEnabled(), false);
        assert.match(await tid(browser, "keep-awake-unsupported").getText(), /cannot keep the screen awake/);
      }
      await tid(browser, "advanced-open").scrollIntoView({ block: "center" });
      await tid(browser, "advanced-open").click();
      assert.equal(await tid(browser, "db-path").getText(), db);
      await assertPlainScreen(browser, "settings");

      // People, from Settings: each with their games.
      await tid(browser, "open-people").scrollIntoView({ block: "center" });
      await tid(browser, "open-people").click();
      await tid(browser, "people-list").waitForDisplayed(T);
      assert.equal(await (await personRow(browser, "Bo")).$('[data-testid="person-games"]').getText(), "2 games");
      assert.equal(await (await personRow(browser, "Cy")).$('[data-testid="person-games"]').getText(), "4 games");

      // Rename Cy: an empty name and a taken one are refused at the field, then "Cyd" is kept.
      await (await personRow(browser, "Cy")).$('[data-testid="person-open"]').click();
      const nameInput = await tid(browser, "rename-name");
      await typeName(browser, nameInput, "");
      await tid(browser, "rename-save").click();
      await tid(browser, "rename-error").waitForDisplayed(T);
      assert.equal(await tid(browser, "rename-error").getText(), "A name has 1 to 40 characters.");
      assert.equal(await nameInput.getAttribute("aria-invalid"), "true");
      await typeName(browser, nameInput, "Bob");
      await tid(browser, "rename-save").click();
      await browser.waitUntil(async () => (await tid(browser, "rename-error").getText()) === "Bob is already saved.", {
        ...T,
        timeoutMsg: "a taken name was not refused at the field",
      });
      await typeName(browser, nameInput, "Cyd");
      await tid(browser, "rename-save").click();
      await browser.waitUntil(async () => (await tid(browser, "people-status").getText()) === "Renamed Cy to Cyd.", T);
      await personRow(browser, "Cyd");

      // Merge Bo into Bob: the confirmation says what happens, then Bob has all three games.
      await (await personRow(browser, "Bo")).$('[data-testid="person-open"]').click();
      const into = await tid(browser, "merge-into");
      await into.scrollIntoView({ block: "center" });
      await into.selectByVisibleText("Bob (1 game)");
      await tid(browser, "merge").click();
      assert.equal(
        await tid(browser, "merge-confirm-message").getText(),
        "Bo's 2 games become Bob's, and Bo is removed from the list of people. This cannot be undone.",
      );
      await resize(browser, PHONE);
      await checkLayout(browser, "people with a merge to confirm (phone)");
      await screenshot(browser, "history-files-merge-phone");
      await resize(browser, DESKTOP);
      await tid(browser, "merge-confirm-yes").click();
      await browser.waitUntil(async () => !(await browser.$('[data-testid="person"][data-name="Bo"]').isExisting()), T);
      assert.equal(await (await personRow(browser, "Bob")).$('[data-testid="person-games"]').getText(), "3 games");

      // A new colour for Bob, kept and shown beside his name.
      await (await personRow(browser, "Bob")).$('[data-testid="person-open"]').click();
      const red = await browser.$('[data-testid="person-swatch"][data-colour="#d62728"]');
      await red.scrollIntoView({ block: "center" });
      await red.click();
      await browser.waitUntil(async () => (await tid(browser, "people-status").getText()) === "Bob's colour changed.", T);
      await browser.waitUntil(async () => (await red.getAttribute("aria-pressed")) === "true", T);
      const dot = await (await personRow(browser, "Bob")).$(".dot");
      assert.equal(await dot.getCSSProperty("background-color").then((c) => c.parsed.hex), "#d62728");
      await checkLayout(browser, "people (desktop)");
      await screenshot(browser, "history-files-people-desktop");

      // Abandon the game in play, confirmed; it stays as abandoned.
      await openRecord(browser, 4);
      await tid(browser, "abandon-game").click();
      assert.match(await tid(browser, "abandon-confirm-message").getText(), /^Abandon Count of the Nine Estates #4 \(Cyd, started /);
      await tid(browser, "abandon-confirm-yes").click();
      await browser.waitUntil(async () => (await tid(browser, "record-status").getText()) === "Abandoned", T);
      // History says so too (it said "In play"), and its Abandoned filter lists it alone.
      await historyIds(browser);
      const row4 = await browser.$('[data-testid="history-row"][data-game-id="4"] [data-testid="row-status"]');
      assert.equal(await row4.getText(), "Abandoned");
      await tid(browser, "filter-abandoned").click();
      await browser.waitUntil(async () => (await browser.$$('[data-testid="history-row"]')).length === 1, T);
      assert.equal(await browser.$('[data-testid="history-row"]').getAttribute("data-game-id"), "4");
      await tid(browser, "filter-all").click();

      // Delete game #3, confirmed, back on History without it.
      const before = await historyIds(browser);
      assert.deepEqual(before, [1, 2, 3, 4]);
      await openRecord(browser, 3);
      // A results-only record shows its results, without a replay to fail.
      assert.equal(await tid(browser, "replay").isExisting(), false);
      assert.equal(await tid(browser, "alert").getText(), "");
      await resize(browser, PHONE);
      await tid(browser, "delete-game").scrollIntoView({ block: "center" });
      await tid(browser, "delete-game").click();
      await checkLayout(browser, "record with a delete to confirm (phone)");
      await screenshot(browser, "history-files-delete-phone");
      await tid(browser, "delete-confirm-cancel").click();
      await resize(browser, DESKTOP);
      await deleteGame(browser, 3, "Middle Ages");
      assert.deepEqual(await historyIds(browser), [1, 2, 4]);

      // A closed dialog is a plain answer.
      const closed = await fileCommand(browser, answerDialog, "export-json", null);
      assert.equal(closed.report, "Nothing was exported: no file was chosen.");

      // Back up, delete game #2, restore: #2 is back.
      const backup = join(dir, "backup.sqlite3");
      const backedUp = await fileCommand(browser, answerDialog, "backup", backup);
      assert.match(backedUp.report ?? backedUp.error, /^The database was backed up and checked\./);
      assert.ok(existsSync(backup), "the backup file exists");
      await deleteGame(browser, 2, "Middle Ages");
      assert.deepEqual(await historyIds(browser), [1, 4]);
      const restored = await fileCommand(browser, answerDialog, "restore", backup);
      assert.match(restored.report ?? restored.error, /^The database was restored\./);
      assert.match(restored.report, /What it replaced was kept at /);
      assert.deepEqual(await historyIds(browser), [1, 2, 4]);

      // Export the three formats; each file parses.
      const out = {};
      for (const [format, name] of [
        ["json", "history.json"],
        ["csv", "history.csv"],
        ["bgstats", "bgstats.json"],
      ]) {
        out[format] = join(dir, name);
        const r = await fileCommand(browser, answerDialog, `export-${format}`, out[format]);
        assert.match(r.report ?? r.error, /^Exported \d+ games? and \d+ (person|people) as /);
        assert.ok(existsSync(out[format]), `${format} was written`);
      }
      const ours = JSON.parse(readFileSync(out.json, "utf8"));
      assert.equal(ours.format, "estate-steward");
      assert.equal(ours.games.length, 3);
      const csv = readFileSync(out.csv, "utf8").trim().split("\n");
      assert.equal(csv[0], "date,game,player,seat,score,rank,winner,title,role,play");
      assert.equal(csv.length, 1 + 4, "one row per player of the two finished games");
      const bg = JSON.parse(readFileSync(out.bgstats, "utf8"));
      assert.equal(bg.plays.length, 2);
      assert.ok(bg.players.some((p) => p.name === "Bob"));
      await screenshot(browser, "history-files-exported");

      // Import a BG Stats file: its hosted plays come in, people matched by name or created,
      // the rest skipped and listed.
      const fromBg = await fileCommand(browser, answerDialog, "import", join(repoRoot, "tests/fixtures/bgstats-sample.json"));
      assert.match(fromBg.report ?? fromBg.error, /^Imported 5 games from the BG Stats export\./);
      assert.match(fromBg.report, /New people: Ana, Bo and Cy\./);
      assert.match(fromBg.report, /Skipped 3 entries:/);
      assert.doesNotMatch(fromBg.report, /no score/, "plays logged with their winners only come in");
      assert.match(fromBg.report, /1 play of Catan: not a game hosted here/);
      await checkLayout(browser, "settings with an import report (desktop)");
      await screenshot(browser, "history-files-import-desktop");
      // A play kept with its winner only: its record says "no score" there, never 0.
      const rows = await browser.executeAsync((done) => {
        window.__TAURI_INTERNALS__.invoke("history", { status: null }).then(done, () => done([]));
      });
      const winnerOnly = rows.find((g) => g.played_on === "2025-02-04");
      assert.ok(winnerOnly, "the 2025-02-04 play was imported");
      await openRecord(browser, winnerOnly.id);
      const totals = [];
      for (const t of await browser.$$('[data-testid="final-total"]')) totals.push(await t.getText());
      assert.ok(totals.includes("no score") && totals.includes("12"), `totals shown: ${totals}`);
      // Its day is the day it was played, not the day it was imported.
      assert.equal(await tid(browser, "record-played").getText(), "· entered as its results, played 2025-02-04");
      await screenshot(browser, "history-files-winner-only-record");

      // Our own export again: everything is already here.
      const again = await fileCommand(browser, answerDialog, "import", out.json);
      assert.match(again.report ?? again.error, /^Imported 0 games from the Estate Steward export\./);
      assert.match(again.report, /3 games were already here and left as they are\./);

      // A truncated file is refused whole, naming where it breaks.
      const broken = join(dir, "broken.json");
      writeFileSync(broken, '{"format": "estate-steward", "version": 1, "people": [');
      const refused = await fileCommand(browser, answerDialog, "import", broken);
      assert.match(refused.error ?? refused.report, /line 1, column \d+/);
      assert.match(refused.error, /Nothing was changed\./);
      assert.deepEqual((await historyIds(browser)).length, 8);

      // Settings at phone size: Advanced open, the report shown, nothing too small or too wide.
      await tid(browser, "nav-settings").click();
      await resize(browser, PHONE);
      await tid(browser, "advanced-open").scrollIntoView({ block: "center" });
      await tid(browser, "advanced-open").click();
      await checkLayout(browser, "settings (phone)");
      await browser.execute(() => window.scrollTo(0, 0));
      await screenshot(browser, "history-files-settings-phone");
      await tid(browser, "nav-history").click();
      await tid(browser, "history-people").click();
      await tid(browser, "people-list").waitForDisplayed(T);
      await checkLayout(browser, "people (phone)");
      await assertNoCspViolations(browser, "history files");
    },
    { size: DESKTOP, db: seeded(dir) },
  ),
);
