import Link from "next/link";
import { useTranslations } from "next-intl";
import { NewGameForm } from "@/app/_components/NewGameForm";
import { LiveGames } from "@/app/_components/LiveGames";
import { PlayOnline } from "@/app/_components/lobby/PlayOnline";

export default function Lobby() {
  const t = useTranslations("lobby");
  const brand = useTranslations("common");
  return (
    <div className="space-y-5">
      <h1 className="sr-only">{brand("brand")}</h1>
      <section className="card p-5" aria-labelledby="play-online">
        <h2 id="play-online" className="mb-1 text-xl font-bold">
          {t("online")}
        </h2>
        <p className="mb-4 text-sm text-muted">{t("onlineDetail")}</p>
        <PlayOnline />
      </section>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.1fr)]">
        <section className="card p-5" aria-labelledby="play-ai">
          <h2 id="play-ai" className="mb-1 text-xl font-bold">
            {t("ai")}
          </h2>
          <p className="mb-4 text-sm text-muted">{t("aiDetail")}</p>
          <NewGameForm opponent="ai" />
        </section>
        <section className="card p-5" aria-labelledby="play-friend">
          <h2 id="play-friend" className="mb-1 text-xl font-bold">
            {t("friend")}
          </h2>
          <p className="mb-4 text-sm text-muted">{t("friendDetail")}</p>
          <NewGameForm opponent="human" />
        </section>
        <section className="card p-5" aria-labelledby="live">
          <h2 id="live" className="mb-1 text-xl font-bold">
            {t("liveGames")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("liveDetail")}</p>
          <LiveGames limit={12} />
          <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4" data-testid="lobby-watch">
            <Link href="/tv" className="btn-ghost flex-1">
              <span className="size-2 rounded-full bg-danger" aria-hidden="true" /> {t("watchTv")}
            </Link>
            <Link href="/tv#match" className="btn-ghost flex-1" data-testid="lobby-ai-match">
              {t("aiMatch")}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
