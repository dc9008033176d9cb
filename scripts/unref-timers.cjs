// Preload for the Prisma CLI: timers of 5 s or more must not keep the process alive.
const original = global.setTimeout;
global.setTimeout = function (fn, ms, ...args) {
  const t = original(fn, ms, ...args);
  if (typeof ms === "number" && ms >= 5000 && t && typeof t.unref === "function") t.unref();
  return t;
};
