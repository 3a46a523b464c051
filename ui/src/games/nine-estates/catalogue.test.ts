import { describe, expect, it } from "vitest";
import { cardFacts, cardName, cardTitle, costText, estateRow, readEntry, sortCards } from "./catalogue";
import { estateDef, estateFormOf, structureDef, structureFormOf } from "./nine";

const mill = {
  structure: "Mill",
  cost: ["Wood", "Wood", "Stone"],
  requires: [],
  provides: ["Wood"],
  shields: 1,
  upright: ["Food"],
  rotated: ["Stone", "Gold"],
};
const farm = { name: "Farm", cost: ["Wood"], requires: ["Mill"], provides: ["Food"], shields: 2 };

describe("remembered cards", () => {
  it("reads the catalogue's keys", () => {
    const s = readEntry({ key: "structure:4-Square", value: mill });
    expect(s).toMatchObject({ kind: "Structure", card: 4, face: "Square" });
    expect(cardTitle(s)).toBe("Structure card 4, Square side");
    expect(cardName(s)).toBe("Mill");
    const e = readEntry({ key: "estate:2", value: farm });
    expect(e).toMatchObject({ kind: "Estate", card: 2 });
    expect(cardTitle(e)).toBe("Peasant Estate card 2");
    expect(readEntry({ key: "leader:Ada", value: 3 }).kind).toBe("Other");
    expect(readEntry({ key: "estate:2", value: { nme: "x" } }).kind).toBe("Other");
  });

  it("orders Structures, then Estates, by card", () => {
    const list = sortCards([
      readEntry({ key: "estate:8", value: farm }),
      readEntry({ key: "structure:9-Round", value: mill }),
      readEntry({ key: "structure:9-Square", value: mill }),
      readEntry({ key: "structure:2-Round", value: mill }),
      readEntry({ key: "estate:1", value: farm }),
    ]);
    expect(list.map((c) => c.key)).toEqual([
      "structure:2-Round",
      "structure:9-Square",
      "structure:9-Round",
      "estate:1",
      "estate:8",
    ]);
  });

  it("words a card's facts", () => {
    expect(costText([])).toBe("free");
    expect(costText(["Wood", "Wood", "Stone", "WorkCrew"])).toBe("2 Wood, Stone, Work Crew");
    expect(estateRow(9)).toBe("Nobility");
    expect(estateRow(5)).toBe("Clergy");
    expect(estateRow(3)).toBe("Peasant");
    expect(cardFacts(readEntry({ key: "structure:4-Square", value: mill }))).toEqual([
      { label: "Cost", value: "2 Wood, Stone" },
      { label: "Requires", value: "nothing" },
      { label: "Provides", value: "Wood" },
      { label: "Shields", value: "1" },
      { label: "Edges", value: "Food at the top upright, Stone/Gold rotated" },
    ]);
  });

  it("fills the forms from a card and gives the same card back", () => {
    expect(structureDef(structureFormOf(mill as never), true)).toEqual(mill);
    expect(estateDef(estateFormOf(farm as never))).toEqual(farm);
    const f = estateFormOf(farm as never);
    expect(f.requires).toBe("Mill");
    expect(f.cost.Wood).toBe(1);
  });
});
