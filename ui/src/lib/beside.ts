// Where a refusal goes beside the control whose press it answers (AlertRegion): under the
// control when there is room above whatever stays fixed at the foot of the screen (a phone's
// action bar), else over it (always over it for a control in that bar), and never off the
// screen, so the answer is read where the finger was. Pure arithmetic on the screen's boxes, so it is tested without a browser.

/**
 * The alert's box on the screen, in CSS pixels of the viewport; `maxHeight`: when the alert is
 * taller than the room on either side of its control ("Why?" opened on a phone), it is cut to
 * the larger room and scrolls inside, rather than covering the control and the fields round it.
 */
export type Placement = { top: number; left: number; width: number; maxHeight: number | null };

/** A box on the screen (a DOMRect's edges). */
export type Box = { top: number; bottom: number; left: number; right: number };

/** Room kept from the screen's edges, and between the control and its answer. */
const MARGIN = 8;
const GAP = 6;
/** As wide as a line reads well; a phone's whole width less its margins. */
const MOST_WIDTH = 448;
/** The least room an alert is cut to: its headline and buttons, on two lines of a phone. */
const LEAST_ROOM = 96;

/**
 * The alert's place beside `control` when the alert is `height` tall, on a screen `screen`
 * wide and high whose foot from `foot` down is covered by a fixed bar (`foot` = the screen's
 * height when nothing is); `inBar`: the control is in that bar, so its answer goes just over it.
 */
export function placeBeside(
  control: Box,
  height: number,
  screen: { width: number; height: number },
  foot: number,
  inBar: boolean,
): Placement {
  const width = Math.max(0, Math.min(MOST_WIDTH, screen.width - 2 * MARGIN));
  const centre = (control.left + control.right) / 2;
  const left = Math.round(clamp(centre - width / 2, MARGIN, screen.width - width - MARGIN));
  // The lowest the alert may reach: the fixed bar's top (or the screen's foot); a control in
  // the bar itself has its answer just over it, over the bar's other contents.
  const limit = inBar ? screen.height : foot;
  const lowest = limit - MARGIN - height;
  const above = control.top - GAP - height;
  const below = control.bottom + GAP;
  const fitsBelow = !inBar && below <= lowest;
  const fitsAbove = above >= MARGIN;
  if (!fitsBelow && !fitsAbove) {
    // Taller than either side's room: cut to the larger room, when the control is on screen
    // and leaves room enough for the alert's first lines.
    const roomAbove = control.top - GAP - MARGIN;
    const roomBelow = inBar ? 0 : limit - MARGIN - below;
    const room = Math.max(roomAbove, roomBelow);
    if (room >= LEAST_ROOM) {
      const top = roomAbove >= roomBelow ? MARGIN : below;
      return { top: Math.round(top), left, width, maxHeight: Math.floor(room) };
    }
  }
  const top = (inBar || !fitsBelow) && fitsAbove ? above : below;
  const whole = limit - 2 * MARGIN;
  return {
    top: Math.round(clamp(top, MARGIN, lowest)),
    left,
    width,
    maxHeight: height > whole ? Math.max(0, Math.floor(whole)) : null,
  };
}

function clamp(v: number, low: number, high: number): number {
  return Math.max(low, Math.min(v, Math.max(low, high)));
}

/** The alert's place beside `control` on this screen; null when the control is not drawn. */
export function besideAnchor(control: HTMLElement, height: number, footBar: HTMLElement | null): Placement | null {
  const box = control.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return null;
  const fixed = footBar !== null && getComputedStyle(footBar).position === "fixed";
  const foot = fixed ? footBar.getBoundingClientRect().top : window.innerHeight;
  const inBar = fixed && footBar.contains(control);
  return placeBeside(box, height, { width: window.innerWidth, height: window.innerHeight }, foot, inBar);
}
