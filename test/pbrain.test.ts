// Gomocup protocol: the pure session with a fake engine (fast), then a scripted manager session
// against the real brain process over pipes.
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import type { Analysis, Limits, Point, Position } from "../engine/types";
import { forbiddenReason } from "../engine/rules";
import { LineSplitter } from "../bin/pbrain/lines";
import { parseBrainOptions } from "../bin/pbrain/options";
import { type Brain, PbrainSession } from "../bin/pbrain/protocol";
import { DEFAULT_TIME_CONTROL, FAST_MOVE_MS, SAFETY_MARGIN_MS, moveBudgetMs, moveHardLimitMs } from "../bin/pbrain/timing";
import { BrainProcess } from "../bin/match/brain-process";

/** A fake engine: plays `next` (or the first empty point) and records what it was asked. */
function fakeBrain(next?: (p: Position) => Point | null) {
  const calls: { position: Position; limits: Limits }[] = [];
  const brain: Brain = (position, limits): Analysis => {
    calls.push({ position, limits });
    let move = next ? next(position) : null;
    if (move === null) {
      const taken = new Set(position.stones.map((s) => s.y * position.size + s.x));
      for (let i = 0; i < position.size ** 2 && !move; i++) if (!taken.has(i)) move = { x: i % position.size, y: Math.floor(i / position.size) };
    }
    return { move, score: { kind: "eval", value: 7 }, depth: 3, nodes: 42, timeMs: 1, pv: move ? [move] : [], rootScores: [] };
  };
  return { brain, calls };
}

const moves = (out: string[]) => out.filter((l) => /^\d+,\d+$/.test(l));

describe("LineSplitter", () => {
  it("splits on LF, CR and CR LF, also across chunks", () => {
    const s = new LineSplitter();
    expect(s.push("A\nB\rC\r\nD")).toEqual(["A", "B", "C"]);
    expect(s.push("E\r")).toEqual(["DE"]);
    expect(s.push("\nF\r\n\r\nG")).toEqual(["F", ""]);
    expect(s.end()).toEqual(["G"]);
    const t = new LineSplitter();
    expect(["S", "T", "A", "R", "T", " ", "1", "5", "\r", "\n", "B", "\r", "\r", "\n"].flatMap((c) => t.push(c))).toEqual(["START 15", "B", ""]);
  });
});

describe("time budget", () => {
  it("takes min(timeout_turn, time_left / max(10, remaining)) minus the margin", () => {
    expect(moveBudgetMs({ ...DEFAULT_TIME_CONTROL, timeoutTurn: 1000 }, 200)).toBe(1000 - SAFETY_MARGIN_MS);
    expect(moveBudgetMs({ timeoutTurn: 5000, timeoutMatch: 100_000, timeLeft: 20_000 }, 225)).toBe(Math.floor(20_000 / 23 - SAFETY_MARGIN_MS));
    expect(moveBudgetMs({ timeoutTurn: 5000, timeoutMatch: 100_000, timeLeft: 2_000 }, 20)).toBe(200 - SAFETY_MARGIN_MS);
    expect(moveBudgetMs({ ...DEFAULT_TIME_CONTROL, timeoutTurn: 1000 }, 200, 50)).toBe(1000 - SAFETY_MARGIN_MS - 50);
    expect(moveBudgetMs({ ...DEFAULT_TIME_CONTROL, timeoutTurn: 1000 }, 200, 0, 0.25)).toBe(250);
    expect(moveBudgetMs({ ...DEFAULT_TIME_CONTROL, timeoutTurn: 0 }, 200)).toBe(FAST_MOVE_MS);
    expect(moveBudgetMs({ ...DEFAULT_TIME_CONTROL, timeoutTurn: 10 }, 200)).toBe(1);
  });

  it("has a hard limit above the budget only under a match clock: 3× it, at most time_left / 8 and timeout_turn", () => {
    const turnOnly = { ...DEFAULT_TIME_CONTROL, timeoutTurn: 1000 };
    expect(moveHardLimitMs(turnOnly, 200)).toBe(moveBudgetMs(turnOnly, 200));
    const clock = { timeoutTurn: 5000, timeoutMatch: 100_000, timeLeft: 20_000 };
    expect(moveHardLimitMs(clock, 400)).toBe(3 * moveBudgetMs(clock, 400));
    expect(moveHardLimitMs(clock, 225)).toBe(20_000 / 8 - SAFETY_MARGIN_MS);
    const short = { timeoutTurn: 5000, timeoutMatch: 100_000, timeLeft: 2_000 };
    expect(moveHardLimitMs(short, 20)).toBe(2_000 / 8 - SAFETY_MARGIN_MS);
    const turnCap = { timeoutTurn: 300, timeoutMatch: 100_000, timeLeft: 100_000 };
    expect(moveHardLimitMs(turnCap, 225)).toBe(300 - SAFETY_MARGIN_MS);
    expect(moveHardLimitMs(turnCap, 225)).toBeGreaterThanOrEqual(moveBudgetMs(turnCap, 225));
  });
});

