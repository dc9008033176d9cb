// npm run bench:pairing [-- --players 2000 --nodes 1 --ramp 10 --settle 20]: quick pairing under
// load against real server processes (bin/pairing/run.ts): every compatible pair matched, the time
// from "join pool" to "game created" (p50/p90/p99), and nobody in two games. --nodes 2: two nodes
// on a fresh PostgreSQL database and Redis (needs both, as on the developer and CI machines).
import { readArgs } from "./cli/args";
import { runPairing } from "./pairing/run";

const opts = { players: 2000, nodes: 1, ramp: 10, settle: 20 };
for (const a of readArgs(process.argv.slice(2), ["players", "nodes", "ramp", "settle"], { h: "help" })) {
  if (a.name === "help") {
    console.log("npm run bench:pairing -- [--players 2000] [--nodes 1] [--ramp 10 (s)] [--settle 20 (s)]");
    process.exit(0);
  }
  const n = Number(a.value);
  if (a.name && a.name in opts && Number.isFinite(n) && n > 0) opts[a.name as keyof typeof opts] = n;
  else {
    console.error(`bench:pairing: bad option ${a.raw}${a.value !== undefined ? ` ${a.value}` : ""}`);
    process.exit(2);
  }
}
const r = await runPairing({ players: opts.players, nodes: opts.nodes, rampMs: opts.ramp * 1000, settleMs: opts.settle * 1000 });
const ok = r.doubleGames === 0 && r.oddGames === 0 && Object.values(r.leftWaiting).every((n) => n <= 1);
console.log(`players ${r.players} on ${r.nodes} node(s), joins over ${opts.ramp} s (setup ${(r.setupMs / 1000).toFixed(1)} s)`);
console.log(`paired ${r.paired} into ${r.games} games; left waiting per pool ${JSON.stringify(r.leftWaiting)}`);
console.log(`join → game created: p50 ${r.latencyMs.p50} ms, p90 ${r.latencyMs.p90} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`);
console.log(`players in two games: ${r.doubleGames}; games without exactly two players told: ${r.oddGames}`);
console.log(ok ? "OK" : "FAILED");
process.exit(ok ? 0 : 1);
