import { describe, expect, it } from "vitest";
import { RememberedList, type CatalogueCalls } from "./remembered.svelte";
import { alertState } from "./alert.svelte";
import type { CatalogueEntry } from "./bindings";

/** A catalogue kept in memory, answering as the core does: a save it refuses changes nothing. */
function catalogue(refuse: (value: unknown) => string | null) {
  const kept = new Map<string, unknown>([["Structure 1", { structure: "Mill" }]]);
  const calls: CatalogueCalls = {
    list: async () => [...kept].map(([key, value]) => ({ key, value }) as unknown as CatalogueEntry),
    set: async (_game, key, value) => {
      const why = refuse(value);
      if (why !== null) throw new Error(why);
      kept.set(key, value);
      return null;
    },
  };
  return calls;
}

type Entry = { key: string; name: string };
const read = (list: CatalogueEntry[]): Entry[] =>
  list.map((e) => ({ key: e.key, name: String((e.value as { structure?: string }).structure) }));

describe("a remembered list", () => {
  it("loads the entries as the game reads them", async () => {
    const list = new RememberedList("nine-estates", read, catalogue(() => null));
    expect(list.entries).toBeNull();
    await list.load();
    expect(list.entries).toEqual([{ key: "Structure 1", name: "Mill" }]);
  });

  it("saves a correction, says what was saved, closes its form and reads the list again", async () => {
    const list = new RememberedList("nine-estates", read, catalogue(() => null));
    await list.load();
    list.editing["Structure 1"] = true;
    expect(await list.save("Structure 1", { structure: "Quarry" }, "Structure 1: Quarry")).toBe(true);
    expect(list.status).toBe("Saved Structure 1: Quarry.");
    expect(list.editing["Structure 1"]).toBe(false);
    expect(list.entries).toEqual([{ key: "Structure 1", name: "Quarry" }]);
    expect(list.busy).toBe(false);
  });

  it("shows a refusal, keeps the form open and the list as it was", async () => {
    const list = new RememberedList("nine-estates", read, catalogue(() => "a Structure needs a name"));
    await list.load();
    list.editing["Structure 1"] = true;
    expect(await list.save("Structure 1", { structure: "" }, "Structure 1")).toBe(false);
    expect(list.status).toBe("");
    expect(list.editing["Structure 1"]).toBe(true);
    expect(list.entries).toEqual([{ key: "Structure 1", name: "Mill" }]);
    expect(alertState.current).not.toBeNull();
    expect(list.busy).toBe(false);
  });

  it("takes one save at a time", async () => {
    const list = new RememberedList("nine-estates", read, catalogue(() => null));
    await list.load();
    const first = list.save("Structure 1", { structure: "Quarry" }, "Quarry");
    expect(await list.save("Structure 1", { structure: "Farm" }, "Farm")).toBe(false);
    expect(await first).toBe(true);
    expect(list.entries).toEqual([{ key: "Structure 1", name: "Quarry" }]);
  });
});
