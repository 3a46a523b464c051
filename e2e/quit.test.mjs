// Quitting the app the way a person does (the window's close button) closes its database
// cleanly: the file is noted as checked (crates/store/src/checked.rs), so the next start need not read
// it whole, and no -wal is left behind. The app is started directly, not through the WebDriver:
// closing the window through the driver ends its session, and the driver then kills the app.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { appBinary } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));

test("closing the window quits the app with its database closed and noted as checked", async () => {
  const tmp = mkdtempSync(join(tmpdir(), "estate-steward-quit-"));
  const db = join(tmp, "estate-steward.sqlite3");
  const app = spawn(appBinary(), [], {
    env: { ...process.env, ESTATE_STEWARD_DB: db },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  app.stdout.on("data", (c) => (output += c));
  app.stderr.on("data", (c) => (output += c));
  const exited = new Promise((res) => app.once("exit", (code, signal) => res({ code, signal })));
  try {
    const close = spawnSync("python3", [join(here, "close-window.py"), "Estate Steward", "30"], {
      encoding: "utf8",
    });
    assert.equal(close.status, 0, `${close.stderr}\n${output}`);
    const quit = await Promise.race([exited, sleep(15_000, "still running")]);
    assert.deepEqual(quit, { code: 0, signal: null }, `the app did not quit: ${output}`);
    assert.ok(existsSync(`${db}-checked`), `the database was not closed: ${output}`);
    assert.ok(!existsSync(`${db}-wal`), "a -wal was left beside the database");
  } finally {
    if (app.exitCode === null && app.signalCode === null) app.kill("SIGKILL");
    rmSync(tmp, { recursive: true, force: true });
  }
});
