"use client";
// The account forms' request and what it answered (./AccountPanel, ./PasswordForm, ./SignOutEverywhere):
// busy while it runs (the button is disabled), then a line that says how it went.
import { useState } from "react";
import type { ErrorInfo } from "@/lib/shared/protocol";

export interface StatusMessage {
  ok: boolean;
  text: string;
}

/** `send(request, say)`: runs the request (busy meanwhile), then shows what `say` makes of its error (null: it went through); answers the error. */
export function useFormRequest() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<StatusMessage | null>(null);
  async function send(request: () => Promise<ErrorInfo | null>, say: (err: ErrorInfo | null) => StatusMessage | null): Promise<ErrorInfo | null> {
    setBusy(true);
    const err = await request();
    setBusy(false);
    setMessage(say(err));
    return err;
  }
  return { busy, message, setMessage, send };
}

/** The answer's line: a status when it went through, an alert when not. */
export function StatusLine({ message }: { message: StatusMessage | null }) {
  if (!message) return null;
  return (
    <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-accent-dark" : "text-danger"}`}>
      {message.text}
    </p>
  );
}
