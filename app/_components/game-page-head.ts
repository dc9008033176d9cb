// The game and replay pages' shared head: the custom server looked the id up (lib/server/games/pages)
// and marked an unknown one with a header; such a page is a 404, with the 404 page's title.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { UNKNOWN_GAME_HEADER } from "@/lib/shared/unknown-game";

const unknownGame = async () => (await headers()).has(UNKNOWN_GAME_HEADER);

/** The page's title: its own (common.titles.<title>), or the unknown game's. */
export async function gamePageMetadata(title: "game" | "replay"): Promise<Metadata> {
  if (await unknownGame()) return { title: (await getTranslations("common.unknownGame"))("title") };
  return { title: (await getTranslations("common.titles"))(title) };
}

/** No such game: the 404 page. */
export async function notFoundIfUnknownGame(): Promise<void> {
  if (await unknownGame()) notFound();
}
