// The Estates at its end: a game played to the finish through the steward CLI (a second client of
// the same database) shows, in the window, each player's money in hand and in the cash box, read
// from the game's view, with the totals that break a tie.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { PHONE, T, appBinary, assertNoCspViolations, checkLayout, screenshot, tid, withApp } from "./helpers.mjs";

const db = join(mkdtempSync(join(tmpdir(), "estate-steward-final-")), "final.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (args, input) => execFileSync(steward, ["--db", db, ...args], { input, encoding: "utf8" });

/**
 * Two players: a recorded market (three colours a row, 6 down to 3, twice), Ana hides one check in
 * the cash box, then each auction ends with the other player passing, so that the auctioneer
 * takes the piece free: the top row, then the bottom row, built and roofed. Two complete rows end
 * the game.
 */
function lines() {
  const market = [0, 1, 2].map((r) => [
    ...[6, 5, 4, 3].map((value) => ({ colour: r, value })),
    ...[6, 5, 4, 3].map((value) => ({ colour: r + 3, value })),
  ]);
  const out = [{ type: "Setup", setup: { kind: "Recorded", market, first: 0 } }, { type: "Stash" }];
  for (const row of [0, 2]) {
    for (let lot = 0; lot < 4; lot++) {
      out.push({ type: "Choose", choice: { kind: "Cube", row, end: "Left" } });
      out.push({ type: "Pass" });
      out.push({ type: "Place", at: { kind: "Cube", row, lot } });
    }
    for (let lot = 0; lot < 4; lot++) {
      out.push({ type: "Choose", choice: { kind: "Rooftop", value: 1 } });
      out.push({ type: "Pass" });
      out.push({ type: "Place", at: { kind: "Rooftop", row, lot } });
    }
  }
  return out.map((a) => JSON.stringify(a)).join("\n") + "\n";
}

cli(["start", "the-estates", "--player", "Ana", "--player", "Bo"]);
const acks = cli(["stream", "1"], lines());
assert.match(acks.trim().split("\n").at(-1), /the game ends$/, acks);
// What each seat ends with, as the CLI tells one seat alone (seats count from 1).
const purses = [1, 2].map((seat) => JSON.parse(cli(["--json", "peek", "1", String(seat)])));
assert.ok(
  purses.some((p) => p.cash_box > 0),
  `the game should end with a check in a cash box: ${JSON.stringify(purses)}`,
);

test(
  "The Estates: the money each player ends with, once the game is over",
  withApp(
    async ({ browser }) => {
      await browser.setWindowSize(PHONE.width, PHONE.height);
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      await tid(browser, "final-money").waitForExist(T);
      const rows = await browser.$$('[data-testid="final-money-row"]');
      assert.equal(rows.length, 2, "one row per player");
      for (const [i, name] of ["Ana", "Bo"].entries()) {
        const shown = [];
        for (const cell of await rows[i].$$("th, td")) shown.push(await cell.getText());
        const { cash, cash_box } = purses[i];
        assert.deepEqual(shown, [name, String(cash), String(cash_box), String(cash + cash_box)]);
      }
      await (await tid(browser, "final-money")).scrollIntoView({ block: "center" });
      await checkLayout(browser, "the end of The Estates");
      await screenshot(browser, "estates-final-money-phone");
      await assertNoCspViolations(browser, "the end of The Estates");
    },
    { db },
  ),
);

after(() => rmSync(dirname(db), { recursive: true, force: true }));
