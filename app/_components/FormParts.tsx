"use client";
// Form parts shared by the lobby's forms (./NewGameForm, ./lobby/ChallengeForm) and the account's (./identity): a labelled field
// and a segmented choice (radio buttons drawn as one bar).
import type { ReactNode } from "react";

export function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div>
      {htmlFor ? (
        <label htmlFor={htmlFor} className="field-label">
          {label}
        </label>
      ) : (
        <div className="field-label">{label}</div>
      )}
      {children}
    </div>
  );
}

export function Segmented({
  name,
  value,
  onChange,
  options,
}: {
  name: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<{ value: string; label: string; title?: string }>;
}) {
  return (
    <div role="radiogroup" className="flex rounded-lg border border-line bg-white p-0.5">
      {options.map((o) => (
        <label
          key={o.value}
          title={o.title}
          className={`flex-1 cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${
            value === o.value ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-page"
          }`}
        >
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
          {o.label}
        </label>
      ))}
    </div>
  );
}