describe("brain options", () => {
  it("reads flags and environment, flags winning", () => {
    expect(parseBrainOptions(["--depth", "4", "--time-scale=0.25"], { GOMOKU_ARENA_DEPTH: "9", GOMOKU_ARENA_ENGINE: "simple" })).toEqual({
      maxDepth: 4,
      timeScale: 0.25,
      engine: "simple",
      messages: true,
    });
    expect(() => parseBrainOptions(["--depth", "x"], {})).toThrow(/positive number/);
    expect(() => parseBrainOptions(["--bogus"], {})).toThrow(/unknown option/);
  });

  it("reads --exact-root (best, all or a count) and GOMOKU_ARENA_EXACT_ROOT", () => {
    expect(parseBrainOptions([], {}).exactRoot).toBeUndefined();
    expect(parseBrainOptions(["--exact-root", "8"], {}).exactRoot).toBe(8);
    expect(parseBrainOptions(["--exact-root=all"], {}).exactRoot).toBe(true);
    expect(parseBrainOptions([], { GOMOKU_ARENA_EXACT_ROOT: "best" }).exactRoot).toBe(false);
    expect(() => parseBrainOptions(["--exact-root", "0"], {})).toThrow(/exact-root/);
    expect(() => parseBrainOptions(["--exact-root", "some"], {})).toThrow(/exact-root/);
  });

  it("reads --threads and GOMOKU_ARENA_THREADS (the default when the manager sends no INFO thread_num)", () => {
    expect(parseBrainOptions([], {}).threads).toBeUndefined();
    expect(parseBrainOptions(["--threads", "2"], { GOMOKU_ARENA_THREADS: "4" }).threads).toBe(2);
    expect(parseBrainOptions([], { GOMOKU_ARENA_THREADS: "4" }).threads).toBe(4);
    expect(() => parseBrainOptions(["--threads", "0"], {})).toThrow(/positive number/);
    expect(parseBrainOptions(["--threads", "2", "--nodes", "9", "--threads-with-nodes"], {})).toMatchObject({
      threads: 2,
      maxNodes: 9,
      threadsWithNodes: true,
    });
  });
});

