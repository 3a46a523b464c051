// The Estates with the table's own draw: a cube entered twice is refused with the core's reason,
// the corrected draw is followed cube for cube, and the chosen first auctioneer starts.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { T, appBinary, assertNoCspViolations, checkLayout, screenshot, tid, withApp } from "./helpers.mjs";

// The game is created with the steward CLI, a second client of the same database.
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-draw-")), "draw.sqlite3");
const steward = join(dirname(appBinary()), "steward");
execFileSync(steward, ["--db", db, "start", "the-estates", "--player", "Ana", "--player", "Bo", "--player", "Cy"]);

async function select(browser, id, value) {
  const el = await tid(browser, id);
  await el.scrollIntoView({ block: "center" });
  await el.selectByAttribute("value", String(value));
}

test(
  "The Estates: recording the table's own draw",
  withApp(
    async ({ browser }) => {
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      await tid(browser, "draw-form").waitForExist(T);
      await (await browser.$('[data-testid="draw-form"] summary')).click();
      // Cube 2 of row 1 made a copy of cube 1 (Red 1): refused, nothing logged.
      await select(browser, "draw-colour-0-1", 0);
      await tid(browser, "draw-submit").click();
      await browser.waitUntil(async () => (await tid(browser, "alert").getText()).includes("is entered twice"), {
        ...T,
        timeoutMsg: "the duplicate cube was not refused with the core's reason",
      });
      await checkLayout(browser, "draw form");
      await screenshot(browser, "estates-draw-refused-desktop");
      // Corrected, with Bo to start.
      await select(browser, "draw-colour-0-1", 1);
      await select(browser, "draw-value-0-0", 6);
      await select(browser, "draw-first", 1);
      await tid(browser, "draw-submit").click();
      await browser.waitUntil(async () => (await browser.$$('[data-testid="market-row"][data-count="8"]')).length === 3, {
        ...T,
        timeoutMsg: "the recorded draw was not laid out",
      });
      const firstRow = await (await browser.$('[data-testid="market-row"][data-row="0"]')).getText();
      assert.match(firstRow, /Red 6/, firstRow);
      assert.match(await tid(browser, "auction-prompt").getText(), /^Bo/);
      await assertNoCspViolations(browser, "recorded draw");
    },
    { db },
  ),
);

// The databases live in folders of their own under the system's temp folder: removed once done.
after(() => rmSync(dirname(db), { recursive: true, force: true }));
