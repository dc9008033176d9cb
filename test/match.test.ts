// Match runner: adjudication and statistics (unit), brains that misbehave (fake processes),
// and a tiny real match between two real brain processes through the CLI.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { replay } from "../engine/rules";
import { parseMoveString } from "../lib/shared/notation";
import { BrainProcess } from "../bin/match/brain-process";
import { parseOpenings, readOpenings } from "../bin/match/openings";
import { Referee } from "../bin/match/referee";
import { canonicalKey, threeStoneLines } from "../bin/match/make-balanced-openings";
import { RepeatWatch } from "../bin/match/repeats";
import { type Player, runMatch } from "../bin/match/runner";
import { eloFromScore, formatStats, matchStats } from "../bin/match/stats";

describe("Referee", () => {
  it("adjudicates five, occupied, off board, full board and the move cap", () => {
    const r = new Referee(15, "freestyle");
    const seq = [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
      [2, 1],
      [3, 0],
      [3, 1],
    ];
    for (const [x, y] of seq) expect(r.play({ x, y })).toEqual({ kind: "ok" });
    expect(r.play({ x: 3, y: 1 })).toEqual({ kind: "illegal", reason: "3,1 is occupied" });
    expect(r.play({ x: 15, y: 1 }).kind).toBe("illegal");
    expect(r.play({ x: 1.5, y: 1 }).kind).toBe("illegal");
    const win = r.play({ x: 4, y: 0 });
    expect(win.kind).toBe("win");
    expect(win.kind === "win" && win.line.length).toBe(5);
    expect(r.play({ x: 9, y: 9 }).kind).toBe("illegal"); // over

    const cap = new Referee(15, "freestyle", 3);
    cap.play({ x: 0, y: 0 });
    cap.play({ x: 5, y: 5 });
    expect(cap.play({ x: 9, y: 9 })).toEqual({ kind: "draw", reason: "move cap" });

    // 5×5 filled without a five: columns in pairs of colours, shifted, so no line of five forms.
    const full = new Referee(5, "freestyle");
    const order: [number, number][] = [];
    const blacks = new Set(["0,0", "0,1", "1,2", "1,3", "2,0", "2,1", "3,2", "3,3", "4,0", "4,1", "0,4", "2,4", "4,4"]);
    const bs = [...blacks].map((s) => s.split(",").map(Number) as [number, number]);
    const ws: [number, number][] = [];
    for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) if (!blacks.has(`${x},${y}`)) ws.push([x, y]);
    expect(bs.length).toBe(13);
    for (let i = 0; i < 25; i++) order.push(i % 2 === 0 ? bs[i / 2] : ws[(i - 1) / 2]);
    const results = order.map(([x, y]) => full.play({ x, y }));
    expect(results.slice(0, 24).every((r) => r.kind === "ok")).toBe(true);
    expect(results[24]).toEqual({ kind: "draw", reason: "full board" });
  });

  it("knows exact five: an overline does not win", () => {
    for (const rule of ["freestyle", "exact5"] as const) {
      const r = new Referee(15, rule);
      for (const x of [0, 1, 2, 4, 5]) {
        r.play({ x, y: 0 });
        r.play({ x, y: 5 + (x % 2) * 3 }); // white scattered
      }
      expect(r.play({ x: 3, y: 0 }).kind).toBe(rule === "freestyle" ? "win" : "ok");
    }
  });

  it("knows renju: black's forbidden points are illegal, white's overline wins", () => {
    const black = new Referee(15, "renju");
    for (const x of [0, 1, 2, 4, 5]) {
      black.play({ x, y: 0 });
      black.play({ x, y: 5 + (x % 2) * 3 });
    }
    expect(black.play({ x: 3, y: 0 })).toEqual({ kind: "illegal", reason: "3,0 is forbidden for black (overline)" });
    const white = new Referee(15, "renju");
    for (const x of [0, 1, 2, 4, 5]) {
      white.play({ x: 14 - x, y: 7 + (x % 2) * 3 });
      white.play({ x, y: 0 });
    }
    white.play({ x: 7, y: 14 });
    const six = white.play({ x: 3, y: 0 });
    expect(six.kind).toBe("win");
    expect(six.kind === "win" && six.line.length).toBe(6);
  });
});