describe("PbrainSession (fake engine)", () => {
  it("answers START, ABOUT, UNKNOWN, INFO and END", () => {
    const { brain } = fakeBrain();
    const s = new PbrainSession({ brain });
    expect(s.feed("TURN 7,7")).toEqual([expect.stringMatching(/^ERROR .*before START/)]);
    expect(s.feed("START 21")[0]).toMatch(/^ERROR unsupported board size 21/);
    expect(s.feed("START 20")).toEqual(["OK"]); // Gomocup's freestyle board
    expect(s.feed("START 4")[0]).toMatch(/^ERROR/);
    expect(s.feed("START x")[0]).toMatch(/^ERROR/);
    expect(s.feed("start 15")).toEqual(["OK"]);
    expect(s.feed("RECTSTART 15,12")[0]).toMatch(/^ERROR/);
    expect(s.feed("RECTSTART 15,15")).toEqual(["OK"]);
    expect(s.feed("ABOUT")[0]).toMatch(/^name="Gomoku Arena", version="[^"]+", author="[^"]+", country="[^"]+"$/);
    expect(s.feed("SWAP2BOARD")).toEqual([]);
    expect(s.feed("7,7")).toEqual([]);
    expect(s.feed("DONE")[0]).toMatch(/^ERROR SWAP2BOARD needs 0, 3 or 5 stones, got 1/);
    expect(s.feed("INFO timeout_turn 1000")).toEqual([]);
    expect(s.feed("INFO rule 1")).toEqual([]);
    expect(s.feed("INFO folder /tmp/x y")).toEqual([]);
    expect(s.rule).toBe("exact5");
    expect(s.feed("INFO rule 4")).toEqual([]);
    expect(s.rule).toBe("renju");
    expect(s.feed("INFO rule 5")).toEqual([]);
    expect(s.rule).toBe("renju");
    expect(s.feed("INFO rule 0")).toEqual([]);
    expect(s.rule).toBe("freestyle");
    s.feed("INFO rule 1");
    expect(s.time.timeoutTurn).toBe(1000);
    expect(s.info.folder).toBe("/tmp/x y");
    expect(s.feed("")).toEqual([]);
    expect(s.feed("END")).toEqual([]);
    expect(s.ended).toBe(true);
  });

  it("plays BEGIN and TURN, validates coordinates, keeps the board", () => {
    const { brain, calls } = fakeBrain((p) => (p.stones.length === 0 ? { x: 7, y: 7 } : null));
    const s = new PbrainSession({ brain, messages: false });
    s.feed("START 15");
    s.feed("INFO timeout_turn 500");
    expect(s.feed("BEGIN")).toEqual(["7,7"]);
    expect(calls[0].position).toEqual({ size: 15, rule: "freestyle", stones: [], toMove: 1 });
    expect(calls[0].limits.timeMs).toBe(500 - SAFETY_MARGIN_MS);
    expect(s.feed("TURN 7,7")).toEqual(["ERROR TURN 7,7 is occupied"]);
    expect(s.feed("TURN 15,0")[0]).toMatch(/^ERROR .*off the 15x15 board/);
    expect(s.feed("TURN -1,3")[0]).toMatch(/^ERROR/);
    expect(s.feed("TURN a,b")[0]).toMatch(/^ERROR TURN needs x,y/);
    expect(s.feed("TURN 3")[0]).toMatch(/^ERROR/);
    expect(s.feed("TURN 0,0")).toEqual(["1,0"]);
    const pos = calls[1].position;
    expect(pos.toMove).toBe(1);
    expect(pos.stones).toEqual([
      { x: 0, y: 0, color: 2 },
      { x: 7, y: 7, color: 1 },
    ]);
    expect(s.feed("TAKEBACK 1,0")).toEqual(["OK"]);
    expect(s.feed("TAKEBACK 1,0")[0]).toMatch(/^ERROR/);
    expect(s.feed("TAKEBACK 0,0")).toEqual(["OK"]);
    expect(s.feed("RESTART")).toEqual(["OK"]);
    expect(s.feed("TURN 7,7")).toEqual(["0,0"]); // the board is empty again; we are white now
    expect(calls.at(-1)!.position.toMove).toBe(2);
    expect(calls.at(-1)!.position.stones).toEqual([{ x: 7, y: 7, color: 1 }]);
    expect(s.feed("BEGIN")[0]).toMatch(/^ERROR/);
  });

  it("assigns colours from the BOARD counts and never plays on field-3 stones", () => {
    const { brain, calls } = fakeBrain(() => ({ x: 0, y: 0 }));
    const s = new PbrainSession({ brain, messages: false });
    s.feed("START 15");
    const out = ["BOARD", "7,7,2", "8,8,1", "9,9,2", "0,0,3", "DONE"].flatMap((l) => s.feed(l));
    expect(out).toHaveLength(1); // 0,0 is taken (field 3): a fallback move next to the stones
    expect(["0,0", "7,7", "8,8", "9,9"]).not.toContain(out[0]);
    expect(out[0]).toMatch(/^([6-9]|10),([6-9]|10)$/);
    const pos = calls[0].position;
    expect(pos.toMove).toBe(2); // one stone fewer than the opponent: we are white
    expect(pos.stones).toEqual([
      { x: 7, y: 7, color: 1 },
      { x: 8, y: 8, color: 2 },
      { x: 9, y: 9, color: 1 },
    ]);
    expect(["BOARD", "7,7,1", "8,8,2", "DONE"].flatMap((l) => s.feed(l))).toEqual(["0,0"]);
    expect(calls[1].position.toMove).toBe(1);
    expect(calls[1].position.stones).toEqual([
      { x: 7, y: 7, color: 1 },
      { x: 8, y: 8, color: 2 },
    ]);
  });

  it("answers ERROR at DONE for a malformed BOARD and keeps the old board", () => {
    const { brain } = fakeBrain();
    const s = new PbrainSession({ brain, messages: false });
    expect(["BOARD", "1,1,1", "DONE"].flatMap((l) => s.feed(l))[0]).toMatch(/^ERROR BOARD before START/);
    s.feed("START 9");
    s.feed("TURN 4,4");
    const before = Array.from(s.cells);
    for (const bad of [["junk"], ["1,1"], ["1,1,4"], ["9,0,1"], ["1,1,1", "1,1,2"], ["a,b,c"]]) {
      const out = ["BOARD", ...bad, "DONE"].flatMap((l) => s.feed(l));
      expect(out).toHaveLength(1);
      expect(out[0]).toMatch(/^ERROR BOARD/);
      expect(Array.from(s.cells)).toEqual(before);
    }
    expect(s.feed("ABOUT")[0]).toMatch(/^name=/); // back in command mode
  });

  it("passes time, depth and node settings to the engine", () => {
    const { brain, calls } = fakeBrain();
    const s = new PbrainSession({ brain, limits: { maxDepth: 4, maxNodes: 1000 }, timeScale: 0.5, messages: true });
    s.feed("START 15");
    s.feed("INFO timeout_turn 1000");
    const out = s.feed("BEGIN");
    expect(out[0]).toMatch(/^MESSAGE depth 3 score 7 nodes 42/);
    expect(calls[0].limits).toEqual({ timeMs: 500, maxDepth: 4, maxNodes: 1000, exactRootScores: false });
    s.feed("INFO timeout_turn 0");
    s.feed("TURN 5,5");
    expect(calls[1].limits.timeMs).toBe(FAST_MOVE_MS);
    s.feed("INFO timeout_turn 30000");
    s.feed("INFO timeout_match 60000");
    s.feed("INFO time_left 10000");
    s.feed("TURN 6,6");
    // Under a match clock the budget is the soft target; the hard limit is up to 3× it.
    expect(calls[2].limits.softTimeMs).toBe(Math.floor((10_000 / 23) * 0.5)); // scaled by 0.5
    expect(calls[2].limits.timeMs).toBe(Math.floor((10_000 / 8) * 0.5 - SAFETY_MARGIN_MS)); // time_left / 8 caps 3×
  });

  it("survives an engine that throws or answers an occupied point", () => {
    let mode: "throw" | "occupied" = "throw";
    const brain: Brain = () => {
      if (mode === "throw") throw new Error("boom");
      return {
        move: { x: 7, y: 7 },
        score: { kind: "eval", value: 0 },
        depth: 1,
        nodes: 1,
        timeMs: 0,
        pv: [],
        rootScores: [
          { move: { x: 7, y: 7 }, score: { kind: "eval", value: 0 } },
          { move: { x: 2, y: 3 }, score: { kind: "eval", value: 0 } },
        ],
      };
    };
    const s = new PbrainSession({ brain });
    s.feed("START 15");
    const out = s.feed("TURN 7,7");
    expect(out[0]).toMatch(/^MESSAGE engine failed \(boom\)/);
    expect(moves(out)).toHaveLength(1);
    expect(moves(out)[0]).not.toBe("7,7");
    mode = "occupied";
    expect(moves(s.feed("TURN 0,14"))).toEqual(["2,3"]);
  });
});

