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

/**
 * How a game lays out its groups of offers, declared in the game's own folder (the core names the
 * groups; no shared code knows a game's): their order, their titles, and the groups drawn quietly
 * (secondary buttons: a step that ends a stage rather than a move). A group the plan does not
 * name keeps the core's order after the named ones, titled by its name.
 */
export type GroupPlan = {
  order: readonly string[];
  titles: Readonly<Record<string, string>>;
  quiet?: readonly string[];
};

/** No plan: the core's order, each group titled by its name. */
export const NO_PLAN: GroupPlan = { order: [], titles: {} };

/**
 * The allowed actions in the order of the game's `plan` (then anything else), and last, in a
 * group of their own, those the core asks about first.
 */
export function groupAllowed(allowed: readonly AllowedAction[], plan: GroupPlan = NO_PLAN): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  allowed.forEach((a, i) => {
    const key = a.confirm ? SETTLE : a.group;
    let g = groups.get(key);
    if (!g) {
      const title = key === SETTLE ? "When you are done" : (plan.titles[key] ?? capitalise(key));
      g = { group: key, title, actions: [] };
      groups.set(key, g);
    }
    const item = { label: a.label, action: a.action, key: `${i}:${a.label}`, group: a.group };
    g.actions.push(a.confirm ? { ...item, confirm: a.confirm } : item);
  });
  const rank = (g: string) => {
    if (g === SETTLE) return plan.order.length + 1;
    const i = plan.order.indexOf(g);
    return i === -1 ? plan.order.length : i;
  };
  return [...groups.values()].sort((a, b) => rank(a.group) - rank(b.group));
}

/** Whether `plan` draws the offers of `group` quietly. */
export function isQuiet(plan: GroupPlan, group: string): boolean {
  return plan.quiet?.includes(group) ?? false;
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}
