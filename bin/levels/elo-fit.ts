// The Bradley–Terry fit moved to lib/shared/elo-fit (engine tournaments' crosstables use it too).
export * from "../../lib/shared/elo-fit";
