// One line of text that people type and others read (chat lines, event names): control characters
// become spaces, invisible format characters go, and a text that shows nothing is refused.
// Browser-safe: no Node APIs here.
import { z } from "./zod";

/** Control characters (line breaks, bells, escapes) become spaces: a message is one line of text. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/**
 * Invisible format characters go: zero-width space, word joiner, BOM, and the bidi overrides and isolates
 * that would turn the rest of a line around ("\u202e" made "evil" read backwards). Joiners (U+200C,
 * U+200D) stay: emoji and some scripts need them, but a text of nothing else is empty.
 */
const INVISIBLE = /[\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/g;
/** What shows nothing: blanks, joiners, the braille blank and Hangul fillers. A text of these only is refused. */
const BLANK = /\s|\u200c|\u200d|\u2800|\u3164|\u115f|\u1160/g;

/** The text as shown: one line, no invisible format characters, trimmed. */
export const plainText = (t: string): string => t.replace(CONTROLS, " ").replace(INVISIBLE, "").trim();

/** Something visible is left (not only blanks and joiners). */
export const showsSomething = (t: string): boolean => t.replace(BLANK, "") !== "";

/**
 * A one-line text of `min`–`max` characters as shown (after plainText), with something visible in it.
 * The raw input is bounded too (`rawMax`, default `max`: what is stripped counts there, so no megabyte of
 * zero-width spaces gets as far as the transform).
 */
export const plainTextSchema = (o: { min: number; max: number; rawMax?: number; tooLong?: string; empty?: string }) =>
  z
    .string()
    .max(o.rawMax ?? o.max, o.tooLong)
    .transform(plainText)
    .pipe(
      z
        .string()
        .min(o.min)
        .max(o.max, o.tooLong)
        .refine(showsSomething, o.empty ?? "The text needs something visible in it."),
    );
