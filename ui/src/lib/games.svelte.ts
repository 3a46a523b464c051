// The hosted games' names by id, loaded once from the core: History rows and records carry only
// the id. Which games the UI can show is the registry's (games/index.ts).
import { commands } from "./bindings";

export const gameNames: { byId: Record<string, string> } = $state({ byId: {} });

export async function loadGameNames(): Promise<void> {
  const r = await commands.gamesAvailable();
  if (r.status === "ok") gameNames.byId = Object.fromEntries(r.data.map((g) => [g.id, g.name]));
}
