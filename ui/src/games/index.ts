// The UI's list of games (architecture.md, "A game is a plug-in"): for each game id the core
// hosts, its table, replay, New game options, Settings editor, whether its score is secret during
// play. The screens read only this file, never a game's folder;
// adding a game is one line here (an empty entry gets the generic table).
import type { GameId, GameUi } from "./types";
import NineTable from "./nine-estates/NineTable.svelte";
import NineReplay from "./nine-estates/NineReplay.svelte";
import NineRemembered from "./nine-estates/RememberedCards.svelte";
import EstatesTable from "./the-estates/EstatesTable.svelte";
import EstatesOptions from "./the-estates/EstatesOptions.svelte";
import EstatesReplay from "./the-estates/EstatesReplay.svelte";
import EstatesPrivate from "./the-estates/EstatesPrivate.svelte";
import { narrowToSeat } from "./the-estates/estates";
import RealmLiveTable from "./raise-the-realm-live/RealmLiveTable.svelte";
import RealmReplay from "./raise-the-realm-live/RealmReplay.svelte";
import RewardOptions from "./raise-the-realm-live/RewardOptions.svelte";
import RememberedRealm from "./raise-the-realm-live/RememberedRealm.svelte";
import RealmScorepad from "./raise-the-realm/RealmScorepad.svelte";
import MiddleTable from "./middle-ages/MiddleTable.svelte";
import MiddleScorepad from "./middle-ages/MiddleScorepad.svelte";
import MiddleOptions from "./middle-ages/MiddleOptions.svelte";
import LordTable from "./realm-lord/RealmLordTable.svelte";
import LordReplay from "./realm-lord/LordReplay.svelte";
import LordOptions from "./realm-lord/LordOptions.svelte";
import RememberedLord from "./realm-lord/RememberedLord.svelte";
import LordPadTable from "./realm-lord-scorepad/PadTable.svelte";

export type { GameId } from "./types";

// Keyed by every id in the bindings' `GameView`: a game the core hosts but this list lacks does
// not compile, and each entry's components take that game's own view.
const GAMES: { readonly [K in GameId]: GameUi<K> } = {
  "nine-estates": { table: NineTable, replay: NineReplay, remembered: NineRemembered },
  // The cash boxes are in the score: it stays hidden until the game is over. Its view lists the
  // choices it shows (the same whatever anyone holds): a phone keeps them only on its own turn.
  "the-estates": {
    table: EstatesTable,
    replay: EstatesReplay,
    options: EstatesOptions,
    secretScore: true,
    narrow: narrowToSeat,
    privateView: EstatesPrivate,
  },
  "raise-the-realm-live": {
    table: RealmLiveTable,
    replay: RealmReplay,
    options: RewardOptions,
    remembered: RememberedRealm,
  },
  "raise-the-realm": { table: RealmScorepad },
  "middle-ages": { table: MiddleTable, options: MiddleOptions },
  "middle-ages-scorepad": { table: MiddleScorepad },
  "realm-lord": {
    table: LordTable,
    replay: LordReplay,
    options: LordOptions,
    remembered: RememberedLord,
  },
  "realm-lord-scorepad": { table: LordPadTable },
};

/** True for a game this UI knows; the core may host more, which New game does not offer. */
export function isGameId(id: string): id is GameId {
  return Object.hasOwn(GAMES, id);
}

/**
 * Game `id`'s entry as one that takes any game's view. Sound because entries are only ever looked
 * up by the id the core puts in the view they are given (`view.game`), so each component gets its
 * own game's view; TypeScript cannot follow the id from the view to the entry by itself.
 */
function entry(id: GameId): GameUi<GameId> {
  return GAMES[id] as GameUi<GameId>;
}

/** A game's UI, or null for a game this UI does not know. */
export function gameUi(id: string): GameUi<GameId> | null {
  return isGameId(id) ? entry(id) : null;
}

/** Each known game's UI with its id, in the order listed above. */
export function allGames(): { id: GameId; ui: GameUi<GameId> }[] {
  return Object.keys(GAMES)
    .filter(isGameId)
    .map((id) => ({ id, ui: entry(id) }));
}

/** Whether a game's score breakdown is withheld: only while it runs, and only for a secret score. */
export function scoreIsSecret(id: string, finished: boolean): boolean {
  return !finished && (gameUi(id)?.secretScore ?? false);
}
