// An event's name as the reader sees it: the site's scheduled arenas (lib/server/tournaments/schedule) are named by
// their schedule entry in the reader's language; a name a person gave is shown as typed.
import { useTranslations } from "next-intl";

export function useEventName(): (e: { name: string; schedule?: string | null }) => string {
  const t = useTranslations("tournaments.schedule");
  return (e) => (e.schedule && t.has(e.schedule) ? t(e.schedule) : e.name);
}
