"use client";
// A player's page (/@/<name>): ratings per pool with their history, the win/draw/loss record and
// recent games (each opens its replay). Data: GET /api/players/<name> (lib/server/ratings/http).
import { useTranslations } from "next-intl";
import { useDates, useErrorText, usePoolLabel, useRuleWords } from "../i18n/words";
import Link from "next/link";
import { useEffect, useState } from "react";
import { TournamentLine } from "../tournaments/TournamentLine";
import { PLAYERS_API, type PlayerProfile, type ProfileGame } from "@/lib/shared/players";
import { levelElo } from "@/lib/shared/levels";
import type { ApiAnswer } from "@/lib/shared/identity";
import { PlayerLink, diffText, ratingText } from "../PlayerLink";
import { RatingChart } from "./RatingChart";
import { ImportedGames } from "./ImportedGames";
import { PuzzleStats } from "../puzzles/PuzzleStats";
import { recentOutcome, showsRated } from "./recent-game";
import { useMe } from "@/lib/client/identity";
import { PlayerActions } from "../people/PlayerActions";

export function PlayerPage({ name }: { name: string }) {
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pool, setPool] = useState<string | null>(null);
  const t = useTranslations("player");
  const errorText = useErrorText();
  const dates = useDates();
  const poolLabel = usePoolLabel();
  const me = useMe();

  useEffect(() => {
    let alive = true;
    void fetch(PLAYERS_API.player(name), { cache: "no-store" })
      .then((r) => r.json() as Promise<ApiAnswer<{ profile: PlayerProfile }>>)
      .then(
        (a) => {
          if (!alive) return;
          if (a.ok) setProfile(a.profile);
          else setError(errorText(a.error));
        },
        () => alive && setError(t("noAnswer")),
      );
    return () => {
      alive = false;
    };
  }, [name, errorText, t]);

  if (error)
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="player-error">
        <h1 className="mb-2 text-xl font-bold">{t("noSuch")}</h1>
        <p className="text-muted">{error}</p>
      </div>
    );
  if (!profile)
    return (
      <div className="grid place-items-center py-24 text-muted" data-testid="loading">
        {t("loading")}
      </div>
    );

  const shownPool = pool ?? profile.ratings[0]?.pool ?? null;
  const { wins, draws, losses } = profile.record;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="player-page" data-name={profile.name}>
      <section className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-bold wrap-anywhere" data-testid="player-name">
            {profile.name}
          </h1>
          <p className="text-sm text-muted">
            {t(profile.account ? "accountSince" : "guestSince", { date: dates.date(profile.createdAt) })} ·{" "}
            <span data-testid="player-record" data-wins={wins} data-draws={draws} data-losses={losses}>
              {t("record", { wins, draws, losses })}
            </span>
            {profile.bestLevelBeaten !== null && (
              <>
                {" · "}
                <span data-testid="player-best-level" data-level={profile.bestLevelBeaten}>
                  {t("bestLevel", { level: profile.bestLevelBeaten, elo: levelElo(profile.bestLevelBeaten) })}
                </span>
              </>
            )}
          </p>
          <TournamentLine name={profile.name} />
        </div>
        {me && me.name.toLowerCase() !== profile.name.toLowerCase() && <PlayerActions name={profile.name} />}
        <div className="card p-4">
          <h2 className="mb-2 font-semibold">{t("recent")}</h2>
          {profile.recent.length === 0 ? (
            <p className="text-sm text-muted">{t("noGames")}</p>
          ) : (
            <ul className="divide-y divide-line" data-testid="recent-games">
              {profile.recent.map((g) => (
                <RecentGame key={g.id} g={g} />
              ))}
            </ul>
          )}
        </div>
        <ImportedGames name={profile.name} />
        <PuzzleStats name={profile.name} />
      </section>
      <aside className="flex flex-col gap-4">
        <div className="card p-4">
          <h2 className="mb-2 font-semibold">{t("ratings")}</h2>
          {profile.ratings.length === 0 ? (
            <p className="text-sm text-muted">{t("notRated")}</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="ratings">
              {profile.ratings.map((r) => (
                <li key={r.pool}>
                  <button
                    className={`flex w-full items-baseline justify-between rounded px-2 py-1 text-left text-sm ${r.pool === shownPool ? "bg-wood/25" : "hover:bg-page"}`}
                    onClick={() => setPool(r.pool)}
                    data-testid={`rating-${r.pool}`}
                    title={t("deviation", { rd: r.rd })}
                  >
                    <span>{poolLabel(r.pool)}</span>
                    <span className="font-semibold tabular-nums">
                      {ratingText(r.rating, r.provisional)} <span className="font-normal text-muted">({r.games})</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {shownPool && (
          <div className="card p-4">
            <h2 className="mb-2 text-sm font-semibold">{poolLabel(shownPool)}</h2>
            <RatingChart points={profile.history[shownPool] ?? []} />
            <Link href={`/leaderboard?pool=${encodeURIComponent(shownPool)}`} className="mt-2 inline-block text-sm text-accent-dark underline">
              {t("leaderboard")}
            </Link>
          </div>
        )}
      </aside>
    </div>
  );
}

function RecentGame({ g }: { g: ProfileGame }) {
  const outcome = recentOutcome(g);
  const won = outcome === "won";
  const t = useTranslations("player");
  const rules = useRuleWords();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="recent-game" data-game-id={g.id}>
      <span
        className={`size-3 rounded-full ${g.color === 1 ? "bg-black" : "border border-neutral-400 bg-white"}`}
        title={t(g.color === 1 ? "black" : "white")}
      />
      <span className={`w-16 font-semibold ${won ? "text-accent-dark" : outcome === "lost" ? "text-danger" : ""}`}>
        {outcome === "none" ? "—" : t(outcome)}
      </span>
      <span className="min-w-0 flex-1 truncate">
        {t("vs")} {g.opponent ? <PlayerLink name={g.opponent} className="font-semibold" /> : t("ai")} · {g.size}×{g.size} {rules.text(g.rule)}
        {showsRated(g) ? ` · ${t("rated")}` : ""}
      </span>
      {g.diff !== null && <span className="tabular-nums">{diffText(g.diff)}</span>}
      <Link href={`/replay/${g.id}`} className="text-accent-dark underline" data-testid="recent-game-replay">
        {t("replay")}
      </Link>
    </li>
  );
}
