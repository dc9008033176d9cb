// A 16-pixel button icon: one SVG path, filled and outlined in the text colour (the replay's and the
// explainer's step buttons).
export function Icon({ d }: { d: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} fill="currentColor" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** The step buttons' paths (drawn, not font glyphs: ⏮ and ⏭ have no glyph in many fonts). */
export const STEP_ICONS = {
  first: "M6 5v14M18 6l-9 6 9 6z",
  prev: "M16 6l-9 6 9 6z",
  next: "M8 6l9 6-9 6z",
  last: "M18 5v14M6 6l9 6-9 6z",
} as const;
