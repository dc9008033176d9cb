import path from "node:path";
import { defineConfig } from "prisma/config";
import { dbProvider } from "./lib/server/db/provider";

// Prisma 6 with the JavaScript engine and a driver adapter: works offline (no engine download).
// One set of models (prisma/models), two providers: DATABASE_URL=postgresql://… picks
// prisma/postgresql and prisma/migrations/postgresql, anything else SQLite (DATABASE_FILE).
// PRISMA_PROVIDER=sqlite|postgresql overrides (postinstall generates both clients with it).
const provider = dbProvider(process.env);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", provider),
  migrations: { path: path.join("prisma", "migrations", provider) },
  adapter: async () => {
    if (provider === "postgresql") {
      const { pgAdapter } = await import("./lib/server/db/pg");
      return pgAdapter(process.env.DATABASE_URL ?? "");
    }
    const { PrismaLibSQL } = await import("@prisma/adapter-libsql");
    const { sqliteFile, sqliteUrl } = await import("./lib/server/db/sqlite-url");
    return new PrismaLibSQL({ url: sqliteUrl(sqliteFile(process.env.DATABASE_FILE || undefined)) });
  },
});
