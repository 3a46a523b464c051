/**
 * What a game remembers for its table (the cards, mats and Realms the table described), as
 * Settings lists it: one way to load the list, save a correction and say what was saved, shared
 * by every game's remembered list (`components/RememberedPanel.svelte` draws its frame). The
 * core checks a correction as play would; a refusal is shown as any other.
 */
import { commands, type CatalogueEntry, type Json } from "./bindings";
import { call } from "./api";
import { clearAlert, showError } from "./alert.svelte";

/** The ways the list reaches the core: the app's commands, or a test's stand-in. */
export type CatalogueCalls = {
  list: (game: string) => Promise<CatalogueEntry[]>;
  set: (game: string, key: string, value: Json) => Promise<unknown>;
};

const APP_CALLS: CatalogueCalls = {
  list: (game) => call(commands.catalogue(game)),
  set: (game, key, value) => call(commands.setCatalogueEntry(game, key, value)),
};

export class RememberedList<T extends { key: string }> {
  /** The entries as the game reads them; null until loaded. */
  entries = $state<T[] | null>(null);
  /** What the last save did, in words (the panel's status line). */
  status = $state("");
  busy = $state(false);
  /** Which entries' correction forms are open, by key (a save closes its form). */
  editing = $state<Record<string, boolean>>({});

  constructor(
    readonly game: string,
    private readonly read: (list: CatalogueEntry[]) => T[],
    private readonly calls: CatalogueCalls = APP_CALLS,
  ) {}

  async load(): Promise<void> {
    this.entries = this.read(await this.calls.list(this.game));
  }

  /**
   * Saves `value` as the entry `key`: on success the status says "Saved <saved>.", the entry's
   * form closes and the list is read again; a refusal is shown and the form stays open with what
   * was typed. False while another save runs or when refused.
   */
  async save(key: string, value: Json, saved: string): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    try {
      await this.calls.set(this.game, key, value);
      clearAlert();
      this.status = `Saved ${saved}.`;
      this.editing[key] = false;
      await this.load();
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
