// The alerts' rules (lib/client/alert-rules): which event plays which sound and may notify, the
// stored settings read back whatever they hold, the "● Your turn" title, a game page's alerts.
import { describe, expect, it } from "vitest";
import {
  ALERT_KINDS,
  DEFAULT_PREFS,
  alertPlan,
  confirmsMoves,
  gameAlert,
  lowTimeCrossed,
  parsePrefs,
  sitePath,
  stripTurn,
  titleFor,
  type AlertContext,
  type GameSnapshot,
} from "./alert-rules";

const ctx = (o: Partial<AlertContext> = {}): AlertContext => ({ hidden: false, permission: "granted", prefs: DEFAULT_PREFS, hasNote: true, ...o });

describe("alertPlan", () => {
  it("gives every kind its sound, at the remembered volume", () => {
    const sounds = Object.fromEntries(ALERT_KINDS.map((k) => [k, alertPlan(k, ctx()).sound?.name]));
    expect(sounds).toEqual({
      move: "move",
      yourTurn: "turn",
      gameStart: "start",
      paired: "start",
      gameEnd: "end",
      lowTime: "lowtime",
      challenge: "start",
      correspondenceTurn: "turn",
    });
    expect(alertPlan("move", ctx({ prefs: { ...DEFAULT_PREFS, volume: 0.3 } })).sound).toEqual({ name: "move", volume: 0.3 });
  });

  it("plays nothing when muted or at volume 0, and still notifies", () => {
    const muted = { ...DEFAULT_PREFS, muted: true };
    expect(alertPlan("paired", ctx({ prefs: muted, hidden: true }))).toEqual({ sound: null, notify: true });
    expect(alertPlan("move", ctx({ prefs: { ...DEFAULT_PREFS, volume: 0 } })).sound).toBeNull();
  });

  it("notifies only what waits for you, only while the tab is hidden, only with permission and a title", () => {
    const notifying = ALERT_KINDS.filter((k) => alertPlan(k, ctx({ hidden: true })).notify);
    expect(notifying).toEqual(["yourTurn", "gameStart", "paired", "challenge", "correspondenceTurn"]);
    expect(alertPlan("paired", ctx({ hidden: false })).notify).toBe(false);
    for (const permission of ["default", "denied", "unsupported"] as const) expect(alertPlan("paired", ctx({ hidden: true, permission })).notify).toBe(false);
    expect(alertPlan("challenge", ctx({ hidden: true, hasNote: false })).notify).toBe(false);
  });
});

describe("sitePath", () => {
  it("lets a notification open a path on this site only", () => {
    expect(sitePath("/game/abc")).toBe("/game/abc");
    for (const bad of [undefined, "", "game/abc", "https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])
      expect(sitePath(bad)).toBeNull();
  });
});

describe("parsePrefs", () => {
  it("reads back what was stored", () => {
    const p = { muted: true, volume: 0.25, confirmMoves: "off" as const };
    expect(parsePrefs(JSON.stringify(p))).toEqual(p);
  });

  it("takes the defaults for nothing stored, junk, wrong types and out-of-range values", () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs("{not json")).toEqual(DEFAULT_PREFS);
    expect(parsePrefs("[1,2]")).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('"muted"')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ muted: "yes", volume: "loud", confirmMoves: "<script>" }))).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ volume: 7 })).volume).toBe(1);
    expect(parsePrefs(JSON.stringify({ volume: -2 })).volume).toBe(0);
    expect(parsePrefs('{"volume": 1e999}').volume).toBe(DEFAULT_PREFS.volume);
  });
});

describe("confirmsMoves", () => {
  it("asks for a second tap on touch screens by default, always when on, never when off", () => {
    expect([confirmsMoves("auto", true), confirmsMoves("auto", false)]).toEqual([true, false]);
    expect([confirmsMoves("on", true), confirmsMoves("on", false)]).toEqual([true, true]);
    expect([confirmsMoves("off", true), confirmsMoves("off", false)]).toEqual([false, false]);
  });
});

describe("the tab's title", () => {
  it("gets one prefix while it is my move and loses it after, in either language", () => {
    const base = "Game · Gomoku Arena";
    const mine = titleFor(base, true, "Your turn");
    expect(mine).toBe("● Your turn · Game · Gomoku Arena");
    expect(titleFor(mine, true, "Your turn")).toBe(mine); // never two
    expect(titleFor(mine, false, "Your turn")).toBe(base);
    const zh = titleFor(base, true, "轮到你了");
    expect(zh).toBe("● 轮到你了 · Game · Gomoku Arena");
    expect(stripTurn(zh)).toBe(base);
    expect(titleFor(zh, true, "Your turn")).toBe(mine); // the language changed: still one prefix
    expect(titleFor(base, false, "Your turn")).toBe(base);
  });
});

describe("gameAlert", () => {
  const snap = (o: Partial<GameSnapshot> = {}): GameSnapshot => ({ gameId: "g1", status: "playing", plies: 4, me: 1, myAct: false, ...o });

  it("raises nothing for a page just opened or another game", () => {
    expect(gameAlert(null, snap({ myAct: true }))).toBeNull();
    expect(gameAlert(snap({ gameId: "g0" }), snap({ plies: 5, myAct: true }))).toBeNull();
  });

  it("says your turn when the opponent's move makes it mine, a move otherwise", () => {
    expect(gameAlert(snap(), snap({ plies: 5, myAct: true }))).toBe("yourTurn");
    expect(gameAlert(snap({ myAct: true }), snap({ plies: 5, myAct: false }))).toBe("move"); // my own move
    expect(gameAlert(snap({ me: null }), snap({ me: null, plies: 5 }))).toBe("move"); // watching
    expect(gameAlert(snap(), snap({ plies: 5, myAct: false }))).toBe("move"); // swap2: the opponent places three in a row
    expect(gameAlert(snap(), snap())).toBeNull(); // the same state again
    expect(gameAlert(snap({ plies: 5 }), snap({ plies: 4 }))).toBeNull(); // a takeback
  });

  it("says when a game starts (your turn when you begin) and ends", () => {
    expect(gameAlert(snap({ status: "waiting", plies: 0 }), snap({ plies: 0, me: 2 }))).toBe("gameStart");
    expect(gameAlert(snap({ status: "waiting", plies: 0 }), snap({ plies: 0, myAct: true }))).toBe("yourTurn");
    expect(gameAlert(snap({ status: "waiting", me: null }), snap({ me: null }))).toBeNull(); // a spectator
    expect(gameAlert(snap(), snap({ status: "finished", plies: 5 }))).toBe("gameEnd"); // the winning move: the end, not a move
    expect(gameAlert(snap({ status: "finished" }), snap({ status: "finished" }))).toBeNull();
  });
});

describe("lowTimeCrossed", () => {
  it("fires once as the clock crosses the line", () => {
    expect(lowTimeCrossed(21_000, 19_900)).toBe(true);
    expect(lowTimeCrossed(19_900, 19_800)).toBe(false);
    expect(lowTimeCrossed(30_000, 25_000)).toBe(false);
    expect(lowTimeCrossed(10_000, 4_000, 5_000)).toBe(true);
  });
});