// ---- the real brain process ----------------------------------------------------------------

const proc = new BrainProcess("node_modules/.bin/tsx bin/pbrain.ts");
afterAll(() => proc.kill());

async function ask(line: string, timeoutMs = 20_000): Promise<string> {
  proc.send(line);
  return answer(timeoutMs);
}
async function answer(timeoutMs = 20_000): Promise<string> {
  const r = await proc.next(timeoutMs);
  if (r.kind !== "line") throw new Error(`no answer: ${JSON.stringify(r)} stderr: ${proc.stderr}`);
  return r.line;
}
function point(line: string, size: number): Point {
  const m = /^(\d+),(\d+)$/.exec(line);
  expect(m, `a move, got "${line}"`).not.toBeNull();
  const p = { x: Number(m![1]), y: Number(m![2]) };
  expect(p.x).toBeLessThan(size);
  expect(p.y).toBeLessThan(size);
  return p;
}
async function board(rows: [number, number, number][]): Promise<string> {
  proc.send("BOARD");
  for (const [x, y, f] of rows) proc.send(`${x},${y},${f}`);
  return ask("DONE");
}

describe("the brain process (scripted manager)", () => {
  it("follows a whole session", async () => {
    proc.start();
    expect(await ask("TURN 7,7", 30_000)).toMatch(/^ERROR/); // before START (also waits for tsx to start)
    expect(await ask("START 15")).toBe("OK");
    proc.send("INFO timeout_turn 200");
    proc.send("INFO timeout_match 0");
    proc.send("INFO max_memory 83886080");
    proc.send("INFO game_type 1");
    proc.send("INFO rule 0");
    proc.send("INFO folder /tmp");
    const t0 = performance.now();
    const first = point(await ask("BEGIN"), 15);
    expect(performance.now() - t0).toBeLessThan(200 + 800); // within the turn time (+ slack for a loaded machine)
    const theirs = first.x === 7 && first.y === 7 ? { x: 8, y: 8 } : { x: 7, y: 7 };
    const second = point(await ask(`TURN ${theirs.x},${theirs.y}`), 15);
    expect([`${first.x},${first.y}`, `${theirs.x},${theirs.y}`]).not.toContain(`${second.x},${second.y}`);
    expect(await ask(`TURN ${first.x},${first.y}`)).toMatch(/^ERROR .*occupied/);
    expect(await ask(`TAKEBACK ${second.x},${second.y}`)).toBe("OK");
    expect(await ask(`TAKEBACK ${theirs.x},${theirs.y}`)).toBe("OK");

    // Win in one (our four h-row 3, 2,3 blocked) while the opponent has an open four: we must win.
    expect(
      await board([
        [2, 3, 2],
        [3, 3, 1],
        [10, 5, 2],
        [4, 3, 1],
        [10, 6, 2],
        [5, 3, 1],
        [10, 7, 2],
        [6, 3, 1],
        [10, 8, 2],
      ]),
    ).toBe("7,3");
    // Block a four: the opponent's 5..8,10 row is closed at 4,10; we have nothing.
    expect(
      await board([
        [5, 10, 2],
        [4, 10, 1],
        [6, 10, 2],
        [12, 1, 1],
        [7, 10, 2],
        [1, 13, 1],
        [8, 10, 2],
        [13, 13, 1],
      ]),
    ).toBe("9,10");

    expect(await ask("ABOUT")).toMatch(/^name="Gomoku Arena", version="[^"]+", author="[^"]+", country="[^"]+"$/);
    expect(await ask("START 30")).toMatch(/^ERROR/);
    expect(await ask("START 21")).toMatch(/^ERROR/);
    // Gomocup's freestyle board, then a move on it at the far corner's row.
    expect(await ask("START 20")).toBe("OK");
    expect(await ask("TURN 19,19")).toMatch(/^\d+,\d+$/);
    expect(await ask("START 15")).toBe("OK");
    expect(await ask("HELLO there")).toMatch(/^UNKNOWN/);
    expect(await ask("TURN 99,99")).toMatch(/^ERROR/);
    expect(await ask("TURN a,b")).toMatch(/^ERROR/);
    expect(await board([])).toMatch(/^\d+,\d+$/); // an empty BOARD: we move first
    proc.send("BOARD");
    proc.send("junk");
    expect(await ask("DONE")).toMatch(/^ERROR/);

    // Line endings: CR, LF, CR LF, and a CR LF split across two writes.
    proc.write("START 9\r");
    expect(await answer()).toBe("OK");
    proc.write("START 9\n");
    expect(await answer()).toBe("OK");
    proc.write("START 9\r\n");
    expect(await answer()).toBe("OK");
    proc.write("RESTART\r");
    expect(await answer()).toBe("OK");
    await new Promise((r) => setTimeout(r, 50));
    proc.write("\nABOUT\r\n");
    expect(await answer()).toMatch(/^name=/);
    proc.write("TURN 4,4\r\n");
    const p = point(await answer(), 9);
    expect(`${p.x},${p.y}`).not.toBe("4,4");

    proc.send("END");
    const end = await proc.next(10_000);
    expect(end).toEqual({ kind: "exit", code: 0, signal: null });
    expect(proc.messages.some((m) => /^MESSAGE depth \d+ score \S+ nodes \d+/.test(m))).toBe(true);
  });
});

