// What /game/<id> and /replay/<id> show for an id with no game (their not-found.tsx; the status is 404).
import Link from "next/link";
import { useTranslations } from "next-intl";

export function UnknownGame() {
  const t = useTranslations("common.unknownGame");
  return (
    <div className="card mx-auto max-w-md p-6 text-center" data-testid="unknown-game">
      <h1 className="mb-2 text-xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-muted">{t("detail")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link href="/games" className="btn-ghost">
          {t("games")}
        </Link>
        <Link href="/" className="btn-primary">
          {t("back")}
        </Link>
      </div>
    </div>
  );
}
