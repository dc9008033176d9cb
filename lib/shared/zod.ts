// zod as every shared module uses it. Browsers: zod must not probe for eval (its JIT), which the
// pages' CSP forbids and reports as a violation (proxy.ts); configured here, before any schema of
// any module can parse, whichever module a page loads first. The server keeps the faster JIT.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
