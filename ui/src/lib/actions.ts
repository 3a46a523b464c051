// The core's allowed actions grouped for buttons. Which actions are legal is the core's to say;
// this only orders and titles the groups it names.
import type { AllowedAction_Serialize as AllowedAction, GameAction_Serialize as GameAction } from "./bindings";

export type ActionGroup = {
  group: string;
  title: string;
  actions: { label: string; action: GameAction; key: string }[];
};

// Groups several games name the same way, in the order a turn goes; any other group keeps the
// core's order after these, titled by its name.
const GROUPS: Record<string, string> = {
  setup: "Setup",
  build: "Build",
  pass: "Pass",
  round: "End of the round",
  era: "Era",
};
const ORDER = ["setup", "build", "pass", "round", "era"];

/** The allowed actions in display order (setup, build, pass, round, era, then anything else). */
export function groupAllowed(allowed: readonly AllowedAction[]): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  allowed.forEach((a, i) => {
    let g = groups.get(a.group);
    if (!g) {
      g = { group: a.group, title: GROUPS[a.group] ?? capitalise(a.group), actions: [] };
      groups.set(a.group, g);
    }
    g.actions.push({ label: a.label, action: a.action, key: `${i}:${a.label}` });
  });
  const rank = (g: string) => {
    const i = ORDER.indexOf(g);
    return i === -1 ? ORDER.length : i;
  };
  return [...groups.values()].sort((a, b) => rank(a.group) - rank(b.group));
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}
