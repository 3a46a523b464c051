// How the table screens reach the game: one object with the calls they make, chosen once when the
// page starts (lib/api.ts holds the choice). In the app's window it is the Tauri commands; on a
// phone that opened a seat's link it is the host's HTTP API and its live WebSocket feed
// (docs/host.md). The screens call the same functions either way; what one transport does not
// offer (undo on a phone, inviting phones from a phone) is `null`, and the screens leave it out.
import {
  commands,
  type ApiError,
  type GameAction_Deserialize as GameAction,
  type GameRecord_Serialize as GameRecord,
  type Hosted_Serialize as Hosted,
  type Json,
  type TableView_Serialize as TableView,
} from "./bindings";
import type { AlertText, Result } from "./api";

/** Hosting a game for phones: the window's calls (docs/host.md). */
export type HostCommands = {
  hostGame: (gameId: number, address: string | null) => Promise<Result<Hosted>>;
  hosted: (gameId: number) => Promise<Result<Hosted | null>>;
  renewLink: (gameId: number, seat: number | null) => Promise<Result<Hosted | null>>;
  stopHosting: () => Promise<Result<null>>;
};

/** Everything the table screen, the table frame and the games' tables ask of the game. */
export type TableCommands = {
  table: (gameId: number) => Promise<Result<TableView>>;
  act: (gameId: number, action: GameAction) => Promise<Result<TableView>>;
  /** Undo and redo are the referee's (the window's); null where they are not offered. */
  undo: ((gameId: number) => Promise<Result<TableView>>) | null;
  redo: ((gameId: number) => Promise<Result<TableView>>) | null;
  /** One seat's secrets (their money in The Estates), for a held peek; seats count from 0. */
  peek: (gameId: number, seat: number) => Promise<Result<Json>>;
  /** The game's whole record (the log beyond the view's page); null where not offered. */
  record: ((gameId: number) => Promise<Result<GameRecord>>) | null;
  playAgain: ((gameId: number) => Promise<Result<TableView>>) | null;
  /** Inviting phones: only the window hosts. */
  host: HostCommands | null;
  /**
   * Follow the game: `onTable` gets the table whenever another client (a phone, the window, the
   * command line) changed it. Returns the function that stops following.
   */
  live: (gameId: number, onTable: (table: TableView) => void) => () => void;
};

// ---- The window: the Tauri commands ---------------------------------------------------------

/** Whether this page runs in a phone's browser (not inside the app's window). */
export function isPhone(win: object): boolean {
  return !("__TAURI_INTERNALS__" in win);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Follow a game in the window: ask the shell for the game's change mark, giving the one last
 * seen (it answers at once when the mark has moved, else within 20 s), and fetch the table
 * whenever it moved (the first answer included). A change made while no ask was waiting is
 * still seen; tables fetched out of order are dropped but the newest. A failing ask is retried
 * after a pause that grows to 20 s. Returns the function that stops.
 */
export function followChanges(
  changed: (seen: number | null) => Promise<Result<number>>,
  fetchTable: () => Promise<Result<TableView>>,
  onTable: (t: TableView) => void,
  pause: (ms: number) => Promise<void> = sleep,
): () => void {
  let stopped = false;
  let asked = 0;
  let shown = 0;
  void (async () => {
    let failures = 0;
    let seen: number | null = null;
    while (!stopped) {
      const r: Result<number> | null = await changed(seen).catch(() => null);
      if (stopped) break;
      if (r !== null && r.status === "ok") {
        failures = 0;
        // Not awaited: the next ask starts at once.
        if (r.data !== seen) {
          const mine = ++asked;
          void fetchTable()
            .then((t) => {
              if (stopped || t.status !== "ok" || mine < shown) return;
              shown = mine;
              onTable(t.data);
            })
            .catch(() => {});
        }
        seen = r.data;
      } else {
        failures += 1;
        await pause(Math.min(1000 * 2 ** failures, 20_000));
      }
    }
  })();
  return () => {
    stopped = true;
  };
}

/** The window's transport: the app's own commands. */
export const windowTable: TableCommands = {
  table: commands.table,
  act: commands.act,
  undo: commands.undo,
  redo: commands.redo,
  peek: commands.peek,
  record: commands.record,
  playAgain: commands.playAgain,
  host: {
    hostGame: commands.hostGame,
    hosted: commands.hosted,
    renewLink: commands.renewLink,
    stopHosting: commands.stopHosting,
  },
  live: (gameId, onTable) =>
    followChanges(
      (seen) => commands.tableChanged(gameId, seen),
      () => commands.table(gameId),
      onTable,
    ),
};

// ---- The phone: the host's HTTP API and live feed -------------------------------------------

/** What the host answers a link's holder (docs/host.md): the table as that seat may see it. */
export type SeatView = {
  /** Counted from 1; absent for the board's link. */
  seat?: number | null;
  name?: string | null;
  version: string;
  table: TableView;
  /** What this seat alone may see (The Estates: `{cash, cash_box}`); absent for the board. */
  private?: unknown;
};

/** Where a phone's connection to the host stands, as its header says it. */
export type Connection = "connecting" | "live" | "reconnecting" | "stopped" | "revoked";

export const CONNECTION_TEXT: Record<Connection, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  stopped: "Hosting stopped",
  revoked: "Link no longer works",
};

