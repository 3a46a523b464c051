import { describeError, type AlertText } from "./api";

/** The one visible alert region's content (refusals and failures), shared by every screen. */
export const alertState: { current: AlertText | null; serial: number } = $state({
  current: null,
  serial: 0,
});

/** The control whose press brought the alert, when there was one: the alert is drawn beside it
 * (AlertRegion), where the player is looking, rather than at the top of a page that may have
 * scrolled it out of sight. Raw: an element is not made reactive. */
class Anchor {
  element = $state.raw<HTMLElement | null>(null);
}
export const alertAnchor = new Anchor();

/** How long after a press its refusal still counts as its answer (a slow disk, a phone's Wi-Fi). */
const ANSWER_WAIT_MS = 8000;

/** The controls a press is an action on. */
const CONTROL = "button, summary, [role='button'], input[type='submit'], input[type='checkbox'], input[type='radio'], select";

let pressed: { element: HTMLElement; at: number } | null = null;

/** Note `element` as pressed now, unless it is in the alert itself ("Why?", Dismiss: no new
 * question). */
function notePress(element: HTMLElement | null | undefined): void {
  if (element && !element.closest("[data-testid='alert']")) pressed = { element, at: Date.now() };
}

function controlOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(CONTROL) : null;
}

/** A finger or pointer put down outside a refusal drawn beside its control: the player read it
 * and moved on (to the field to mend, another card), so it goes, as a popover does, and the tap
 * goes on to what it was on. Put down, not clicked: a button held to peek (The Estates) is
 * answered while held, and letting it go must not take the answer away. A refusal at the top of
 * the page stays until dismissed. */
function putDown(target: EventTarget | null): void {
  const inAlert = target instanceof Element && target.closest("[data-testid='alert']") !== null;
  if (!inAlert && alertAnchor.element !== null && alertState.current !== null) clearAlert();
  notePress(controlOf(target));
}

// Noted before any handler of the page runs (capture): a finger or pointer put down, a click
// (also the keyboard's, on a button), Enter or Space on a focused control or in a field (the
// field is where the player looks, not its form's Save further down), and a form's Save when
// nothing else was pressed just before its submit.
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", (e) => putDown(e.target), true);
  document.addEventListener(
    "click",
    (e) => {
      // Enter in a field "clicks" its form's default button (detail 0, no pointer): the field
      // noted by the key just before stays the place of the answer.
      if (e.detail === 0 && pressed && Date.now() - pressed.at < 100) return;
      notePress(controlOf(e.target));
    },
    true,
  );
  document.addEventListener(
    "keydown",
    (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const field = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement ? e.target : null;
      notePress(controlOf(e.target) ?? field);
    },
    true,
  );
  document.addEventListener(
    "submit",
    (e) => {
      if (!pressed || Date.now() - pressed.at >= 100) notePress(e.submitter as HTMLElement | null);
    },
    true,
  );
}

/** The control just pressed, if it is still on the page. */
function recentPress(): HTMLElement | null {
  if (!pressed || Date.now() - pressed.at > ANSWER_WAIT_MS || !pressed.element.isConnected) return null;
  return pressed.element;
}

export function showError(e: unknown): void {
  alertState.current = describeError(e);
  alertAnchor.element = recentPress();
  alertState.serial += 1;
}

export function clearAlert(): void {
  alertState.current = null;
  alertAnchor.element = null;
}

/** A refusal the UI itself makes before asking the core (e.g. letters typed where a number goes). */
export function showMessage(headline: string, detail: string | null = null): void {
  alertState.current = { headline, detail, why: null };
  alertAnchor.element = recentPress();
  alertState.serial += 1;
}
