import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { SEARCH_TERM_PARAM } from "../lib/url/form-fields.ts";
import { CloseIcon } from "./icons.tsx";

/** Wait this long after the last keystroke before searching as you type. */
const TYPING_PAUSE_MS = 300;

/**
 * The search form of spec section 2: "Rezepte suchen", a clear button while
 * text is present, "Suchen". A plain GET form to /suche; with JavaScript it
 * also searches while the visitor types, replacing the history entry so the
 * back button skips the keystrokes.
 */
export function SearchForm({ query }: { query: string }) {
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigate = useNavigate();
  // The term this form itself last sent: its result must not overwrite what
  // the visitor has typed since.
  const sent = useRef(query);
  const typing = useRef(false);

  // Text typed on a slow phone before the page became interactive is kept and searched for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render; later text comes through onChange
  useEffect(() => {
    const typedEarly = input.current?.value ?? "";
    if (typedEarly !== query) {
      typing.current = true;
      setValue(typedEarly);
    }
  }, []);

  // A URL that did not come from typing (back button, a suggestion) brings its term along.
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      typing.current = false;
      setValue(query);
    }
  }, [query]);

  useEffect(() => {
    if (!typing.current || value.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = value.trim();
      if (sent.current === "") navigate("/suche", { replace: true, preventScrollReset: true });
      else if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, submit, navigate]);

  return (
    <Form
      method="get"
      action="/suche"
      role="search"
      className="search-form"
      ref={form}
      onSubmit={() => {
        sent.current = value.trim();
      }}
    >
      <label htmlFor="suchbegriff" className="search-label">
        Rezepte suchen
      </label>
      <div className="search-row">
        <div className="search-field">
          <input
            ref={input}
            id="suchbegriff"
            type="search"
            name={SEARCH_TERM_PARAM}
            value={value}
            onChange={(event) => {
              typing.current = true;
              setValue(event.currentTarget.value);
            }}
            placeholder="z. B. Tomatensuppe oder Zucchini"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
          />
          {value !== "" ? (
            // A link, so that it clears the search without JavaScript too.
            <Link
              to="/suche"
              className="search-clear"
              aria-label="Suchbegriff löschen"
              onClick={(event) => {
                event.preventDefault();
                typing.current = true;
                setValue("");
                input.current?.focus();
              }}
            >
              <CloseIcon size={20} />
            </Link>
          ) : null}
        </div>
        <button type="submit" className="button">
          Suchen
        </button>
      </div>
    </Form>
  );
}
