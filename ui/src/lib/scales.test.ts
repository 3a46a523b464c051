import { describe, expect, it } from "vitest";
import { band, horizontalBar, linear, point } from "./scales";

describe("linear", () => {
  it("maps in proportion, reversed ranges included", () => {
    const y = linear([0, 1], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(0.25)).toBe(150);
    expect(y(1)).toBe(0);
    expect(linear([10, 20], [0, 100])(15)).toBe(50);
  });
  it("maps a flat domain to the range's start", () => {
    expect(linear([3, 3], [0, 100])(3)).toBe(0);
  });
});

describe("band", () => {
  it("splits the range into equal bands with gaps", () => {
    const b = band(["a", "b", "c", "d"], [0, 100]);
    expect([b.at("a"), b.at("b"), b.at("d"), b.bandwidth]).toEqual([0, 25, 75, 25]);
    // Four bands of 3/4 step, three gaps of 1/4 step, half a step at each end: 4.75 steps of 40.
    const g = band(["a", "b", "c", "d"], [0, 190], { inner: 0.25, outer: 0.5 });
    expect(g.at("a")).toBeCloseTo(20);
    expect(g.at("b")).toBeCloseTo(60);
    expect(g.bandwidth).toBeCloseTo(30);
    expect(g.at("d") + g.bandwidth).toBeCloseTo(170);
  });
  it("gives nothing to no keys", () => {
    expect(band([], [0, 100]).bandwidth).toBe(0);
  });
});

describe("point", () => {
  it("spaces points evenly, half a step in from each end", () => {
    const x = point(["a", "b", "c"], [0, 300]);
    expect([x("a"), x("b"), x("c")]).toEqual([50, 150, 250]);
    expect(point(["a", "b"], [0, 100], 0)("b")).toBe(100);
  });
  it("puts a lone point in the middle", () => {
    expect(point(["a"], [0, 300])("a")).toBe(150);
  });
});

describe("horizontalBar", () => {
  it("grows right from the left edge when every value is positive", () => {
    const bar = horizontalBar(5, [5, 10], 100, 200);
    expect(bar).toEqual({ x: 100, width: 100, textX: 206 });
  });
  it("draws a negative value left of zero and writes it right of zero, clear of the labels", () => {
    // "Era 1 Rounds" at -2 beside 6 and 2: zero sits a quarter of the way along.
    const values = [-2, 6, 2];
    const neg = horizontalBar(-2, values, 100, 200);
    expect(neg.x).toBe(100);
    expect(neg.width).toBe(50);
    expect(neg.textX).toBe(156);
    expect(neg.textX).toBeGreaterThan(100);
    const pos = horizontalBar(6, values, 100, 200);
    expect(pos).toEqual({ x: 150, width: 150, textX: 306 });
  });
  it("draws nothing for zeros alone", () => {
    expect(horizontalBar(0, [0, 0], 10, 100)).toEqual({ x: 10, width: 0, textX: 16 });
  });
});
