"use client";
// /players: find a player by name, and the players I follow (who is online, who is playing).
import { useTranslations } from "next-intl";
import { PlayerSearch } from "./PlayerSearch";
import { FollowingList } from "./FollowingList";
import { OutgoingChallenges } from "./OutgoingChallenges";

export function PeoplePage() {
  const t = useTranslations("people");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-testid="people-page">
      <div>
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <p className="text-sm text-muted">{t("intro")}</p>
      </div>
      <section className="card p-4">
        <PlayerSearch />
      </section>
      <FollowingList />
      <OutgoingChallenges />
    </div>
  );
}
