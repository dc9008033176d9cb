// npm run bench:arena [-- --players 1000 --nodes 1 --seconds 60]: an arena under load against real
// server processes (bin/arena/run.ts): the time from a game's end to the player's next pairing
// (p50/p99; goal p99 < 2 s), nobody told of two games at once, and the standings equal to a recount
// from the games. --nodes 2: two nodes on a fresh PostgreSQL database and Redis.
import os from "node:os";
import { readArgs } from "./cli/args";
import { runArena } from "./arena/run";

const opts = { players: 1000, nodes: 1, seconds: 60, "move-ms": 0 };
for (const a of readArgs(process.argv.slice(2), ["players", "nodes", "seconds", "move-ms"], { h: "help" })) {
  if (a.name === "help") {
    console.log("npm run bench:arena -- [--players 1000] [--nodes 1] [--seconds 60] [--move-ms 0]");
    process.exit(0);
  }
  const n = Number(a.value);
  if (a.name && a.name in opts && Number.isFinite(n) && (n > 0 || (a.name === "move-ms" && n === 0))) opts[a.name as keyof typeof opts] = n;
  else {
    console.error(`bench:arena: bad option ${a.raw}${a.value !== undefined ? ` ${a.value}` : ""}`);
    process.exit(2);
  }
}
const r = await runArena({ players: opts.players, nodes: opts.nodes, playMs: opts.seconds * 1000, moveMs: opts["move-ms"] });
const ok = r.doubleGames === 0 && r.overlaps === 0 && r.recountDiffers === 0;
console.log(
  `players ${r.players} on ${r.nodes} node(s), setup ${(r.setupMs / 1000).toFixed(1)} s, ${r.games} games played in ${opts.seconds} s${opts["move-ms"] ? ` (bots think ${opts["move-ms"]} ms a move)` : " (bots move at once)"}`,
);
console.log(`game end → next pairing (${r.latencyMs.n}): p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`);
const share = (s: number) => `${s.toFixed(1)} s (${Math.round((100 * s) / r.cpu.seconds)} % of a core)`;
console.log(
  `CPU while playing: bench (the bots) ${share(r.cpu.bench)}; ${r.cpu.nodes.map((s, i) => `node ${i + 1} ${share(s)}`).join(", ")}; load ${os.loadavg()[0].toFixed(1)}`,
);
const stalls = r.cpu.stalls;
const worst = stalls.length ? ` (worst ${Math.max(...stalls.map((x) => x.ms))} ms; at ${stalls.map((x) => `${(x.at / 1000).toFixed(1)} s`).join(", ")})` : "";
console.log(`the bench's own stalls over 300 ms while playing: ${stalls.length}${worst}`);
console.log(
  `told of a second game while playing: ${r.doubleGames}; paired (rows) before the previous game ended: ${r.overlaps}; standings rows differing from a recount: ${r.recountDiffers}`,
);
console.log(ok ? "OK" : "FAILED");
process.exit(ok ? 0 : 1);
