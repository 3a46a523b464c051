// Steps shared by the Raise the Realm tracker's end-to-end tests: clicking the core's allowed
// actions, opening the table's forms, waiting for a phase, resizing and screenshots.
import { setTimeout as sleep } from "node:timers/promises";
import { T, logCount, screenshot, tapAndConfirm, tid, waitLogCount } from "./helpers.mjs";

/** Resizes the window and lets WebKit lay the page out again before anything is measured. */
export async function resize(browser, size) {
  await browser.setWindowSize(size.width, size.height);
  // WebKit applies a new window size a moment after the driver answers, and the layout follows:
  // wait until the page's width has held still for two reads, so a tap after a resize lands on
  // the layout the screenshot shows (a tap during the reflow once missed its button).
  let last = -1;
  await browser.waitUntil(
    async () => {
      const width = await browser.execute(() => window.innerWidth);
      const settled = width === last && width <= size.width;
      last = width;
      return settled;
    },
    { timeout: 5000, interval: 150, timeoutMsg: `the window never settled at ${size.width}×${size.height}` },
  );
  await sleep(150);
}

/** A screenshot once WebKit has painted again (its snapshot can lag a resize or a scroll). */
export async function shot(browser, name) {
  await sleep(200);
  await browser.execute(() => window.scrollBy(0, 1));
  await browser.execute(() => window.scrollBy(0, -1));
  await sleep(100);
  return screenshot(browser, name);
}

/** The core's allowed-action button with exactly this label. */
export const actionButton = (browser, label) =>
  browser.$(`//button[@data-testid="action" and normalize-space()=${JSON.stringify(label)}]`);

/**
 * Clicks an allowed action by its label and waits until it is saved; one the core asks about
 * first (leaving an Era, closing the game) is confirmed, and its question returned.
 */
export async function actClick(browser, label) {
  const before = await logCount(browser);
  const b = await actionButton(browser, label);
  await b.waitForDisplayed({ ...T, timeoutMsg: `no "${label}" button` });
  if ((await b.getAttribute("data-confirm")) === "ask") return tapAndConfirm(browser, b, label);
  await b.scrollIntoView({ block: "center" });
  await b.click();
  await waitLogCount(browser, before + 1, label);
}

export async function select(el, value) {
  await el.scrollIntoView({ block: "center" });
  await el.selectByAttribute("value", String(value));
}

/** Opens one of the "More to record" forms. */
export async function openForm(browser, testid) {
  const d = await tid(browser, testid);
  await d.waitForDisplayed(T);
  if ((await d.getAttribute("open")) === null) {
    await tid(browser, `${testid}-open`).scrollIntoView({ block: "center" });
    await tid(browser, `${testid}-open`).click();
  }
}

export const phase = async (browser) => tid(browser, "phase").getText();
export async function waitPhase(browser, re) {
  await browser.waitUntil(async () => re.test(await phase(browser)), {
    ...T,
    timeoutMsg: `the phase never matched ${re}`,
  });
}

