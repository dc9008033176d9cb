// The evaluation graph's geometry (./EvalGraph), pure: where each scored move sits, the line and
// the area under it, each point's click radius, and which forced results get a label.
import { graphScale, graphValue, type EvalPoint } from "@/lib/shared/replay/game";

export const W = 360;
export const H = 150;
export const PAD_X = 10;
export const PAD_Y = 14;

export interface GraphPoint {
  p: EvalPoint;
  cx: number;
  cy: number;
}

export interface GraphShape {
  /** The x of a ply. */
  x: (ply: number) => number;
  pts: GraphPoint[];
  /** Each point's click target's radius. */
  hitR: number;
  /** The polyline's points, and the area between it and the middle ("" without points). */
  line: string;
  area: string;
  /** The first point of each run of forced results, never two labels on top of each other. */
  mateLabels: GraphPoint[];
}

export function graphShape(series: EvalPoint[], plies: number, scale: ReturnType<typeof graphScale>): GraphShape {
  const n = Math.max(plies, 1);
  const x = (p: number) => PAD_X + (p / n) * (W - 2 * PAD_X);
  const y = (v: number) => H / 2 - v * (H / 2 - PAD_Y);
  const pts = series.map((p) => ({ p, cx: x(p.ply), cy: y(graphValue(p.black, scale)) }));
  // Each point's click target: up to 9 units, but never over its neighbours' centres in a long game
  // (a click between points still jumps to the nearest ply: plyAt).
  const hitR = Math.max(2.5, Math.min(9, (W - 2 * PAD_X) / n / 2));
  const line = pts.map((q) => `${q.cx.toFixed(1)},${q.cy.toFixed(1)}`).join(" ");
  const area = pts.length ? `M${pts[0].cx},${H / 2} L${line.replaceAll(" ", " L")} L${pts[pts.length - 1].cx},${H / 2} Z` : "";
  const mateLabels: GraphPoint[] = [];
  for (const [i, q] of pts.entries()) {
    if (q.p.black.kind === "eval") continue;
    const runStart = i === 0 || pts[i - 1].p.black.kind !== q.p.black.kind;
    const clash = mateLabels.some((m) => m.p.black.kind === q.p.black.kind && Math.abs(m.cx - q.cx) < 90);
    if (runStart && !clash) mateLabels.push(q);
  }
  return { x, pts, hitR, line, area, mateLabels };
}

/** The ply nearest a click at `sx` (graph units) across the graph. */
export function plyAt(sx: number, plies: number): number {
  const n = Math.max(plies, 1);
  return Math.max(0, Math.min(plies, Math.round(((sx - PAD_X) / (W - 2 * PAD_X)) * n)));
}
