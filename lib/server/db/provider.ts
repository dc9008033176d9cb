// Which database: PostgreSQL when DATABASE_URL is postgres(ql)://…, else the SQLite file
// (DATABASE_FILE, default data/gomoku.db). PRISMA_PROVIDER forces one (used by postinstall to
// generate both clients). Browser-free, dependency-free: prisma.config.ts imports it too.
export type DbProvider = "sqlite" | "postgresql";

export const isPostgresUrl = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//i.test(url);

export function dbProvider(env: Record<string, string | undefined>): DbProvider {
  const forced = env.PRISMA_PROVIDER;
  if (forced === "sqlite" || forced === "postgresql") return forced;
  return isPostgresUrl(env.DATABASE_URL) ? "postgresql" : "sqlite";
}
