import { describe, expect, it } from "vitest";
import { placeBeside } from "./beside";

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const box = (top: number, bottom: number, left = 20, right = 200) => ({ top, bottom, left, right });

describe("a refusal beside the control that was pressed", () => {
  it("goes just under the control when there is room", () => {
    const p = placeBeside(box(300, 348, 500, 700), 60, laptop, laptop.height, false);
    expect(p).toEqual({ top: 354, left: 376, width: 448 });
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
});
