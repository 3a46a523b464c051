import { describe, expect, it } from "vitest";
import {
  followChanges,
  hostFailure,
  isOlder,
  isPhone,
  linkToken,
  PhoneLink,
  qrPath,
  reconnectDelay,
  tokenFromPath,
  TOKEN_KEY,
  type PhoneDeps,
  type SeatView,
} from "./transport";
import { describeError } from "./api";
import type { TableView_Serialize as TableView } from "./bindings";

describe("choosing the transport", () => {
  it("is the window's inside Tauri, a phone's anywhere else", () => {
    expect(isPhone({ __TAURI_INTERNALS__: {} })).toBe(false);
    expect(isPhone({})).toBe(true);
  });
});

describe("the link's token", () => {
  it("comes from /join/<token>", () => {
    expect(tokenFromPath("/join/df98a3b5c0")).toBe("df98a3b5c0");
    expect(tokenFromPath("/join/df98a3b5c0/")).toBe("df98a3b5c0");
    expect(tokenFromPath("/join/")).toBeNull();
    expect(tokenFromPath("/")).toBeNull();
    expect(tokenFromPath("/join/a/b")).toBeNull();
    expect(tokenFromPath("/joined/abc")).toBeNull();
    expect(tokenFromPath("/join/%E0%A4%A")).toBeNull(); // malformed escape
    expect(tokenFromPath("/join/%20abc")).toBeNull(); // decodes to a space
  });

  function memory(initial: Record<string, string> = {}) {
    const m = new Map(Object.entries(initial));
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      entries: () => Object.fromEntries(m),
    };
  }

  it("is kept under one key holding nothing but the token, and found again at /", () => {
    const s = memory();
    expect(linkToken("/join/abc123", s)).toBe("abc123");
    expect(s.entries()).toEqual({ [TOKEN_KEY]: "abc123" });
    expect(linkToken("/", s)).toBe("abc123");
    expect(linkToken("/join/abc123", s)).toBe("abc123");
    // A new code scanned replaces the seat.
    expect(linkToken("/join/zzz999", s)).toBe("zzz999");
    expect(linkToken("/", s)).toBe("zzz999");
    expect(linkToken("/", memory())).toBeNull();
    expect(linkToken("/", null)).toBeNull();
  });

  it("still comes from the address when storage is refused", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(linkToken("/join/abc", refusing)).toBe("abc");
    expect(linkToken("/", refusing)).toBeNull();
  });
});

describe("what a phone says when the host refuses or fails", () => {
  const text = (status: number, body: unknown) => describeError(hostFailure(status, body));

  it("says a link that no longer works is to be scanned again (401)", () => {
    const body = { kind: "BadRequest", field: "Authorization", message: "no link, or a link that was revoked" };
    expect(text(401, body)).toEqual({
      headline: "This link no longer works.",
      detail: "Scan your seat's new code on the host's screen.",
    });
  });

  it("says the game moved on (409)", () => {
    const body = { kind: "Store", error: { kind: "Conflict", game_id: 3 } };
    expect(text(409, body)).toEqual({
      headline: "The game moved on before your tap arrived.",
      detail: "The table has been updated: look again, then tap.",
    });
  });

  it("shows the rules' refusal in their words, with Why? (422, 403)", () => {
    const why = { says: "Each bid must be higher than the one before.", cite: "002 line 86" };
    expect(text(422, { kind: "Rule", rule: "estates.bid-higher", message: "a bid must beat the last one (now 3)", why })).toEqual({
      headline: "A bid must beat the last one (now 3)",
      detail: null,
      why: { rule: "estates.bid-higher", ...why },
    });
    expect(
      text(403, { kind: "Rule", rule: "table.not-your-decision", message: "it is Ana's decision, not Bo's", why: null }),
    ).toEqual({ headline: "It is Ana's decision, not Bo's", detail: null, why: null });
  });

  it("gives a foreign Host or Origin its sentence without a field (403)", () => {
    const body = { kind: "BadRequest", field: "Origin", message: "only this host's own pages may act or follow the game" };
    expect(text(403, body)).toEqual({ headline: "Only this host's own pages may act or follow the game.", detail: null });
  });

  it("keeps a malformed request's field (400)", () => {
    expect(text(400, { kind: "BadRequest", field: "action", message: "unknown field `x`" })).toEqual({
      headline: "Unknown field `x`",
      detail: "Field: action",
    });
  });

  it("explains a host that cannot be reached, is slow, refuses a size or fails", () => {
    expect(text(0, null).headline).toBe("This phone cannot reach the host.");
    expect(text(408, null).headline).toBe("The host took too long to answer.");
    expect(text(413, null).headline).toBe("That was too much to send to the host.");
    expect(text(500, { kind: "Store", error: { kind: "Sql", message: "disk I/O error" } })).toEqual({
      headline: "The host could not answer (error 500).",
      detail: null,
    });
    expect(text(502, "<html>")).toEqual({ headline: "The host could not answer (error 502).", detail: null });
    expect(text(404, null).headline).toBe("The host could not answer (error 404).");
  });
});