describe("statistics", () => {
  it("scores, margins and Elo", () => {
    const even = matchStats({ wins: 10, draws: 0, losses: 10 });
    expect(even.score).toBe(0.5);
    expect(even.elo).toBeCloseTo(0);
    expect(even.margin).toBeCloseTo(1.96 * Math.sqrt(0.25 / 20), 3);
    const s = matchStats({ wins: 6, draws: 2, losses: 2 });
    expect(s.score).toBeCloseTo(0.7);
    expect(s.elo).toBeCloseTo(147.2, 0);
    expect(s.eloMargin).toBeGreaterThan(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.8, 0);
    expect(eloFromScore(1)).toBe(Infinity);
    const sweep = matchStats({ wins: 4, draws: 0, losses: 0 });
    expect(sweep.margin).toBe(0);
    expect(formatStats(sweep)).toMatch(/^\+4 =0 -0 {2}score 100\.0% ± 0\.0% \(95%\) {2}Elo \+inf/);
    expect(formatStats(s)).toMatch(/^\+6 =2 -2 {2}score 70\.0% ± \d+\.\d% \(95%\) {2}Elo \+147 ± \d+$/);
  });
});

describe("openings", () => {
  it("reads the shipped 15×15 file and rejects bad lines", () => {
    const list = readOpenings("bin/match/openings-15.txt", 15, "freestyle");
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const o of list) expect(o.length).toBeGreaterThanOrEqual(3);
    expect(parseOpenings("# c\n\nh8 i9\r\nh8h9h10 # trailing\n", 15, "freestyle")).toHaveLength(2);
    expect(() => parseOpenings("h8h8", 15, "freestyle")).toThrow(/line 1.*occupied/);
    expect(() => parseOpenings("z9", 15, "freestyle")).toThrow(/line 1/);
  });

  it("the balanced file: distinct positions up to symmetry, both colours to move (npm run openings:balanced)", () => {
    // Its candidates: within 2 of the centre, the 26 classic three-stone openings, one per symmetry class.
    expect(new Set(threeStoneLines(2).map(canonicalKey)).size).toBe(26);
    expect(canonicalKey(parseMoveString("h8h9j10", 15))).toBe(canonicalKey(parseMoveString("h8h7f6", 15)));
    const list = readOpenings("bin/match/openings-balanced-15.txt", 15, "freestyle");
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(new Set(list.map(canonicalKey)).size).toBe(list.length);
    expect(list.some((o) => o.length % 2 === 0)).toBe(true); // black to move
    expect(list.some((o) => o.length % 2 === 1)).toBe(true); // white to move
  });
});

