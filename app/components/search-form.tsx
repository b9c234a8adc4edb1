import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { NO_FILTER, type RecipeFilter } from "../../catalog/recipes/recipe-filter.ts";
import type { RecipeOrder } from "../../catalog/recipes/recipe-order.ts";
import { useInputBeforeHydration } from "../lib/hooks/use-input-before-hydration.ts";
import { SEARCH_TERM_PARAM } from "../lib/url/form-fields.ts";
import { withRecipeFilter } from "../lib/url/recipe-filter-param.ts";
import { recipeOrderParams, withRecipeOrder } from "../lib/url/recipe-order-param.ts";
import { CloseIcon } from "./icons.tsx";
import { RecipeFilterFields } from "./recipe-filter.tsx";

/** Wait this long after the last keystroke before searching as you type. */
const TYPING_PAUSE_MS = 300;

/**
 * The search form of spec section 2: "Rezepte suchen", a clear button while
 * text is present, "Suchen". A plain GET form to /suche; with JavaScript it
 * also searches while the visitor types, replacing the history entry so the
 * back button skips the keystrokes. A list filter and order chosen stay with
 * a new term (hidden fields).
 */
export function SearchForm({
  query,
  filter = NO_FILTER,
  order = "default",
}: {
  query: string;
  filter?: RecipeFilter;
  order?: RecipeOrder;
}) {
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigate = useNavigate();
  // The search without a term, the filter and order kept.
  const emptySearch = withRecipeOrder(withRecipeFilter("/suche", filter), order);
  // The term this form itself last sent: its result must not overwrite what
  // the visitor has typed since.
  const sent = useRef(query);
  const typing = useRef(false);

  // A term typed, pasted or dictated before hydration (decision 0058) is kept and searched for, as if typed now.
  useInputBeforeHydration(input, ([field]) => {
    typing.current = true;
    setValue(field?.value ?? "");
  });

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
      if (sent.current === "") navigate(emptySearch, { replace: true, preventScrollReset: true });
      else if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, submit, navigate, emptySearch]);

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
              to={emptySearch}
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
      <RecipeFilterFields filter={filter} />
      {recipeOrderParams(order).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </Form>
  );
}