describe("the live feed's order and its retries", () => {
  it("leaves out a view older than the one shown", () => {
    expect(isOlder("0.4", "0.5")).toBe(true);
    expect(isOlder("1.4", "2.4")).toBe(true);
    expect(isOlder("0.5", "0.5")).toBe(false);
    expect(isOlder("0.6", "0.5")).toBe(false);
    expect(isOlder("2.5", "1.5")).toBe(false);
    expect(isOlder("0.5", null)).toBe(false);
    expect(isOlder("x", "0.5")).toBe(false);
  });

  it("waits 1 s, then twice as long each time, at most 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe("QR codes", () => {
  it("draws each row's dark runs as unit squares inside the quiet zone", () => {
    // 3×3: X.X / XXX / ..X
    const dark = [true, false, true, true, true, true, false, false, true];
    expect(qrPath({ width: 3, dark })).toBe("M4 4h1v1h-1zM6 4h1v1h-1zM4 5h3v1h-3zM6 6h1v1h-1z");
    expect(qrPath({ width: 2, dark: [false, false, false, false] })).toBe("");
  });
});

// ---- the phone's link, with a fake host ------------------------------------------------------

function tableAt(log: number): TableView {
  return {
    game_id: 7,
    game: "the-estates",
    game_name: "The Estates",
    seats: [
      { person_id: 1, name: "Ana", colour: "#1f77b4" },
      { person_id: 2, name: "Bo", colour: "#d62728" },
    ],
    state: null,
    view: {} as TableView["view"],
    allowed: [],
    log: Array.from({ length: log }, (_, i) => `line ${i + 1}`),
    undo: null,
    redo: null,
    score: {} as TableView["score"],
    over: false,
    message: null,
  } as TableView;
}

const seatView = (log: number, cash = 12): SeatView => ({
  seat: 2,
  name: "Bo",
  version: `0.${log}`,
  table: tableAt(log),
  private: { cash, cash_box: 0 },
});

class FakeSocket {
  static last: FakeSocket | null = null;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(t: string) {
    this.sent.push(t);
  }
  close() {}
}

function fakeHost(answers: { status: number; body: unknown }[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const deps: PhoneDeps = {
    origin: "http://127.0.0.1:8737",
    fetch: (async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      const a = answers.shift() ?? { status: 200, body: seatView(1) };
      return { ok: a.status >= 200 && a.status < 300, status: a.status, json: async () => a.body } as Response;
    }) as unknown as typeof fetch,
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    clearTimeout: () => {},
  };
  return { deps, requests, timers };
}

describe("a phone's link to the host", () => {
  it("sends its token first on the live feed, and follows the views pushed", () => {
    const { deps } = fakeHost([]);
    const link = new PhoneLink("tok", deps);
    const seen: number[] = [];
    link.commands.live(7, (t) => seen.push(t.log.length));
    link.connect();
    const ws = FakeSocket.last!;
    expect(ws.url).toBe("ws://127.0.0.1:8737/api/live");
    ws.onopen!();
    expect(ws.sent).toEqual(["tok"]);
    ws.onmessage!({ data: JSON.stringify(seatView(3)) });
    expect(link.connection).toBe("live");
    ws.onmessage!({ data: JSON.stringify(seatView(2)) }); // late: left out
    ws.onmessage!({ data: JSON.stringify(seatView(3)) }); // the same again: nothing new
    ws.onmessage!({ data: JSON.stringify(seatView(4)) });
    expect(seen).toEqual([3, 4]);
  });

  it("says hosting stopped (1001), a link gone (4401), and retries only while there is hope", () => {
    const { deps, timers } = fakeHost([]);
    const link = new PhoneLink("tok", deps);
    link.connect();
    FakeSocket.last!.onclose!({ code: 1001 });
    expect(link.connection).toBe("stopped");
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers.shift()!.fn();
    FakeSocket.last!.onclose!({ code: 1006 }); // the host is gone: still "stopped"
    expect(link.connection).toBe("stopped");
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers.shift()!.fn();
    FakeSocket.last!.onclose!({ code: 4401 });
    expect(link.connection).toBe("revoked");
    expect(timers).toEqual([]);
  });

  it("acts with the shown version in If-Match and the token as a bearer", async () => {
    const { deps, requests } = fakeHost([
      { status: 200, body: seatView(1) },
      { status: 200, body: seatView(2, 9) },
    ]);
    const link = new PhoneLink("tok", deps);
    const r = await link.commands.table(7);
    expect(r.status === "ok" && r.data.log.length).toBe(1);
    const a = await link.commands.act(7, { type: "Pass" } as never);
    expect(a.status === "ok" && a.data.log.length).toBe(2);
    const post = requests[1];
    expect(post.url).toBe("http://127.0.0.1:8737/api/act");
    expect(post.init.method).toBe("POST");
    expect(post.init.body).toBe('{"type":"Pass"}');
    expect(post.init.headers).toMatchObject({ Authorization: "Bearer tok", "If-Match": '"0.1"' });
    expect(link.view?.private).toEqual({ cash: 9, cash_box: 0 });
  });

  it("on a 409 looks again and tells the table; on a 401 says the link no longer works", async () => {
    const { deps } = fakeHost([
      { status: 200, body: seatView(1) },
      { status: 409, body: { kind: "Store", error: { kind: "Conflict", game_id: 7 } } },
      { status: 200, body: seatView(5) },
      { status: 401, body: { kind: "BadRequest", field: "Authorization", message: "no link" } },
    ]);
    const link = new PhoneLink("tok", deps);
    const told: number[] = [];
    link.commands.live(7, (t) => told.push(t.log.length));
    await link.commands.table(7);
    await expect(link.commands.act(7, { type: "Pass" } as never)).rejects.toMatchObject({ status: 409 });
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual([5]);
    await expect(link.commands.table(7)).rejects.toMatchObject({ status: 401 });
    expect(link.connection).toBe("revoked");
  });

  it("peeks for its own seat only", async () => {
    const { deps } = fakeHost([
      { status: 200, body: seatView(1) },
      { status: 200, body: seatView(2, 15) },
    ]);
    const link = new PhoneLink("tok", deps);
    await link.commands.table(7);
    const own = await link.commands.peek(7, 1); // Bo: seat 2, counted from 0 here
    expect(own).toEqual({ status: "ok", data: { cash: 15, cash_box: 0 } });
    const other = link.commands.peek(7, 0);
    await expect(other).rejects.toThrow("Only Ana's own phone can peek for Ana.");
    expect(describeError(await other.catch((e: unknown) => e)).detail).toBe("This phone peeks only for Bo.");
  });

  it("offers no undo, redo, record, Play again or hosting", () => {
    const c = new PhoneLink("tok", fakeHost([]).deps).commands;
    expect([c.undo, c.redo, c.record, c.playAgain, c.host]).toEqual([null, null, null, null, null]);
  });
});

describe("the window following a game", () => {
  it("fetches the table whenever the change mark moves, giving the mark it saw; pauses after failures", async () => {
    // The first answer (a mark, whatever it is) fetches; the same mark again does not; a mark
    // that moved while no ask was waiting (two changes) fetches at once.
    const answers: ({ status: "ok"; data: number } | Error)[] = [
      { status: "ok", data: 0 },
      { status: "ok", data: 0 },
      new Error("ipc down"),
      { status: "ok", data: 2 },
    ];
    const seenArgs: (number | null)[] = [];
    const pauses: number[] = [];
    const tables: number[] = [];
    let fetched = 0;
    let stop: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      stop = followChanges(
        async (seen) => {
          seenArgs.push(seen);
          const a = answers.shift();
          if (a === undefined) {
            stop();
            resolve();
            return { status: "ok", data: 2 };
          }
          if (a instanceof Error) throw a;
          return a;
        },
        async () => ({ status: "ok", data: tableAt(++fetched) }),
        (t) => tables.push(t.log.length),
        async (ms) => void pauses.push(ms),
      );
    });
    await done;
    await new Promise((r) => setTimeout(r, 0));
    expect(seenArgs).toEqual([null, 0, 0, 0, 2]);
    expect(fetched).toBe(2);
    expect(pauses).toEqual([2000]);
    expect(tables).toEqual([1]); // the second fetch's table came after the stop
  });

  it("shows the newest table when fetches answer out of order", async () => {
    const answers = [0, 1];
    const tables: number[] = [];
    const fetches: ((n: number) => void)[] = [];
    let asks = 0;
    const stop = followChanges(
      async () => {
        asks += 1;
        const a = answers.shift();
        // Then no change for the rest of the test.
        return a === undefined ? new Promise(() => {}) : { status: "ok", data: a };
      },
      () => new Promise((r) => fetches.push((n) => r({ status: "ok", data: tableAt(n) }))),
      (t) => tables.push(t.log.length),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(asks).toBe(3);
    expect(fetches.length).toBe(2);
    fetches[1](2); // the newer fetch answers first
    fetches[0](1); // the older one after it: dropped
    await new Promise((r) => setTimeout(r, 0));
    expect(tables).toEqual([2]);
    stop();
  });
});
