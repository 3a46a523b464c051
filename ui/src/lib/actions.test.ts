import { describe, expect, it } from "vitest";
import type { AllowedAction_Serialize as AllowedAction } from "./bindings";
import { groupAllowed, isQuiet, type GroupPlan } from "./actions";

// The action is opaque here: each button sends back the one the core listed with it.
const act = (label: string, group: string): AllowedAction => ({ label, group, action: { type: "Pass" } });

// A game's plan, as a game declares it in its own folder.
const PLAN: GroupPlan = {
  order: ["setup", "build", "pass", "round", "era"],
  titles: { setup: "Setup", build: "Build", pass: "Pass", era: "Era" },
  quiet: ["era"],
};

describe("groupAllowed", () => {
  it("orders groups as the game's plan says and keeps the core's order inside", () => {
    const groups = groupAllowed([
      act("End Era 1", "era"),
      act("Pass", "pass"),
      act("Build Mill (free)", "build"),
      act("Turn the first card", "setup"),
      act("Build Farm with the centre (Wood)", "build"),
      act("Peek", "house"),
    ], PLAN);
    expect(groups.map((g) => g.group)).toEqual(["setup", "build", "pass", "era", "house"]);
    expect(groups[1].actions.map((a) => a.label)).toEqual([
      "Build Mill (free)",
      "Build Farm with the centre (Wood)",
    ]);
    expect(groups[4].title).toBe("House");
    expect(groups[1].title).toBe("Build");
  });

  it("without a plan keeps the core's order of groups, each titled by its name", () => {
    const groups = groupAllowed([act("End Era 1", "era"), act("Pass", "pass"), act("Turn", "setup")]);
    expect(groups.map((g) => [g.group, g.title])).toEqual([
      ["era", "Era"],
      ["pass", "Pass"],
      ["setup", "Setup"],
    ]);
  });

  it("draws quietly only the groups the plan names so", () => {
    expect(isQuiet(PLAN, "era")).toBe(true);
    expect(isQuiet(PLAN, "build")).toBe(false);
    expect(isQuiet({ order: [], titles: {} }, "era")).toBe(false);
  });

  it("sets the actions the core asks about apart, last, keeping each one's own group", () => {
    const groups = groupAllowed([
      { ...act("End Era 1", "era"), confirm: "End Era 1 now?" },
      act("Pass", "pass"),
      act("Score the objective", "era"),
      act("Peek", "house"),
    ], PLAN);
    expect(groups.map((g) => g.group)).toEqual(["pass", "era", "house", "settle"]);
    expect(groups[3].title).toBe("When you are done");
    expect(groups[3].actions).toEqual([
      { label: "End Era 1", action: { type: "Pass" }, key: "0:End Era 1", group: "era", confirm: "End Era 1 now?" },
    ]);
    expect(groups[1].actions.map((a) => [a.label, a.confirm])).toEqual([["Score the objective", undefined]]);
  });

  it("passes each action through unchanged", () => {
    const a: AllowedAction["action"] = { type: "Build", target: { kind: "Structure", slot: "Centre" }, payment: [] };
    const [g] = groupAllowed([{ label: "Build", group: "build", action: a }]);
    expect(g.actions[0].action).toBe(a);
  });
});