describe("the brain process under renju (INFO rule 4)", () => {
  const renju = new BrainProcess("node_modules/.bin/tsx bin/pbrain.ts");
  afterAll(() => renju.kill());
  const say = async (line: string, timeoutMs = 20_000) => {
    renju.send(line);
    const r = await renju.next(timeoutMs);
    if (r.kind !== "line") throw new Error(`no answer: ${JSON.stringify(r)} stderr: ${renju.stderr}`);
    return r.line;
  };
  const boardOf = (rows: [number, number, number][]) => {
    renju.send("BOARD");
    for (const [x, y, f] of rows) renju.send(`${x},${y},${f}`);
    return say("DONE");
  };
  // Black (us, field 1) has a double three at 7,7: the freestyle winning move, forbidden in renju.
  const doubleThree: [number, number, number][] = [
    [7, 5, 1],
    [6, 9, 2],
    [7, 6, 1],
    [10, 9, 2],
    [5, 7, 1],
    [4, 10, 2],
    [6, 7, 1],
  ];
  // White (us, field 1): our four at 9,7 leaves black one block, 5,7, which is black's overline point.
  const whiteWins: [number, number, number][] = [
    [5, 4, 2],
    [5, 5, 2],
    [5, 6, 2],
    [4, 7, 2],
    [10, 7, 2],
    [5, 8, 2],
    [5, 9, 2],
    [6, 7, 1],
    [7, 7, 1],
    [8, 7, 1],
    [2, 11, 1],
    [0, 0, 1],
    [14, 0, 1],
  ];

  it("never plays black's forbidden point, and wins through it as white", async () => {
    renju.start();
    expect(await say("START 15", 30_000)).toBe("OK");
    renju.send("INFO timeout_turn 300");
    renju.send("INFO rule 0");
    expect(await boardOf(doubleThree)).toBe("7,7"); // freestyle: the double three wins
    renju.send("INFO rule 4");
    const m = point(await boardOf(doubleThree), 15);
    expect(`${m.x},${m.y}`).not.toBe("7,7");
    const cells = new Uint8Array(225);
    for (const [x, y, f] of doubleThree) cells[y * 15 + x] = f;
    expect(forbiddenReason(15, cells, { x: 7, y: 7 })).toBe("double-three");
    expect(forbiddenReason(15, cells, m)).toBeNull();
    expect(await boardOf(whiteWins)).toBe("9,7");
    // Swap2 (SWAP2BOARD): our three stones; then our choice with 3 and with 5 stones.
    renju.send("SWAP2BOARD");
    const opening = await say("DONE");
    expect(opening).toMatch(/^\d+,\d+ \d+,\d+ \d+,\d+$/);
    renju.send("SWAP2BOARD");
    for (const p of opening.split(" ")) renju.send(p);
    expect(await say("DONE")).toMatch(/^(SWAP|\d+,\d+|\d+,\d+ \d+,\d+)$/);
    renju.send("SWAP2BOARD");
    for (const p of [...opening.split(" "), "0,0", "14,14"]) renju.send(p);
    expect(await say("DONE")).toMatch(/^(SWAP|\d+,\d+)$/);
    renju.send("END");
    expect(await renju.next(10_000)).toEqual({ kind: "exit", code: 0, signal: null });
  });
});

