// Elo of several players from the games between them (not every pair need meet): the Bradley–Terry
// maximum-likelihood fit (a draw counts half a win each), anchored at one player, with error bars
// from the inverse of the Fisher information (95 %: ±1.96 σ).

export interface PairResult {
  a: string;
  b: string;
  /** A's wins, draws and losses against B. */
  wins: number;
  draws: number;
  losses: number;
}

export interface EloRow {
  name: string;
  elo: number;
  /** 95 % margin (Elo points); 0 for the anchor. */
  margin: number;
  games: number;
}

const E = 400 / Math.LN10;

/** Fits ratings (anchor = `anchorElo`); players are those named in `results`, in first-seen order. */
export function fitElo(results: readonly PairResult[], anchor: string, anchorElo: number): EloRow[] {
  const names = [...new Set(results.flatMap((r) => [r.a, r.b]))];
  if (!names.includes(anchor)) throw new Error(`the anchor ${anchor} played no game`);
  const idx = new Map(names.map((n, i) => [n, i]));
  const n = names.length;
  const score = new Float64Array(n);
  const games = new Float64Array(n);
  const pairs = results.map((r) => ({ i: idx.get(r.a)!, j: idx.get(r.b)!, n: r.wins + r.draws + r.losses, s: r.wins + r.draws / 2 }));
  for (const p of pairs) {
    score[p.i] += p.s;
    score[p.j] += p.n - p.s;
    games[p.i] += p.n;
    games[p.j] += p.n;
  }
  // Minorization–maximization (Hunter 2004) on strengths γ; a player with every point or none is
  // held off the edge by half a point, so the fit stays finite. The points are then scaled back to the
  // games played: a fit exists only when they add up to them (with a half point given and none taken,
  // the iteration drifted for its 5,000 rounds and two players with the same record came out apart, by
  // the order of the results: 1500 and 1507 in h3's engine round robin).
  const held = Array.from(score, (s, k) => Math.min(Math.max(s, 0.5), games[k] - 0.5));
  const total = pairs.reduce((sum, p) => sum + p.n, 0);
  const heldSum = held.reduce((sum, w) => sum + w, 0);
  const w = held.map((x) => (x * total) / heldSum);
  const g = new Float64Array(n).fill(1);
  for (let it = 0; it < 5000; it++) {
    let change = 0;
    for (let k = 0; k < n; k++) {
      let denom = 0;
      for (const p of pairs) {
        if (p.i === k) denom += p.n / (g[k] + g[p.j]);
        else if (p.j === k) denom += p.n / (g[k] + g[p.i]);
      }
      const next = w[k] / denom;
      change = Math.max(change, Math.abs(Math.log(next / g[k])));
      g[k] = next;
    }
    if (change < 1e-10) break;
  }
  const a = idx.get(anchor)!;
  const r = Array.from(g, (x) => E * Math.log(x / g[a]) + anchorElo);
  return names.map((name, k) => ({ name, elo: r[k], margin: 1.96 * sigma(pairs, g, a)[k], games: games[k] }));
}

/** σ of each rating (Elo points) from the Fisher information with the anchor's row and column removed. */
function sigma(pairs: ReadonlyArray<{ i: number; j: number; n: number }>, g: Float64Array, anchor: number): number[] {
  const n = g.length;
  const info = Array.from({ length: n }, () => new Float64Array(n));
  for (const p of pairs) {
    const q = g[p.i] / (g[p.i] + g[p.j]);
    const v = (p.n * q * (1 - q)) / (E * E);
    info[p.i][p.i] += v;
    info[p.j][p.j] += v;
    info[p.i][p.j] -= v;
    info[p.j][p.i] -= v;
  }
  const keep = [...Array(n).keys()].filter((k) => k !== anchor);
  const inv = invert(keep.map((i) => keep.map((j) => info[i][j])));
  const out = new Array<number>(n).fill(0);
  keep.forEach((k, m) => (out[k] = Math.sqrt(Math.max(inv[m][m], 0))));
  return out;
}

/** Gauss–Jordan inverse of a small symmetric positive-definite matrix. */
function invert(m: number[][]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    const d = a[c][c] || 1e-12;
    for (let j = 0; j < 2 * n; j++) a[c][j] /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r][c];
      for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row) => row.slice(n));
}
