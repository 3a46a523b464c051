// The core's allowed actions grouped for buttons. Which actions are legal is the core's to say;
// this only orders and titles the groups it names.
import type { AllowedAction_Serialize as AllowedAction, GameAction_Serialize as GameAction } from "./bindings";

export type ActionGroup = {
  group: string;
  title: string;
  actions: { label: string; action: GameAction; key: string; group: string; confirm?: string }[];
};

/**
 * The group of the actions that settle a stage for everyone (the core gives each its question):
 * always last, and set apart from the moves of a turn so that a quick second tap never lands on
 * one.
 */
export const SETTLE = "settle";

// Groups several games name the same way, in the order a turn goes; any other group keeps the
// core's order after these, titled by its name.
const GROUPS: Record<string, string> = {
  setup: "Setup",
  build: "Build",
  pass: "Pass",
  round: "End of the round",
  era: "Era",
  [SETTLE]: "When you are done",
};
const ORDER = ["setup", "build", "pass", "round", "era"];

/**
 * The allowed actions in display order (setup, build, pass, round, era, then anything else),
 * and last, in a group of their own, those the core asks about first.
 */
export function groupAllowed(allowed: readonly AllowedAction[]): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  allowed.forEach((a, i) => {
    const key = a.confirm ? SETTLE : a.group;
    let g = groups.get(key);
    if (!g) {
      g = { group: key, title: GROUPS[key] ?? capitalise(key), actions: [] };
      groups.set(key, g);
    }
    const item = { label: a.label, action: a.action, key: `${i}:${a.label}`, group: a.group };
    g.actions.push(a.confirm ? { ...item, confirm: a.confirm } : item);
  });
  const rank = (g: string) => {
    if (g === SETTLE) return ORDER.length + 1;
    const i = ORDER.indexOf(g);
    return i === -1 ? ORDER.length : i;
  };
  return [...groups.values()].sort((a, b) => rank(a.group) - rank(b.group));
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}
