// The screens that show games, loaded when first opened: each brings the games' registry and
// every game's components, which the first screen (Home) does not need. Kept out of the first
// bundle, they no longer delay the window's first paint (docs/benchmarks.md). Each import is
// made once and its promise kept, so returning to a screen does not wait again.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}

export const screens = {
  newGame: once(() => import("../screens/NewGame.svelte")),
  table: once(() => import("../screens/Table.svelte")),
  settings: once(() => import("../screens/Settings.svelte")),
  record: once(() => import("../screens/GameRecord.svelte")),
  stats: once(() => import("../screens/Statistics.svelte")),
  people: once(() => import("../screens/People.svelte")),
};
