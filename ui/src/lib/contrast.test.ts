import { describe, expect, it } from "vitest";
import { inkOn, luminance, ratio } from "./contrast";
import { PALETTE } from "./newgame";

describe("contrast", () => {
  it("measures as WCAG does", () => {
    expect(luminance("#000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(ratio(1, 0)).toBeCloseTo(21);
    // WebAIM's checker gives 4.54:1 for #767676 on white.
    expect(ratio(luminance("#767676") ?? 0, 1)).toBeCloseTo(4.54, 2);
    expect(luminance("blue")).toBeNull();
  });

  it("puts dark text on light colours and light text on dark ones", () => {
    expect(inkOn("#17becf")).toBe("#000000");
    expect(inkOn("#ff7f0e")).toBe("#000000");
    expect(inkOn("#1f77b4")).toBe("#ffffff");
    expect(inkOn("#8c564b")).toBe("#ffffff");
    expect(inkOn("not a colour")).toBe("#ffffff");
  });

  it("reads at AA (4.5:1) on every colour the app gives a seat", () => {
    for (const c of PALETTE) {
      const l = luminance(c) ?? 0;
      const ink = luminance(inkOn(c)) ?? 0;
      expect(ratio(l, ink), c).toBeGreaterThanOrEqual(4.5);
    }
  });
});
