import assert from "node:assert/strict";
import { test } from "node:test";
import { DESKTOP, PHONE, screenshot, withApp } from "./helpers.mjs";

test(
  "the window shows the built UI with its heading and the shell's version",
  withApp(async ({ browser, db, logs }) => {
    assert.equal(await browser.getTitle(), "Estate Steward");
    const size = await browser.getWindowSize();
    assert.deepEqual({ width: size.width, height: size.height }, DESKTOP);

    assert.equal(await browser.$("h1").getText(), "Estate Steward");
    // The version comes from Rust through the IPC bridge (and the window's capability), and is
    // shown in Settings: the header keeps the top of the screen for the game.
    await browser.$('[data-testid="nav-settings"]').click();
    const version = browser.$('[data-testid="version"]');
    await browser.waitUntil(async () => /^Estate Steward · Version \d+\.\d+\.\d+/.test(await version.getText()), {
      timeout: 10_000,
      timeoutMsg: "the version never arrived from the shell",
    });
    assert.equal(await browser.$("[data-ipc]").getAttribute("data-ipc"), "ready");
    // Served by the embedded custom protocol, not by a dev server.
    assert.match(await browser.getUrl(), /^tauri:\/\/localhost/);
    // The app was told where its database is.
    assert.match(logs(), new RegExp(`database at ${db.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await screenshot(browser, "smoke-desktop");
  }),
);

test(
  "at phone size the heading fits and nothing scrolls sideways",
  withApp(
    async ({ browser }) => {
      assert.equal(await browser.$("h1").getText(), "Estate Steward");
      const overflow = await browser.execute(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, "horizontal overflow at 390 px");
      await screenshot(browser, "smoke-phone");
    },
    { size: PHONE },
  ),
);
