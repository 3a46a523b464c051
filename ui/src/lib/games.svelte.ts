import { commands } from "./bindings";

/** The hosted games' names by id, loaded once from the core (History rows carry only the id). */
export const gameNames: { byId: Record<string, string> } = $state({ byId: {} });

export async function loadGameNames(): Promise<void> {
  const r = await commands.gamesAvailable();
  if (r.status === "ok") gameNames.byId = Object.fromEntries(r.data.map((g) => [g.id, g.name]));
}

/**
 * Games this UI can draw a table for. The core may host more; a game is offered here only once
 * its table screen exists, because a generic screen could not keep its secrets (money) off the
 * shared display.
 */
export const TABLE_SCREENS: readonly string[] = [
  "nine-estates",
  "the-estates",
  "raise-the-realm",
  "raise-the-realm-live",
];

/**
 * Games whose score reveals a secret while they run (The Estates' cash boxes): their score
 * breakdown is shown only once the game is over.
 */
export const SECRET_SCORES: readonly string[] = ["the-estates"];

export function scoreIsSecret(gameId: string, finished: boolean): boolean {
  return !finished && SECRET_SCORES.includes(gameId);
}

export function hasTableScreen(gameId: string): boolean {
  return TABLE_SCREENS.includes(gameId);
}
