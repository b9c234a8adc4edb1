import { useEffect, useRef, useState } from "react";
import type { CombinedLine } from "../../lib/shopping-list/combine.ts";
import { listPlainText } from "../../lib/shopping-list/line-text.ts";
import { copyText, type ShareOutcome, shareOrCopy } from "../../lib/site/share-sheet.ts";
import { PrintIcon, ShareIcon, Svg } from "../icons.tsx";

const OUTCOME_TEXT: Partial<Record<ShareOutcome, string>> = {
  copied: "Liste kopiert",
  failed: "Kopieren hat nicht geklappt. Markiere die Liste unten und kopiere sie selbst.",
};

/**
 * "Kopieren", "Teilen" and "Drucken" for the list (as plain text to the
 * clipboard, through the share sheet or else the clipboard, and on paper with
 * the page's print sheet, which shows the lines still to buy and nothing
 * else), and the page's one status line under them. All three need
 * JavaScript and a line to act on: until both are there they are shown
 * disabled, holding their place (an empty list shows them so, not a blank),
 * and `@media (scripting: none)` removes them.
 */
export function ShoppingListTools({
  lines,
  ready,
  message,
}: {
  lines: readonly CombinedLine[];
  ready: boolean;
  /** What the page has to say (a change that failed, the list moved into the account), in the same status line. */
  message: string | null;
}) {
  const [outcome, setOutcome] = useState<{ result: ShareOutcome; text: string } | null>(null);
  const fallback = useRef<HTMLTextAreaElement>(null);

  // The newest news wins the one status line: a message from the page replaces what a copy said.
  useEffect(() => {
    if (message !== null) setOutcome(null);
  }, [message]);

  // Copying failed: the text goes under the visitor's hands, selected, ready for Ctrl+C or a long press.
  useEffect(() => {
    if (outcome?.result !== "failed") return;
    fallback.current?.focus();
    fallback.current?.select();
  }, [outcome]);

  async function run(how: "copy" | "share") {
    const text = listPlainText(lines);
    setOutcome(null);
    const result = how === "copy" ? await copyText(text) : await shareOrCopy({ title: "Einkaufsliste", text }, text);
    setOutcome({ result, text });
  }

  return (
    <div className="shopping-tools">
      <div className="recipe-tools-row">
        <button type="button" className="tool-button" disabled={!ready} onClick={() => run("copy")}>
          <CopyIcon />
          Kopieren
        </button>
        <button type="button" className="tool-button" disabled={!ready} onClick={() => run("share")}>
          <ShareIcon size={20} />
          Teilen
        </button>
        <button type="button" className="tool-button" disabled={!ready} onClick={() => window.print()}>
          <PrintIcon size={20} />
          Drucken
        </button>
      </div>
      <p className="shopping-status" role="status">
        {(outcome ? OUTCOME_TEXT[outcome.result] : undefined) ?? message}
      </p>
      {outcome?.result === "failed" ? (
        <label className="share-fallback">
          <span className="field-label">Die Liste als Text</span>
          <textarea ref={fallback} readOnly rows={6} value={outcome.text} />
        </label>
      ) : null}
    </div>
  );
}

/** Two sheets: copy, drawn on the icons' own frame. */
function CopyIcon() {
  return (
    <Svg size={20}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </Svg>
  );
}
