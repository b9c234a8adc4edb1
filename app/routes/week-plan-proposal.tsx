import { useNavigation } from "react-router";
import { FEWEST_DAYS, MOST_DAYS } from "../../catalog/view/week-plan-proposal.ts";
import { RecipeCard } from "../components/recipe-card.tsx";
import { RecipeFilterBar, RecipeFilterFields, RefusedFilterNotice } from "../components/recipe-filter.tsx";
import { RouteLink } from "../components/route-link.tsx";
import { useRememberedPantryAddress } from "../lib/hooks/use-remembered-pantry-address.ts";
import { ACCOUNT_PANTRY_URL } from "../lib/pantry/account-pantry.ts";
import { DEVICE_PANTRY_KEY } from "../lib/pantry/device-pantry-key.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { shellFromMatches, useVisitor } from "../lib/site/shell-data.ts";
import { catalogContext } from "../lib/site/site-context.server.ts";
import {
  CSRF_FIELD,
  MISSING_BASIC_PARAM,
  RECIPE_ACTION_FIELD,
  SELECTED_INGREDIENT_PARAM,
} from "../lib/url/form-fields.ts";
import { ingredientSearchHref } from "../lib/url/ingredient-query.ts";
import { readProposalQuery } from "../lib/url/read-week-plan-proposal-query.ts";
import { PROPOSAL_PATH, WEEK_DAYS_PARAM } from "../lib/url/week-plan-fields.ts";
import { type ProposalQuery, proposalHref, swapHref } from "../lib/url/week-plan-proposal-query.ts";
import { WEEK_PLAN_ACTIONS, WEEK_PLAN_ENTRY_FIELD } from "../lib/week-plan/plan-fields.ts";
import { answerProposal } from "../lib/week-plan/proposal-answer.ts";
import type { Route } from "./+types/week-plan-proposal";

/** Day 0 is Monday, as the week plan counts (`eintrag=<day>|…`). */
const WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"] as const;

