// The Estates at its end: a game played to the finish through the steward CLI (a second client of
// the same database) shows, in the window, each player's money in hand and in the cash box, read
// from the game's view, with the totals that break a tie.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import {
  PHONE,
  T,
  appBinary,
  assertNoCspViolations,
  checkLayout,
  screenshot,
  tid,
  withApp,
} from "./helpers.mjs";
import { estatesToTheEnd } from "./the-estates-game.mjs";

const db = join(mkdtempSync(join(tmpdir(), "estate-steward-final-")), "final.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const cli = (args, input) => execFileSync(steward, ["--db", db, ...args], { input, encoding: "utf8" });

cli(["start", "the-estates", "--player", "Ana", "--player", "Bo"]);
const acks = cli(["stream", "1"], estatesToTheEnd());
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
      // The two rows built and roofed say "Complete" once each (a badge), not twice.
      const heads = await browser.$$('[data-testid="board-row"][data-complete="true"] .row-head');
      assert.equal(heads.length, 2, "two complete rows end the game");
      for (const head of heads) {
        const said = (await head.getText()).match(/complete/gi) ?? [];
        assert.equal(said.length, 1, `a complete row's heading: ${await head.getText()}`);
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