// Fake brains: tiny node programs that speak just enough protocol to misbehave in one way.
const dir = mkdtempSync(path.join(tmpdir(), "gomoku-fake-brains-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FAKE = `
const mode = process.argv[2]; let n = 0; let size = 15; const taken = new Set();
const rl = require("readline").createInterface({ input: process.stdin });
const free = () => { if (mode === "rand") for (;;) { const k = Math.floor(Math.random() * size) + "," + Math.floor(Math.random() * size); if (!taken.has(k)) { taken.add(k); return k; } }
  for (let i = 0; ; i++) { const k = (i % size) + "," + Math.floor(i / size); if (!taken.has(k)) { taken.add(k); return k; } } };
const move = () => { n++;
  if (mode === "crash" && n === 2) process.exit(3);
  if (mode === "sleep" && n === 2) return;
  if (mode === "illegal") return console.log("0,0");
  if (mode === "junk" && n === 2) return console.log("I resign");
  if (mode === "slow") { const k = free(); return setTimeout(() => console.log(k), 150); }
  console.log(free()); };
let board = false;
rl.on("line", (l) => { l = l.trim(); const [c, a] = l.split(" ");
  if (board) { if (l === "DONE") { board = false; move(); } else taken.add(l.split(",").slice(0, 2).join(",")); return; }
  if (c === "START") { size = Number(a); console.log("OK"); }
  else if (c === "RESTART") { taken.clear(); n = 0; console.log("OK"); }
  else if (c === "BEGIN") move();
  else if (c === "TURN") { taken.add(a); move(); }
  else if (c === "BOARD") board = true;
  else if (c === "END") process.exit(0); });
`;
writeFileSync(path.join(dir, "fake.cjs"), FAKE);
const fake = (mode: string, name: string, tcMs = 100): Player => {
  const command = `node ${JSON.stringify(path.join(dir, "fake.cjs"))} ${mode}`;
  return { name, command, tcMs, process: new BrainProcess(command) };
};
const opts = { size: 9, rule: "freestyle" as const, maxMoves: 0, graceMs: 300, startupMs: 10_000, openings: [] };

describe("runMatch with misbehaving brains", () => {
  it("a crash, a timeout, an illegal move and a junk reply lose; the move cap draws", async () => {
    for (const mode of ["crash", "sleep", "illegal", "junk"]) {
      const { games, stats } = await runMatch(fake(mode, "A"), fake("ok", "B"), { ...opts, games: 2 });
      expect(
        games.map((g) => g.winner),
        mode,
      ).toEqual(["B", "B"]);
      expect(stats.losses).toBe(2);
      const want = { crash: /A crash/, sleep: /A timeout/, illegal: /A illegal move 0,0/, junk: /A illegal reply "I resign"/ }[mode]!;
      for (const g of games) expect(g.reason).toMatch(want);
    }
    const capped = await runMatch(fake("ok", "A"), fake("ok", "B"), { ...opts, games: 1, maxMoves: 6 });
    expect(capped.games[0]).toMatchObject({ winner: null, reason: "move cap" });
    expect(capped.games[0].moves).toHaveLength(6);
    // A game time: 150 ms a move against 400 ms a game runs out on the third move.
    const slow = await runMatch({ ...fake("slow", "A", 1000), gameMs: 400 }, fake("ok", "B"), { ...opts, graceMs: 100, games: 1 });
    expect(slow.games[0]).toMatchObject({ winner: "B" });
    expect(slow.games[0].reason).toMatch(/^A timeout/);
    expect(slow.games[0].moves.length).toBeGreaterThanOrEqual(4); // A's first two moves were in time
    const noStart = await runMatch({ ...fake("ok", "A"), command: "exit 3", process: new BrainProcess("exit 3") }, fake("ok", "B"), { ...opts, games: 1 });
    expect(noStart.games[0]).toMatchObject({ winner: "B" });
    expect(noStart.games[0].reason).toMatch(/^A start failed/);
  });

  it("plays each opening twice with colours swapped and the fives adjudicated", async () => {
    const openings = [parseMoveString("e5f6e6", 9)];
    const { games, stats } = await runMatch(fake("ok", "A"), fake("ok", "B"), { ...opts, games: 2, openings });
    expect(games.map((g) => [g.black, g.white])).toEqual([
      ["A", "B"],
      ["B", "A"],
    ]);
    for (const g of games) {
      expect(g.moves.slice(0, 3)).toEqual(openings[0]);
      const { outcome } = replay(9, "freestyle", [], g.moves);
      if (g.reason === "five") expect(outcome.winner === 1 ? g.black : g.white).toBe(g.winner);
      else expect(g.reason).toBe("full board");
    }
    expect(stats.games).toBe(2);
  });
});

describe("a real match (CLI, two real brains)", () => {
  it("plays 2 games on 9×9 and prints the summary", async () => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        "node_modules/.bin/tsx",
        [
          "bin/match.ts",
          "--a",
          "bin/pbrain-gomoku-arena --quiet",
          "--b",
          "bin/pbrain-gomoku-arena --time-scale 0.5",
          "--size",
          "9",
          "--games",
          "2",
          "--tc",
          "60",
          "--grace",
          "2000",
        ],
        { timeout: 120_000 },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(out).toMatch(/^game 1\/2: A black vs B white, opening -: /m);
    expect(out).toMatch(/^game 2\/2: B black vs A white, opening -: .*running A-B /m);
    const result = /^Result for A: \+(\d+) =(\d+) -(\d+) {2}score (\d+\.\d)% ± (\d+\.\d)% \(95%\) {2}Elo /m.exec(out);
    expect(result, out).not.toBeNull();
    const [w, d, l] = result!.slice(1, 4).map(Number);
    expect(w + d + l).toBe(2);
    expect(Number(result![4])).toBeCloseTo(((w + d / 2) / 2) * 100, 1);
    const lines = out.split("\n").filter((s) => /^ {2}\d\. /.test(s));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const m = /^ {2}\d\. ([AB])\(black\)-([AB])\(white\) (1-0|0-1|½-½) (.*\S) +([a-i][1-9a-i0-9]*)$/.exec(line);
      expect(m, line).not.toBeNull();
      const moves = parseMoveString(m![5], 9);
      const { outcome } = replay(9, "freestyle", [], moves); // every move legal
      if (m![4] === "five") expect(outcome.winner).toBe(m![3] === "1-0" ? 1 : 2);
      else expect(m![3]).toBe("½-½");
    }
  });
});

describe("SPRT through the CLI (fake brains)", () => {
  it("plays pairs, prints the LLR after each and stops at H1 when B wins every game", async () => {
    const brain = (mode: string) => `node ${JSON.stringify(path.join(dir, "fake.cjs"))} ${mode}`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        "node_modules/.bin/tsx",
        [
          "bin/match.ts",
          "--sprt",
          "elo0=0",
          "elo1=200",
          "alpha=0.1",
          "beta=0.1",
          "--a",
          brain("illegal"),
          "--b",
          brain("rand"), // not deterministic: pairs that replay earlier ones move for move are not counted
          "--size",
          "9",
          "--tc",
          "500",
          "--max-games",
          "60",
        ],
        { timeout: 120_000 },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(out).toMatch(/^SPRT: H0 elo = 0, H1 elo = 200 \(B vs A, logistic Elo\), alpha 0\.1, beta 0\.1/m);
    expect(out).toMatch(/^ {2}pair 1: B's pentanomial \[LL 0, 0, 0, 0, 1 WW\] {2}LLR \+\d\.\d\d \[-2\.20, 2\.20\]/m);
    const verdict = /^SPRT \(elo0=0, elo1=200, alpha=0\.1, beta=0\.1\): H1 accepted: .* (\d+) pairs, LLR (\d+\.\d+)/m.exec(out);
    expect(verdict, out).not.toBeNull();
    const pairs = Number(verdict![1]);
    expect(pairs).toBeLessThan(30); // stopped at the bound, not at --max-games
    expect(Number(verdict![2])).toBeGreaterThanOrEqual(2.2);
    expect(out.match(/^game \d+\/60: /gm)).toHaveLength(2 * pairs);
  });
});

describe("repeated pairs (deterministic brains)", () => {
  const g = (black: string, moves: string) => ({ black, moves: parseMoveString(moves, 9) });
  it("holds back a pair that replays an earlier one, releases it on a new pair, stops after the limit", () => {
    const w = new RepeatWatch<string>(3);
    expect(w.pair(g("A", "e5f5"), g("B", "e5f5"), "p1")).toEqual({ kind: "count", items: ["p1"] });
    expect(w.pair(g("A", "e5f5"), g("B", "e5f5"), "p2")).toEqual({ kind: "held", held: 1 });
    // One game of the pair new: the pair is information, and so is the one held before it.
    expect(w.pair(g("A", "e5f5"), g("B", "e5g5"), "p3")).toEqual({ kind: "count", items: ["p2", "p3"] });
    expect(w.pair(g("A", "e5f5"), g("B", "e5f5"), "p4")).toEqual({ kind: "held", held: 1 });
    expect(w.pair(g("A", "e5f5"), g("B", "e5g5"), "p5")).toEqual({ kind: "held", held: 2 });
    expect(w.pair(g("A", "e5f5"), g("B", "e5f5"), "p6")).toEqual({ kind: "stop", dropped: 3 });
    expect(w.release()).toEqual([]);
    // The same moves with the colours' owners swapped are a different game.
    const v = new RepeatWatch<string>(3);
    v.pair(g("A", "e5f5"), g("B", "e5g5"), "q1");
    expect(v.pair(g("B", "e5f5"), g("A", "e5g5"), "q2")).toEqual({ kind: "count", items: ["q2"] });
    expect(v.pair(g("B", "e5f5"), g("A", "e5g5"), "q3")).toEqual({ kind: "held", held: 1 });
    // Held when the match ends otherwise: released to be counted.
    expect(v.release()).toEqual(["q3"]);
  });

  it("an SPRT between deterministic brains stops after 10 repeated pairs and counts only the first", async () => {
    const brain = (mode: string) => `node ${JSON.stringify(path.join(dir, "fake.cjs"))} ${mode}`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        "node_modules/.bin/tsx",
        ["bin/match.ts", "--sprt", "--a", brain("ok"), "--b", brain("ok"), "--size", "9", "--tc", "500", "--max-games", "60"],
        { timeout: 120_000 },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(out.match(/^game \d+\/60: /gm)).toHaveLength(22);
    expect(out).toMatch(/^ {2}pair 2: repeats an earlier pair move for move: held back \(1 in a row\)$/m);
    expect(out).toMatch(/^ {2}pair 11: stopped: the last 10 pairs replayed earlier pairs move for move/m);
    expect(out).toMatch(/no verdict: stopped on repeated pairs after 22 games; 1 pairs, /);
  });
});
