import { describe, expect, it } from "vitest";
import type { DescribeRequest_Serialize as DescribeRequest } from "../../lib/bindings";
import {
  addOne,
  countsToList,
  emptyCounts,
  inBuildOrder,
  requestStructureForm,
  requiresHas,
  takeOne,
  tapYield,
  toggleRequire,
} from "./nine";

describe("quick descriptions by tapping resources", () => {
  it("picks one resource with a tap, and another tap replaces it", () => {
    expect(tapYield(["", ""], "Wood", false)).toEqual(["Wood", ""]);
    expect(tapYield(["Wood", ""], "Stone", false)).toEqual(["Stone", ""]);
  });

  it("adds a second resource after a slash only when the slash is on", () => {
    expect(tapYield(["Food", ""], "Gold", true)).toEqual(["Food", "Gold"]);
    // Two chosen already: a third replaces them (one tap fixes a wrong pick).
    expect(tapYield(["Food", "Gold"], "Ore", true)).toEqual(["Ore", ""]);
  });

  it("takes a chosen resource off when it is tapped again", () => {
    expect(tapYield(["Wood", ""], "Wood", false)).toEqual(["", ""]);
    expect(tapYield(["Food", "Gold"], "Food", true)).toEqual(["Gold", ""]);
  });

  it("counts a cost one tap per resource, and takes one off", () => {
    let c = emptyCounts();
    c = addOne(c, "Wood");
    c = addOne(c, "Wood");
    c = addOne(c, "Stone");
    expect(countsToList(c)).toEqual(["Wood", "Wood", "Stone"]);
    expect(countsToList(takeOne(c, "Wood"))).toEqual(["Wood", "Stone"]);
    expect(takeOne(emptyCounts(), "Ore").Ore).toBe(0);
  });

  it("stops adding at the largest cost", () => {
    let c = emptyCounts();
    for (let i = 0; i < 10; i++) c = addOne(c, "Food", 8);
    expect(c.Food).toBe(8);
  });

  it("toggles a required Structure in the comma list", () => {
    expect(toggleRequire("", "Mill")).toBe("Mill");
    expect(toggleRequire("Mill", "Well")).toBe("Mill, Well");
    expect(toggleRequire("Mill, Well", "mill")).toBe("Well");
    expect(requiresHas("Mill, Well", "well")).toBe(true);
    expect(requiresHas("Mill", "Well")).toBe(false);
  });

  it("fills a Structure side's edges from the core's suggestion", () => {
    const req: DescribeRequest = {
      kind: "Structure",
      card: 3,
      face: "Round",
      place: "the discard pile",
      edges: { top: ["Stone"], bottom: ["Food", "Gold"] },
      described: null,
    };
    const form = requestStructureForm(req, true);
    expect(form.top).toEqual(["Stone", ""]);
    expect(form.bottom).toEqual(["Food", "Gold"]);
    expect(form.name).toBe("");
    expect(requestStructureForm({ ...req, edges: null }, true).top).toEqual(["", ""]);
  });

  it("brings back a side told before, asking only the edge now at the top", () => {
    const req: DescribeRequest = {
      kind: "Structure",
      card: 3,
      face: "Square",
      place: "the centre card",
      edges: null,
      described: { structure: "Mill", cost: ["Wood"], requires: [], provides: ["Food"], shields: 1, upright: ["Wood"], rotated: [] },
    };
    // The card lies rotated: its told upright edge is at the bottom now, the top is to tap.
    const form = requestStructureForm(req, false);
    expect(form).toMatchObject({ name: "Mill", provides: ["Food", ""], shields: 1, top: ["", ""], bottom: ["Wood", ""] });
    expect(form.cost.Wood).toBe(1);
  });

  it("lists the Estates to describe in the order they can be built", () => {
    const at = (card: number, place: string): DescribeRequest => ({ kind: "Estate", card, face: null, place, edges: null, described: null });
    const grid = [at(8, "Nobility row, column 1"), at(5, "Clergy row, column 1"), at(3, "Peasant row, column 1"), at(1, "Peasant row, column 2")];
    expect(inBuildOrder(grid).map((r) => r.card)).toEqual([3, 1, 5, 8]);
  });
});
