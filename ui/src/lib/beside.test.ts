import { describe, expect, it } from "vitest";
import { placeBeside } from "./beside";

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const box = (top: number, bottom: number, left = 20, right = 200) => ({ top, bottom, left, right });

describe("a refusal beside the control that was pressed", () => {
  it("goes just under the control when there is room", () => {
    const p = placeBeside(box(300, 348, 500, 700), 60, laptop, laptop.height, false);
    expect(p).toEqual({ top: 354, left: 376, width: 448, maxHeight: null });
  });

  it("goes over the control when under it would reach the fixed bar", () => {
    // The bar covers the screen from y=600 down; under the control (y=560) the alert would end at 686.
    const p = placeBeside(box(512, 560), 120, phone, 600, false);
    expect(p.top).toBe(512 - 6 - 120);
    expect(p.top + 120).toBeLessThanOrEqual(600);
  });

  it("goes just over the control when the control is in the bar", () => {
    const p = placeBeside(box(700, 748), 80, phone, 620, true);
    expect(p.top).toBe(700 - 6 - 80);
  });

  it("stays on the screen when the control has scrolled out of sight", () => {
    const gone = placeBeside(box(-400, -352), 60, phone, phone.height, false);
    expect(gone.top).toBe(8);
    const far = placeBeside(box(2000, 2048), 60, phone, phone.height, false);
    expect(far.top + 60).toBeLessThanOrEqual(phone.height - 8);
  });

  it("keeps to the phone's width, inside its margins", () => {
    const p = placeBeside(box(100, 148, 300, 380), 60, phone, phone.height, false);
    expect(p.width).toBe(374);
    expect(p.left).toBe(8);
    expect(p.left + p.width).toBeLessThanOrEqual(382);
  });

  it("is cut to the larger side's room, never over its control, when too tall for either side", () => {
    // A form's Save at y=420–468 on a phone with the bar from y=700; "Why?" made the alert 500 tall.
    const p = placeBeside(box(420, 468), 500, phone, 700, false);
    expect(p.maxHeight).toBe(420 - 6 - 8);
    expect(p.top).toBe(8);
    expect(p.top + (p.maxHeight ?? 0)).toBeLessThanOrEqual(420 - 6);
    // Lower room is larger: the alert goes under the control, down to the bar.
    const q = placeBeside(box(150, 198), 700, phone, 700, false);
    expect(q.top).toBe(204);
    expect(q.top + (q.maxHeight ?? 0)).toBeLessThanOrEqual(700 - 8);
  });

  it("is not cut when it fits on one side", () => {
    expect(placeBeside(box(420, 468), 300, phone, 844, false).maxHeight).toBeNull();
  });

  it("never runs past the screen, even when its control fills it", () => {
    const p = placeBeside(box(0, 844), 1200, phone, phone.height, false);
    expect(p.top).toBe(8);
    expect(p.maxHeight).toBe(844 - 16);
  });
});
