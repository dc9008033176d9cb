"use client";
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { say, type Msg } from "@/lib/client/learn/say";

/** A step message (lib/client/learn/say) in the reader's language. */
export function useSay(): (m: Msg | string | number) => string {
  const t = useTranslations("learn.steps");
  return useCallback((m: Msg | string | number) => (typeof m === "object" ? say((k, v) => t(k, v), m) : String(m)), [t]);
}