describe("the brain process with INFO thread_num (Lazy SMP)", () => {
  const smp = new BrainProcess("node_modules/.bin/tsx bin/pbrain.ts");
  afterAll(() => smp.kill());
  const say = async (line: string, timeoutMs = 20_000) => {
    smp.send(line);
    const r = await smp.next(timeoutMs);
    if (r.kind !== "line") throw new Error(`no answer: ${JSON.stringify(r)} stderr: ${smp.stderr}`);
    return r.line;
  };
  // Threads are capped at the cores: on a one-core machine thread_num 2 is one thread.
  const two = os.availableParallelism() >= 2;

  it("plays with two threads, wins in one through them, goes back to one, and exits with its helper running", async () => {
    smp.start();
    expect(await say("START 15", 30_000)).toBe("OK");
    smp.send("INFO timeout_turn 300");
    smp.send("INFO thread_num 2");
    const first = await say("BEGIN");
    expect(first).toMatch(/^\d+,\d+$/);
    const theirs = first === "7,7" ? "8,8" : "7,7";
    const second = await say(`TURN ${theirs}`);
    expect([first, theirs]).not.toContain(second);
    expect(smp.messages.at(-1)).toMatch(two ? /^MESSAGE depth \d+ score \S+ nodes \d+ \(main thread of 2\) time/ : /nodes \d+ time/);
    // Our four on row 3 (2,3 blocked) against the opponent's open four: the win, as with one thread.
    smp.send("BOARD");
    for (const r of ["2,3,2", "3,3,1", "10,5,2", "4,3,1", "10,6,2", "5,3,1", "10,7,2", "6,3,1", "10,8,2"]) smp.send(r);
    expect(await say("DONE")).toBe("7,3");
    smp.send("INFO thread_num 1");
    expect(await say("RESTART")).toBe("OK");
    expect(await say("BEGIN")).toMatch(/^\d+,\d+$/);
    expect(smp.messages.at(-1)).toMatch(/nodes \d+ time/);
    smp.send("INFO thread_num 2");
    expect(await say("TURN 0,0")).toMatch(/^\d+,\d+$/);
    smp.send("END");
    expect(await smp.next(10_000)).toEqual({ kind: "exit", code: 0, signal: null });
  });
});
