// An engine event's configuration as its page names it: "2. AI 0.1 s · depth ≤ 2" is the server's English
// default (lib/server/tournaments/engine: the number and lib/shared/labels' engineLabel); when the row's name
// is that default, it is worded again in the reader's language. A label its creator typed stays as typed.
import type { EngineSettings } from "@/lib/shared/protocol";
import { engineLabel } from "@/lib/shared/labels";

export function configName(name: string, engine: EngineSettings, worded: (e: EngineSettings) => string): string {
  const m = /^(\d+)\. (.*)$/.exec(name);
  return m && m[2] === engineLabel(engine) ? `${m[1]}. ${worded(engine)}` : name;
}
