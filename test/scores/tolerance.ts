// The property test's tolerance (win-% points), stated once: see consistency.test.ts.
export const TOLERANCE = 40;