/**
 * "Plan meine Woche" (issue 46, decision 0071): computed here from the
 * address, which holds the visitor's pantry; so it is answered for this
 * request alone (headers below), never from or into the edge cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const read = readProposalQuery(new URL(request.url).searchParams);
  const catalog = await context.get(catalogContext)();
  const answer = await answerProposal(catalog, read);
  return {
    ...answer,
    refusedFilters: read.refusedFilters,
    // Made here, not by the page's script: the ingredient search's address module would move into the chunk every
    // page loads, shared with the ingredient search.
    pantryHref: ingredientSearchHref({ ...answer.query, excluded: [], filter: "" }),
    // From here too: the proposal's module would bring the categories into that chunk.
    // Where the browser finds a remembered pantry, for the same reason (use-remembered-pantry-address.ts).
    pantryPlaces: { deviceKey: DEVICE_PANTRY_KEY, accountUrl: ACCOUNT_PANTRY_URL },
    dayChoices: Array.from({ length: MOST_DAYS - FEWEST_DAYS + 1 }, (_, index) => FEWEST_DAYS + index),
  };
}

/** The visitor's pantry makes the page: kept by no cache, the edge's included, and never indexed. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Plan meine Woche", shellFromMatches(matches).siteName) },
  { name: "robots", content: "noindex" },
];

/** "Tomate, Zwiebel und Ei". */
function listText(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} und ${names.at(-1)}`;
}

function fewerDaysText(possible: number, asked: number): string {
  if (possible === 0) return "Mit diesen Filtern finden wir keine Rezepte für deine Woche. Wähle weniger Filter.";
  return `Mit diesen Filtern finden wir nur für ${possible} statt ${asked} Tage Rezepte, die sich nicht an zwei Tagen hintereinander in der Kategorie wiederholen.`;
}

/** The page's address without its plan: a fresh proposal for the same days, pantry and filter. */
function freshQuery(query: ProposalQuery): ProposalQuery {
  return { ...query, plan: [], swap: null, shown: [] };
}

export default function WeekPlanProposal({ loaderData }: Route.ComponentProps) {
  const {
    query,
    days,
    asked,
    possibleDays,
    toBuy,
    pantryNames,
    noOtherFor,
    planReplaced,
    refusedFilters,
    dayChoices,
    pantryHref,
    pantryPlaces,
  } = loaderData;
  const visitor = useVisitor();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === PROPOSAL_PATH;
  const pantryInAddress = query.selected.length > 0 || query.missingBasics.length > 0;
  useRememberedPantryAddress(pantryPlaces, pantryInAddress, visitor !== null, (pantry) =>
    proposalHref({ ...freshQuery(query), selected: pantry.selected, missingBasics: pantry.missingBasics }),
  );
  const pantryKey = `${query.selected.join(" ")}|${query.missingBasics.join(" ")}`;

  return (
    <div className="page wide-page week-plan-proposal">
      <h1>Plan meine Woche</h1>
      <p className="lead">
        Abendessen für deine Woche, die zusammen möglichst wenig Einkauf brauchen und nutzen, was du zu Hause hast.
      </p>

      <form method="get" action={PROPOSAL_PATH} className="week-plan-form">
        <label htmlFor="wochenplan-tage">Wie viele Abendessen?</label>
        <select id="wochenplan-tage" name={WEEK_DAYS_PARAM} defaultValue={String(query.days)} key={query.days}>
          {dayChoices.map((count) => (
            <option key={count} value={count}>
              {`${count} Abendessen`}
            </option>
          ))}
        </select>
        {query.selected.map((value) => (
          <input key={`z-${value}`} type="hidden" name={SELECTED_INGREDIENT_PARAM} value={value} />
        ))}
        {query.missingBasics.map((slug) => (
          <input key={`fehlt-${slug}`} type="hidden" name={MISSING_BASIC_PARAM} value={slug} />
        ))}
        <RecipeFilterFields filter={query.recipeFilter} />
        <button type="submit" className="button">
          Neu planen
        </button>
      </form>
      <RecipeFilterBar filter={query.recipeFilter} base={proposalHref(freshQuery(query))} />
      <RefusedFilterNotice refused={refusedFilters} />

      <section key={pantryKey} className="week-plan-pantry" aria-labelledby="wochenplan-vorrat">
        <h2 id="wochenplan-vorrat">Dein Vorrat</h2>
        {pantryNames.length > 0 ? (
          <p>
            {`Wir planen mit: ${listText(pantryNames)}. `}
            <RouteLink to={pantryHref}>Vorrat in der Zutatensuche ändern</RouteLink>
          </p>
        ) : (
          <p className="notice">
            {"Dein Vorrat ist leer, also planen wir ohne ihn. Wähle in der "}
            <RouteLink to="/zutatensuche">Zutatensuche</RouteLink>
            {" aus, was du zu Hause hast: wir merken es uns, und dein Plan nutzt es, wenn du wiederkommst."}
          </p>
        )}
      </section>

      <section
        key={`vorschlag-${pantryKey}`}
        className="week-plan-result"
        aria-labelledby="wochenplan-vorschlag"
        aria-busy={busy}
      >
        <h2 id="wochenplan-vorschlag">Dein Vorschlag</h2>
        {planReplaced ? (
          <p className="notice">Der Plan aus dem Link passt nicht mehr zum Angebot; hier ist ein neuer Vorschlag.</p>
        ) : null}
        {possibleDays < asked ? <p className="notice">{fewerDaysText(possibleDays, asked)}</p> : null}
        <ol className="week-plan-days">
          {days.map((day, index) => (
            <li key={WEEKDAYS[index]} className="week-plan-day">
              <h3 className="week-plan-weekday">{WEEKDAYS[index]}</h3>
              <RecipeCard recipe={day.recipe} headingLevel={3} priority={index === 0} body={null}>
                <p className="week-plan-uses">
                  {day.fromPantry.length > 0
                    ? `Aus deinem Vorrat: ${listText(day.fromPantry)}`
                    : "Nutzt nichts aus deinem Vorrat"}
                </p>
                {noOtherFor === index ? (
                  <p className="notice">{`Für ${WEEKDAYS[index]} passt kein anderes Rezept mehr.`}</p>
                ) : null}
                <p className="week-plan-swap">
                  <RouteLink
                    to={swapHref(query, index)}
                    className="button button-secondary"
                    aria-label={`Anderes Rezept für ${WEEKDAYS[index]}`}
                    rel="nofollow"
                  >
                    Anderes Rezept
                  </RouteLink>
                </p>
              </RecipeCard>
            </li>
          ))}
        </ol>

        {days.length > 0 ? (
          <>
            <h2 id="wochenplan-einkauf">Du brauchst nur noch</h2>
            {toBuy.length === 0 ? (
              <p className="week-plan-to-buy-none">Nichts: alles ist in deinem Vorrat oder bei den Grundzutaten.</p>
            ) : (
              <ul className="week-plan-to-buy" aria-labelledby="wochenplan-einkauf">
                {toBuy.map((line) => (
                  <li key={line.key}>{line.text}</li>
                ))}
              </ul>
            )}
            <form method="post" action="/wochenplan" className="week-plan-take">
              {visitor ? <input type="hidden" name={CSRF_FIELD} value={visitor.csrfToken} /> : null}
              <input type="hidden" name={RECIPE_ACTION_FIELD} value={WEEK_PLAN_ACTIONS.proposal} />
              {days.map((day, index) => (
                <input
                  key={day.recipe.slug}
                  type="hidden"
                  name={WEEK_PLAN_ENTRY_FIELD}
                  value={`${index}|${day.recipe.slug}|${day.servings}`}
                />
              ))}
              <button type="submit" className="button">
                In den Wochenplan übernehmen
              </button>
            </form>
          </>
        ) : null}
      </section>
    </div>
  );
}
