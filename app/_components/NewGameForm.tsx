"use client";
// The lobby's two forms: "Play the AI" and "Play a friend". Both create a game over the socket,
// keep the seat token, and go to the game page.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { EV } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { setSeatToken } from "@/lib/client/seats";
import { useToast } from "./Toast";
import { useTranslations } from "next-intl";
import { PLAY_SIZES, useErrorText, useRuleChoices } from "./i18n/words";
import { Field, Segmented } from "./FormParts";
import { AiFields, ColorChoice, DEFAULT_SETTINGS, OptionChecks, createPayload, type NewGameSettings } from "./NewGameFields";

export function NewGameForm({ opponent }: { opponent: "ai" | "human" }) {
  const router = useRouter();
  const toast = useToast();
  const [s, setSettings] = useState<NewGameSettings>(DEFAULT_SETTINGS);
  const set = (p: Partial<NewGameSettings>) => setSettings((prev) => ({ ...prev, ...p }));
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${opponent}-${name}`;
  const t = useTranslations("lobby.form");
  const errorText = useErrorText();
  const ruleChoices = useRuleChoices();
  const fields = { opponent, s, set, id };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const ack = await request(EV.create, createPayload(opponent, s));
    if (!ack.ok) {
      toast(errorText(ack.error));
      setBusy(false);
      return;
    }
    setSeatToken(ack.gameId, ack.seatToken);
    router.push(`/game/${ack.gameId}`);
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid={opponent === "ai" ? "form-ai" : "form-friend"}>
      <Field label={t("board")}>
        <Segmented
          name={id("size")}
          value={String(s.size)}
          onChange={(v) => set({ size: Number(v) })}
          options={PLAY_SIZES.map((n) => ({ value: String(n), label: `${n}×${n}` }))}
        />
      </Field>
      <Field label={t("rule")}>
        <Segmented name={id("rule")} value={s.rule} onChange={(v) => set({ rule: v as NewGameSettings["rule"] })} options={ruleChoices} />
      </Field>
      <Field label={t("youPlay")}>
        <ColorChoice {...fields} />
      </Field>
      {opponent === "ai" && <AiFields {...fields} />}
      <OptionChecks {...fields} />
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
        {busy ? t("creating") : opponent === "ai" ? t("playAi") : t("createInvite")}
      </button>
    </form>
  );
}
