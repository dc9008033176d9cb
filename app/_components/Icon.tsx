// A 16-pixel button icon: one SVG path, filled and outlined in the text colour (the replay's and the
// explainer's step buttons).
export function Icon({ d }: { d: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} fill="currentColor" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
