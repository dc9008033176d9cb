"use client";
// A game asked for as rated but played as casual (lib/server/ratings/eligibility): both players
// are told why from the start, in their language (the state carries a code and the allowance hit).
import { useTranslations } from "next-intl";
import type { UnratedNote } from "@/lib/shared/eligibility";

export function UnratedNotice({ note }: { note: UnratedNote }) {
  const t = useTranslations("game.unrated");
  return (
    <p className="mt-1 text-xs text-muted" data-testid="unrated" data-code={note.code} role="note">
      {t(note.code, { limit: note.limit ?? 0 })}
    </p>
  );
}
