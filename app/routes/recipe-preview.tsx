import { data, useSearchParams } from "react-router";
import { germanProblem } from "../../catalog/sync/german-reasons.ts";
import { logEvent } from "../../logging/log.ts";
import { RecipePage } from "../components/recipe-page.tsx";
import { recipePageData } from "../lib/recipes/recipe-page-data.ts";
import { stepTimerSeconds } from "../lib/recipes/step-durations.ts";
import { pageTitle } from "../lib/seo/page-title.ts";
import { shellFromMatches } from "../lib/site/shell-data.ts";
import { catalogContext, previewContext, siteConfigContext } from "../lib/site/site-context.server.ts";
import { STATIC_PAGE_HANDLE } from "../lib/site/static-page.ts";
import { servingsToShow } from "../lib/url/servings-param.ts";
import type { Route } from "./+types/recipe-preview";

/**
 * The editors' preview of a recipe, drafts included (decision 0051): what
 * the sync would publish, rendered by the recipe page's own component, or the
 * sync's reasons for leaving the recipe out. Only the Worker's preview
 * handler (workers/draft-preview.ts) reaches this route, after checking the
 * editor's token; it also sets the headers that keep the answer out of every
 * cache and index. Static: no scripts run in the Data Studio's frame, which
 * also keeps the cookie banner and the service worker away.
 */
export const handle = STATIC_PAGE_HANDLE;

export async function loader({ context }: Route.LoaderArgs) {
  const preview = context.get(previewContext);
  if (!preview) throw data(null, { status: 404 });
  const { outcome } = preview;
  if (!outcome.ok) {
    return {
      kind: "left-out" as const,
      name: outcome.name,
      status: outcome.status,
      reasons: outcome.problems.map(germanProblem),
      unconfirmed: outcome.unconfirmed,
    };
  }
  const { recipe } = outcome;
  const { siteUrl } = context.get(siteConfigContext);
  // Images reach browsers only through the /directus allow-list, which serves the live catalog's images
  // alone: an image no published recipe shows yet is left out of the preview, and the page says so.
  let imageShown = recipe.image === null;
  if (recipe.image) {
    const image = recipe.image.toLowerCase();
    imageShown = await context
      .get(catalogContext)()
      .then((catalog) => catalog.hasImage(image))
      .catch((error: unknown) => {
        logEvent("warn", "preview.catalog-unreadable", { recipe: recipe.id }, { error });
        return false;
      });
  }
  return {
    kind: "page" as const,
    status: outcome.status,
    imageHeld: recipe.image !== null && !imageShown,
    recipe: recipePageData(imageShown ? recipe : { ...recipe, image: null }),
    stepTimers: stepTimerSeconds(recipe.steps),
    canonical: `${siteUrl}/rezepte/${recipe.slug}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const name = loaderData?.kind === "page" ? loaderData.recipe.name : (loaderData?.name ?? "Rezept");
  return [
    { title: pageTitle(`Vorschau: ${name}`, shellFromMatches(matches).siteName) },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

/** The banner above a preview: what this is, and the recipe's status in the Data Studio. */
function PreviewBanner({ status, children }: { status: string; children?: React.ReactNode }) {
  return (
    <aside className="notice preview-banner" aria-label="Vorschau">
      <p>
        <strong>Vorschau – so erscheint das Rezept auf der Website.</strong> {`Status: ${status}.`}
      </p>
      {children}
    </aside>
  );
}

export default function RecipePreview({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  if (loaderData.kind === "left-out") {
    const { name, status, reasons, unconfirmed } = loaderData;
    return (
      <article className="page prose recipe-preview-left-out">
        <PreviewBanner status={status} />
        <h1>{`${name ?? "Rezept ohne Namen"}: so nicht auf der Website`}</h1>
        <p>Die Website würde dieses Rezept beim Veröffentlichen weglassen, und zwar aus diesen Gründen:</p>
        <ul className="preview-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{`${reason}.`}</li>
          ))}
        </ul>
        {unconfirmed.length > 0 ? (
          <p>{`Noch nicht bestätigte Zutaten (Vorschläge des Imports): ${unconfirmed.join(", ")}. Bestätige sie bei den Zutaten, dann zählen sie.`}</p>
        ) : null}
        <p>Sobald du die Gründe behoben und gespeichert hast, zeigt die Vorschau das Rezept.</p>
      </article>
    );
  }
  const { recipe, stepTimers, canonical, status, imageHeld } = loaderData;
  return (
    <>
      <PreviewBanner status={status}>
        {imageHeld ? <p>Das Bild erscheint erst, wenn das Rezept veröffentlicht ist.</p> : null}
      </PreviewBanner>
      <RecipePage
        recipe={recipe}
        stepTimers={stepTimers}
        canonical={canonical}
        servings={servingsToShow(search, recipe.servings)}
      />
    </>
  );
}
