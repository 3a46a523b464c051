// Realm Lord's tagged abilities in the real window, at phone size (reading B19): a table set up
// with the steward CLI tags Thraken The Deceiver's ability (004 line 52: when another player's
// hero fails a quest, that player loses one Hope Stone); Bo's Lyra fails a quest; the window
// brings Thraken up with its text, for Bo, and applies the loss with one tap; undo brings the
// ability back.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { PHONE, T, appBinary, checkLayout, logCount, tid, waitLogCount, withApp } from "./helpers.mjs";
import { shot } from "./realm-helpers.mjs";

const THRAKEN = "When another player's hero fails to complete a quest, that player loses one Hope Stone.";
const db = join(mkdtempSync(join(tmpdir(), "estate-steward-abilities-")), "lord.sqlite3");
const steward = join(dirname(appBinary()), "steward");
const act = (action) => execFileSync(steward, ["--db", db, "act", "1", JSON.stringify(action)]);
execFileSync(steward, ["--db", db, "start", "realm-lord", "--player", "Ana", "--player", "Bo", "--seed", "1"]);
act({ type: "ConfirmTarget", hope_stones: 10 });
act({ type: "NameRealms", names: ["Darkthorn", "Mysteria", "Blackboil", "Frostvale", "Emberfall", "Stormreach"] });
act({
  type: "RevealLord",
  seat: 0,
  name: "Thraken The Deceiver",
  facts: {
    homeland: "Darkthorn",
    valor: 2,
    might: 3,
    craft: 1,
    magic: 2,
    text: THRAKEN,
    ability: { when: { kind: "OtherPlayersHeroFails" }, does: { kind: "Hope", delta: -1 } },
  },
});
act({ type: "RevealLord", seat: 1, name: "Lyra", facts: { homeland: "Mysteria", valor: 1, might: 1, craft: 2, magic: 4 } });
act({ type: "StartGame", first: 0 });
act({ type: "Draw" });
act({
  type: "PlayQuest",
  name: "Troll Bridge",
  facts: { kind: "Might", difficulty: 7, hope: 3, location: "Darkthorn" },
});
act({ type: "EndTurn" });
act({ type: "Draw" });
act({
  type: "Effect",
  source: "Portal",
  effects: [
    { kind: "Hope", seat: 1, delta: 2 },
    { kind: "Move", piece: { kind: "Lord", seat: 1 }, to: 0 },
  ],
});
act({ type: "Quest", hero: { kind: "Lord", seat: 1 }, die: 1, modifier: 0 });

after(() => rmSync(dirname(db), { recursive: true, force: true }));

test(
  "Realm Lord: a tagged ability comes up at its moment, is applied with one tap, and undoes",
  withApp(
    async ({ browser }) => {
      await browser.execute(() => {
        location.hash = "#/table/1";
      });
      const waiting = await tid(browser, "ability-waiting");
      await waiting.waitForDisplayed(T);
      assert.match(await waiting.getText(), /^Thraken The Deceiver acts for Bo/);
      assert.equal(await tid(browser, "ability-text").getText(), `“${THRAKEN}”`);
      const apply = await tid(browser, "ability-apply");
      assert.equal(await apply.getText(), "Bo loses 1 Hope Stone");
      assert.equal(await tid(browser, "ability-done").getText(), "Done");
      await checkLayout(browser, "an ability waiting (phone)");
      await shot(browser, "realm-lord-ability-phone");

      const hope = () => browser.$('[data-testid="player"][data-seat="1"] [data-testid="player-hope"]').getText();
      assert.equal(await hope(), "2 Hope Stones");
      let before = await logCount(browser);
      await apply.click();
      await waitLogCount(browser, before + 1, "Thraken's ability applied");
      await tid(browser, "abilities-waiting").waitForExist({ ...T, reverse: true });
      assert.equal(await hope(), "1 Hope Stone");
      assert.match(await browser.$('[data-testid="log"] li').getText(), /Thraken The Deceiver: Bo loses 1 Hope Stone/);

      // Undo takes the answer back: the ability waits again and Bo has both stones.
      before = await logCount(browser);
      await tid(browser, "undo").click();
      await waitLogCount(browser, before - 1, "undo the ability");
      await tid(browser, "ability-waiting").waitForDisplayed(T);
      assert.equal(await hope(), "2 Hope Stones");
    },
    { db, size: PHONE },
  ),
);