/** The link's token in a page address `/join/<token>` (a trailing slash allowed), or null. */
export function tokenFromPath(path: string): string | null {
  const m = /^\/join\/([A-Za-z0-9_~.%-]+)\/?$/.exec(path);
  if (!m) return null;
  try {
    const token = decodeURIComponent(m[1]);
    return /^[\x21-\x7e]+$/.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** Where the phone keeps its link's token: one key, holding nothing but the token. */
export const TOKEN_KEY = "estate-steward-link";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

/**
 * The token this page plays with: the one in its address (kept for next time: a new link
 * scanned replaces the old), else the one kept from the last link opened here.
 */
export function linkToken(path: string, storage: Storage | null): string | null {
  const fromPath = tokenFromPath(path);
  try {
    if (fromPath !== null) {
      storage?.setItem(TOKEN_KEY, fromPath);
      return fromPath;
    }
    const kept = storage?.getItem(TOKEN_KEY) ?? null;
    return kept !== null && /^[\x21-\x7e]+$/.test(kept) ? kept : null;
  } catch {
    // Storage refused (a private window): the address alone.
    return fromPath;
  }
}

/** A version as the host writes it (`"<game>.<log>"`), as numbers; null when unreadable. */
function versionParts(v: string): [number, number] | null {
  const m = /^(\d+)\.(\d+)$/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Whether a view of version `incoming` is older than the one shown (`shown`): both parts of a
 * game's version only ever rise, so a view that arrives late (a push overtaken by an action's
 * answer) is left out. Unreadable versions are never called older.
 */
export function isOlder(incoming: string, shown: string | null): boolean {
  if (shown === null) return false;
  const a = versionParts(incoming);
  const b = versionParts(shown);
  if (a === null || b === null) return false;
  return a[0] <= b[0] && a[1] <= b[1] && (a[0] < b[0] || a[1] < b[1]);
}

/** How long to wait before the `attempt`th reconnection (from 0): 1 s, doubling, at most 15 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 15_000);
}

/** A request to the host that failed: the HTTP status (0: the host could not be reached). */
export class HostFailure extends Error {
  readonly status: number;
  /** The error the host sent, when it was the API's error shape. */
  readonly error: ApiError | null;
  /** The words to show, when the host's error is not what the player should read. */
  readonly text: AlertText | null;
  constructor(status: number, error: ApiError | null, text: AlertText | null) {
    super(text?.headline ?? (error && "message" in error ? error.message : `error ${status}`));
    this.status = status;
    this.error = error;
    this.text = text;
  }
}

function apiError(body: unknown): ApiError | null {
  if (body === null || typeof body !== "object" || !("kind" in body)) return null;
  const kind = (body as { kind: unknown }).kind;
  return kind === "Rule" || kind === "BadRequest" || kind === "NotFound" || kind === "Store"
    ? (body as ApiError)
    : null;
}

const capitalise = (s: string) => (s.length === 0 ? s : s[0].toUpperCase() + s.slice(1));

/** The words for a link that no longer works (401, or the live feed's 4401). */
export const LINK_GONE: AlertText = {
  headline: "This link no longer works.",
  detail: "Scan your seat's new code on the host's screen.",
};

/**
 * A failed answer of the host as what the phone says: a refusal by the rules (403, 422) or a
 * malformed request (400) in the host's own words; a link that no longer works (401), a game
 * that moved on (409) and the host's other failures in the phone's.
 */
export function hostFailure(status: number, body: unknown): HostFailure {
  const error = apiError(body);
  switch (status) {
    case 0:
      return new HostFailure(0, null, {
        headline: "This phone cannot reach the host.",
        detail: "Check that it is on the same Wi-Fi as the host's computer and that hosting is still on.",
      });
    case 401:
      return new HostFailure(401, error, LINK_GONE);
    case 409:
      return new HostFailure(409, error, {
        headline: "The game moved on before your tap arrived.",
        detail: "The table has been updated: look again, then tap.",
      });
    case 408:
      return new HostFailure(408, error, { headline: "The host took too long to answer.", detail: "Try again." });
    case 413:
      return new HostFailure(413, error, { headline: "That was too much to send to the host.", detail: null });
  }
  // A foreign Host or Origin: the host's sentence, without naming the header as a field.
  if (status === 403 && error?.kind === "BadRequest") {
    return new HostFailure(403, error, { headline: capitalise(error.message) + ".", detail: null });
  }
  if (error !== null && status >= 400 && status < 500) return new HostFailure(status, error, null);
  return new HostFailure(status, error, {
    headline: `The host could not answer (error ${status}).`,
    detail: error && "message" in error ? capitalise(error.message) : null,
  });
}

/** What a phone needs from its browser (a test gives stand-ins). */
export type PhoneDeps = {
  /** The page's origin, `http://<host>:<port>`. */
  origin: string;
  fetch: typeof fetch;
  WebSocket: new (url: string) => WebSocket;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** The phone's link to the host: its seat's view, kept current by the live feed. */
export class PhoneLink {
  view: SeatView | null = null;
  connection: Connection = "connecting";
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private readonly watchers = new Set<() => void>();
  private readonly tables = new Set<(t: TableView) => void>();

  constructor(
    readonly token: string,
    private readonly deps: PhoneDeps,
  ) {}

  /** Calls `f` after every change of the view or the connection; returns the unsubscribe. */
  watch(f: () => void): () => void {
    this.watchers.add(f);
    return () => this.watchers.delete(f);
  }

  private changed(): void {
    for (const f of this.watchers) f();
  }

  private setConnection(c: Connection): void {
    if (this.connection === c) return;
    this.connection = c;
    this.changed();
  }

  /**
   * Takes a view from the host unless the one shown is newer or the same; true when taken. The
   * tables following the game hear of it when `tell` (a push, a look again), not when the screen
   * asked for it and gets it as the answer.
   */
  accept(v: SeatView, tell: boolean): boolean {
    const shown = this.view?.version ?? null;
    if (shown === v.version || isOlder(v.version, shown)) return false;
    this.view = v;
    this.changed();
    if (tell) for (const f of this.tables) f(v.table);
    return true;
  }

  /** Open the live feed (again). */
  connect(): void {
    if (this.socket !== null || this.connection === "revoked") return;
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
    let ws: WebSocket;
    try {
      ws = new this.deps.WebSocket(this.deps.origin.replace(/^http/, "ws") + "/api/live");
    } catch {
      this.retry();
      return;
    }
    this.socket = ws;
    // The browser cannot set a WebSocket's headers: the token is the first message.
    ws.onopen = () => ws.send(this.token);
    ws.onmessage = (e: MessageEvent) => {
      let v: SeatView;
      try {
        v = JSON.parse(String(e.data)) as SeatView;
      } catch {
        return;
      }
      this.attempt = 0;
      this.accept(v, true);
      this.setConnection("live");
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (e.code === 4401) {
        this.setConnection("revoked");
        return;
      }
      if (e.code === 1001) this.setConnection("stopped");
      else if (this.connection !== "stopped") this.setConnection("reconnecting");
      this.retry();
    };
  }

  private retry(): void {
    if (this.timer !== null || this.connection === "revoked") return;
    const wait = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer = this.deps.setTimeout(() => {
      this.timer = null;
      this.connect();
    }, wait);
  }

  /** The phone woke up or came back online: look again now rather than at the next retry. */
  wake(): void {
    if (this.connection === "revoked") return;
    this.attempt = 0;
    if (this.socket === null) this.connect();
    void this.fetchView(true).catch(() => {});
  }

  /** Stop following (the page goes away). */
  close(): void {
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
    const ws = this.socket;
    this.socket = null;
    ws?.close();
  }

  private async request(path: string, init: RequestInit = {}): Promise<SeatView> {
    let res: Response;
    try {
      res = await this.deps.fetch(this.deps.origin + path, {
        ...init,
        cache: "no-store",
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${this.token}` },
      });
    } catch {
      throw hostFailure(0, null);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const failure = hostFailure(res.status, body);
      if (res.status === 401) {
        this.setConnection("revoked");
        this.close();
      }
      throw failure;
    }
    return body as SeatView;
  }

  /** The seat's view, now; `tell`: the tables following the game hear of it too. */
  async fetchView(tell: boolean): Promise<SeatView> {
    const v = await this.request("/api/view");
    this.accept(v, tell);
    // Answered while the feed was down: the host is back.
    if (this.socket === null) this.connect();
    return this.view ?? v;
  }

  async act(action: GameAction): Promise<SeatView> {
    const shown = this.view?.version;
    try {
      const v = await this.request("/api/act", {
        method: "POST",
        body: JSON.stringify(action),
        headers: {
          "Content-Type": "application/json",
          ...(shown ? { "If-Match": `"${shown}"` } : {}),
        },
      });
      this.accept(v, false);
      return this.view ?? v;
    } catch (e) {
      // The game moved on: show it as it is now, and say so.
      if (e instanceof HostFailure && e.status === 409) void this.fetchView(true).catch(() => {});
      throw e;
    }
  }

  /** This phone's own seat, counted from 0 (null for the board). */
  private ownSeat(): number | null {
    const s = this.view?.seat;
    return typeof s === "number" ? s - 1 : null;
  }

  private seatName(seat: number | null): string {
    if (seat === null) return "the board";
    return this.view?.table.seats[seat]?.name ?? `seat ${seat + 1}`;
  }

  /** A peek: this seat's own secrets, looked up now; any other seat's are not for this phone. */
  async peek(seat: number): Promise<Json> {
    const own = this.ownSeat();
    if (seat !== own) {
      const other = this.seatName(seat);
      throw new HostFailure(403, null, {
        headline: `Only ${other}'s own phone can peek for ${other}.`,
        detail: own === null ? "The board's link shows no one's secrets." : `This phone peeks only for ${this.seatName(own)}.`,
      });
    }
    return (await this.fetchView(true)).private ?? null;
  }

  /** The table screens' calls on this link. */
  readonly commands: TableCommands = {
    table: async () => ({ status: "ok", data: (await this.fetchView(false)).table }),
    act: async (_gameId, action) => ({ status: "ok", data: (await this.act(action)).table }),
    undo: null,
    redo: null,
    peek: async (_gameId, seat) => ({ status: "ok", data: await this.peek(seat) }),
    record: null,
    playAgain: null,
    host: null,
    live: (_gameId, onTable) => {
      this.tables.add(onTable);
      return () => this.tables.delete(onTable);
    },
  };
}

// ---- QR codes --------------------------------------------------------------------------------

/** Light modules around a QR code, as its standard asks. */
export const QUIET_ZONE = 4;

/**
 * The dark modules of a QR code (`width` × `width`, row by row) as one SVG path of unit squares,
 * each row's runs of dark modules joined, offset by the quiet zone: draw it in a square
 * `width + 2 × QUIET_ZONE` wide.
 */
export function qrPath(qr: { width: number; dark: readonly boolean[] }): string {
  const parts: string[] = [];
  const w = qr.width;
  for (let y = 0; y < w; y++) {
    let x = 0;
    while (x < w) {
      if (!qr.dark[y * w + x]) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < w && qr.dark[y * w + x + run]) run++;
      parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`);
      x += run;
    }
  }
  return parts.join("");
}
