import Link from "next/link";
import { useTranslations } from "next-intl";

export default function NotFound() {
  const t = useTranslations("common.notFound");
  return (
    <div className="card mx-auto max-w-md p-6 text-center" data-testid="not-found">
      <h1 className="mb-2 text-xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-muted">{t("detail")}</p>
      <Link href="/" className="btn-primary">
        {t("back")}
      </Link>
    </div>
  );
}
