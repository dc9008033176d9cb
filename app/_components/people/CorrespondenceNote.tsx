"use client";
// The game page of a correspondence game: its days per move and when the move due must be made.
import { useTranslations } from "next-intl";
import type { CorrespondenceView } from "@/lib/shared/correspondence";
import { useDates } from "../i18n/words";

export function CorrespondenceNote({ corr }: { corr: CorrespondenceView }) {
  const t = useTranslations("people.corr");
  const dates = useDates();
  return (
    <p className="text-sm text-muted" data-testid="corr-note">
      {corr.deadline ? t("deadline", { days: corr.days, date: dates.dateTime(corr.deadline) }) : t("perMove", { n: corr.days })}
    </p>
  );
}
