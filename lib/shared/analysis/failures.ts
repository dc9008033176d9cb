// Why an analysis failed, as a stable code (stored in AnalysisJob.reason and sent with the progress);
// the page words it in the reader's language (analysis.panel.failure.<code>), scripts read the code.
export const ANALYSIS_FAILURES = {
  GAME_UNREADABLE: "The game could not be read.",
  ENGINE_FAILED: "The engine could not analyse this game.",
} as const;
export type AnalysisFailure = keyof typeof ANALYSIS_FAILURES;

export const isAnalysisFailure = (s: unknown): s is AnalysisFailure => typeof s === "string" && Object.hasOwn(ANALYSIS_FAILURES, s);
