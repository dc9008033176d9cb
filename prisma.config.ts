import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { sqliteUrl } from "./lib/db/sqlite-url";

// Prisma 6 with the JavaScript engine and a driver adapter: works offline (no engine download).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => new PrismaLibSQL({ url: sqliteUrl() }),
});
