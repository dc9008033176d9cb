import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TournamentList } from "@/app/_components/tournaments/TournamentList";
import { CreateTournamentForm } from "@/app/_components/tournaments/CreateTournamentForm";
import { CreateEngineTournamentForm } from "@/app/_components/tournaments/CreateEngineTournamentForm";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("tournaments"))("title") };
}

export default async function TournamentsPage() {
  const t = await getTranslations("tournaments");
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-1 text-2xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-muted">{t("intro")}</p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <TournamentList />
        <div className="space-y-6">
          <CreateTournamentForm />
          <CreateEngineTournamentForm />
        </div>
      </div>
    </div>
  );
}
