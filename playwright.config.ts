// e2e: real Chromium (Debian's, /usr/bin/chromium) against the production build and the real
// server (server.ts via scripts/start.mjs) on its own port with a throwaway database (e2e/serve.mjs).
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Three workers (one server): most of a spec's time is waiting for searches, pauses and pages, not
  // the CPU: the whole suite took 26.2 min with two at a load of ~25 on 2 cores and 13.4 min with three
  // at the same load (E2E_WORKERS=1 for one at a time).
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
  webServer: {
    command: "node e2e/serve.mjs",
    url: baseURL,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
