import { describe, expect, it } from "vitest";
import { buildFacts, buildMat } from "./realmlive";
import { factsDraftOf, matDraftOf, readRealmEntry, sortRealmEntries } from "./realmcatalogue";

const farm = {
  track: "production",
  kind: "citizen",
  cost: { iron: 0, stone: 1, wood: 1, grain: 0 },
  vp: 2,
  once_per_era: false,
  interactive: false,
};
const mat = {
  production: [1, 2, 2, 3, 3, 4, 4, 5],
  noble: [1, 1, 2, 2, 3, 3, 4, 4],
  gather: [0, 1, 1, 2, 2, 3, 3, 4],
  players: 3,
};

describe("readRealmEntry", () => {
  it("reads a card's facts under card:<name>", () => {
    const e = readRealmEntry({ key: "card:Farm", value: farm });
    expect(e).toEqual({ kind: "card", key: "card:Farm", name: "Farm", facts: farm });
  });

  it("keeps a card name with spaces and colons after the prefix", () => {
    const e = readRealmEntry({ key: "card:Place of Worship", value: { ...farm, track: "noble" } });
    expect(e.kind === "card" && e.name).toBe("Place of Worship");
  });

  it("defaults the flags a stored description may leave out", () => {
    const { once_per_era: _o, interactive: _i, ...bare } = farm;
    const e = readRealmEntry({ key: "card:Farm", value: bare });
    expect(e.kind === "card" && e.facts.once_per_era).toBe(false);
    expect(e.kind === "card" && e.facts.interactive).toBe(false);
  });

  it("reads a Leader mat under mat:<Leader>", () => {
    const e = readRealmEntry({ key: "mat:Agrarian Lord", value: mat });
    expect(e).toEqual({ kind: "mat", key: "mat:Agrarian Lord", leader: "Agrarian Lord", mat });
  });

  it("reads a Solo Era Event's objective reward under event:<Event>", () => {
    const e = readRealmEntry({ key: "event:Era of Famine", value: { objective_vp: 5 } });
    expect(e).toEqual({ kind: "event", key: "event:Era of Famine", name: "Era of Famine", event: { objective_vp: 5 } });
    expect(readRealmEntry({ key: "event:Era of Famine", value: { objective_vp: "5" } }).kind).toBe("other");
    expect(readRealmEntry({ key: "event:", value: { objective_vp: 5 } }).kind).toBe("other");
  });

  it("keeps anything it cannot read as an other entry", () => {
    expect(readRealmEntry({ key: "card:Farm", value: { ...farm, track: "sea" } }).kind).toBe("other");
    expect(readRealmEntry({ key: "card:Farm", value: { ...farm, cost: { iron: 1 } } }).kind).toBe("other");
    expect(readRealmEntry({ key: "mat:Warlord", value: { ...mat, noble: [1, 2] } }).kind).toBe("other");
    expect(readRealmEntry({ key: "mat:Warlord", value: { ...mat, players: "3" } }).kind).toBe("other");
    expect(readRealmEntry({ key: "card:", value: farm }).kind).toBe("other");
    expect(readRealmEntry({ key: "rewards", value: 1 })).toEqual({ kind: "other", key: "rewards", value: 1 });
  });
});

describe("sortRealmEntries", () => {
  it("puts mats first, then cards, then Solo Era Events, then other entries, each by name", () => {
    const list = [
      readRealmEntry({ key: "zzz", value: null }),
      readRealmEntry({ key: "event:Era of Famine", value: { objective_vp: 5 } }),
      readRealmEntry({ key: "card:Quarry", value: farm }),
      readRealmEntry({ key: "mat:Warlord", value: mat }),
      readRealmEntry({ key: "card:Farm", value: farm }),
      readRealmEntry({ key: "mat:Agrarian Lord", value: mat }),
    ];
    expect(sortRealmEntries(list).map((e) => e.key)).toEqual([
      "mat:Agrarian Lord",
      "mat:Warlord",
      "card:Farm",
      "card:Quarry",
      "event:Era of Famine",
      "zzz",
    ]);
  });
});

describe("form starting values", () => {
  it("starts the facts form from the remembered facts, as a copy", () => {
    const e = readRealmEntry({ key: "card:Farm", value: farm });
    if (e.kind !== "card") throw new Error("not a card");
    const d = factsDraftOf(e.facts);
    d.cost.stone = 5;
    expect(e.facts.cost.stone).toBe(1);
    expect(buildFacts(factsDraftOf(e.facts))).toEqual(farm);
  });

  it("starts the mat form from the remembered mat and builds the same mat back", () => {
    const d = matDraftOf(mat);
    expect(d.production).toEqual(["1", "2", "2", "3", "3", "4", "4", "5"]);
    expect(d.players).toBe("3");
    expect(buildMat(d)).toEqual(mat);
  });

  it("leaves a missing value blank so the form names it", () => {
    const d = matDraftOf({ ...mat, gather: [0, 1] });
    expect(d.gather[2]).toBe("");
    expect(buildMat(d)).toMatch(/Gather track, value with 2 cubes removed/);
  });
});
