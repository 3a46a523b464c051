// What a game's UI folder gives the registry (games/index.ts), and the props its components
// take. The screens only ever see these shapes, never a game's own module.
import type { Component } from "svelte";
import type {
  AllowedAction_Serialize,
  GameAction_Deserialize,
  GameOptions_Deserialize,
  GameOptions_Serialize,
  GameView_Serialize,
  Seat,
  TableView_Serialize as TableView,
} from "../lib/bindings";

/** A hosted game's id, as the core writes it into every view's `game` field. */
export type GameId = GameView_Serialize["game"];

/** The view of game `K`: TypeScript narrows `GameView` to this on `view.game === K`. */
export type ViewOf<K extends GameId> = Extract<GameView_Serialize, { game: K }>;

/** Sends one action; true once the core accepted (and saved) it, false when it was refused. */
export type Act = (action: GameAction_Deserialize) => Promise<boolean>;

/** What the shared table frame needs from the screen: every game's table passes it on as is. */
export type FrameProps = {
  table: TableView;
  busy: boolean;
  /** Undo and redo; null where this client offers none (a phone: the window is the referee). */
  onundo: (() => void) | null;
  onredo: (() => void) | null;
};

/** A game's table: its view, already narrowed by its game id, inside the shared frame. */
export type TableProps<K extends GameId> = {
  table: TableView;
  view: ViewOf<K>;
  busy: boolean;
  onact: Act;
  frame: FrameProps;
};

/** One replay step of a game, on the Game record screen (read-only). */
export type ReplayProps<K extends GameId> = { view: ViewOf<K>; seats: Seat[] };

/**
 * A game's fields on the New game screen: it starts from the core's defaults for the game and
 * keeps `options` (bound) to what `startGame` sends for the table's choices (null: the defaults).
 */
export type OptionsProps = {
  defaults: GameOptions_Serialize;
  options: GameOptions_Deserialize | null;
};

/** A game's remembered cards in Settings; `ready` is false while the database is refused. */
export type RememberedProps = { ready: boolean };

/** What one seat alone may see (a phone's "Only you see this"), as the host sends it. */
export type PrivateProps = { value: unknown };

/** Everything the screens may ask of one game; a game without special UI leaves it all out. */
export type GameUi<K extends GameId> = {
  /** The table; without one, the generic table (allowed actions as buttons). */
  table?: Component<TableProps<K>>;
  /** What a replay step shows beyond the score and the action that led there. */
  replay?: Component<ReplayProps<K>>;
  /** Fields on the New game screen that turn the table's choices into the game's options. */
  options?: Component<OptionsProps, object, "options">;
  /** Settings' editor for the cards (or mats) the table has described to the app. */
  remembered?: Component<RememberedProps>;
  /** The score breakdown reveals a secret (money) until the game is over. */
  secretScore?: boolean;
  /**
   * A game whose view lists its own offers (invariant 11: more than `allowed`, so that they tell
   * no secret) keeps only those of the decisions this client may make, which `allowed` says: all
   * of them in the window, the seat's own on a phone.
   */
  narrow?: (view: ViewOf<K>, allowed: readonly AllowedAction_Serialize[], seats: readonly Seat[]) => ViewOf<K>;
  /** A seat's own secrets on its phone; without one, each field and its value. */
  privateView?: Component<PrivateProps>;
};
