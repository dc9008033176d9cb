// Files and functions over the size limits of sizes.test.ts, with their size when the test came (issue 26).
// The list may only shrink: split one and remove its line; a listed one that grows fails the test.
export const ALLOWED_FILES: Record<string, number> = {};
export const ALLOWED_FUNCTIONS: Record<string, number> = {};
