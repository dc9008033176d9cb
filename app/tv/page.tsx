import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { useTranslations } from "next-intl";
import { LiveGames } from "@/app/_components/LiveGames";
import { AiMatchForm } from "@/app/_components/replay/AiMatchForm";
import { TvView } from "@/app/_components/replay/TvView";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("tv") };
}

export default function Tv() {
  const t = useTranslations("tv");
  return (
    <div className="space-y-8">
      <TvView />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <section className="card p-5" id="match" aria-labelledby="match-h">
          <h2 id="match-h" className="mb-1 text-xl font-bold">
            {t("matchTitle")}
          </h2>
          <p className="mb-4 text-sm text-muted">{t("matchDetail")}</p>
          <AiMatchForm />
        </section>
        <section className="card p-5" aria-labelledby="live-h">
          <h2 id="live-h" className="mb-1 text-xl font-bold">
            {t("liveGames")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("liveDetail")}</p>
          <LiveGames />
        </section>
      </div>
    </div>
  );
}
