import type { ReactNode } from "react";
import { preload } from "react-dom";
import { germanNumber } from "../lib/recipes/german-number.ts";
import { ratingLabel, ratingText, shownRating } from "../lib/recipes/rating-text.ts";
import type { RecipeListCardData } from "../lib/recipes/recipe-card-data.ts";
import { CARD_IMAGE, IMAGE_TRANSFORMS, recipeImageUrl } from "../lib/recipes/recipe-images.ts";
import { addToWeekPlanHref } from "../lib/url/week-plan-fields.ts";
import { headingAt } from "./headings.ts";
import { RouteLink } from "./route-link.tsx";
import { SaveRecipeButton } from "./save-recipe-button.tsx";

interface RecipeCardProps {
  recipe: RecipeListCardData;
  /** Link the name to the recipe page; off on that page itself. */
  linkName?: boolean;
  /** The first card on a page loads its image at once; the rest when scrolled near. */
  priority?: boolean;
  /** Heading level: h1 on the recipe page, h2 in lists, h3 in a list under its own heading. */
  headingLevel?: 1 | 2 | 3;
  /**
   * "Zum Wochenplan" as a link to the week plan, which offers the day and servings for the recipe: on the cards
   * of lists and the home page. The recipe page has the form itself (AddToWeekPlan).
   */
  weekPlanLink?: boolean;
  /** Buttons after the save button, on the recipe page (print, share, cooking mode). */
  actions?: ReactNode;
  /** A line under the name, saying why the recipe is in a list where that is not plain (a search's related hit). */
  note?: string | null;
  /** Extra lines under the description, such as how well a recipe matches. */
  children?: ReactNode;
  /** One more badge after the card's own, such as "Ohne Einkauf" on the ingredient search. */
  extraBadge?: string | null;
  /**
   * Steps and ingredients: in full on the recipe page and the home page
   * (RecipeBody), in lists a closed disclosure that loads them when opened
   * (RecipeDetailsDisclosure).
   */
  body: ReactNode;
}

/** The recipe card of spec section 2. */
export function RecipeCard({
  recipe,
  linkName = true,
  priority = false,
  headingLevel = 2,
  weekPlanLink = false,
  actions,
  note,
  children,
  extraBadge,
  body,
}: RecipeCardProps) {
  const Heading = headingAt(headingLevel);
  const rating = shownRating(recipe.rating);
  const avif = recipe.image ? recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.cardAvif) : null;
  if (priority && avif) {
    // The first image is the page's largest paint. Inside <picture> React writes no preload for it, so the
    // browser would find it only after the head's scripts; this one goes to the top of the head. Browsers
    // without AVIF skip it and load the <img>'s own choice.
    preload(avif, {
      as: "image",
      type: "image/avif",
      fetchPriority: "high",
    });
  }
  return (
    <article className="recipe-card" data-slug={recipe.slug}>
      <Heading className="recipe-name">
        {linkName ? <RouteLink to={`/rezepte/${recipe.slug}`}>{recipe.name}</RouteLink> : recipe.name}
      </Heading>
      {note ? <p className="match-reason">{note}</p> : null}
      {recipe.image ? (
        <picture className="recipe-image">
          <source type="image/avif" srcSet={avif ?? undefined} />
          <source type="image/webp" srcSet={recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.cardWebp)} />
          <img
            src={recipeImageUrl(recipe.image)}
            alt={recipe.name}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
          />
        </picture>
      ) : null}
      {recipe.recipeUrl ? (
        <p className="recipe-source">
          {"Quelle: "}
          <a href={recipe.recipeUrl} rel="noopener">
            {recipe.recipeUrl.replace(/^https?:\/\//, "")}
          </a>
        </p>
      ) : null}
      <ul className="badges" aria-label="Eigenschaften">
        <li className="badge">
          Zeitaufwand: <strong>{`${recipe.totalTime} Minuten`}</strong>
        </li>
        {/* Per portion (decision 0063); in the server's markup, so nothing moves when it hydrates. */}
        {recipe.kcal !== undefined ? (
          <li className="badge" title="pro Portion">
            {`${germanNumber(recipe.kcal, 3)} kcal`}
            <span className="visually-hidden"> pro Portion</span>
          </li>
        ) : null}
        {/* Visitors' ratings (decision 0066), from 3 on; in the server's markup, so nothing moves. */}
        {rating ? (
          <li className="badge badge-rating">
            <span aria-hidden="true">{ratingText(rating)}</span>
            <span className="visually-hidden">{ratingLabel(rating)}</span>
          </li>
        ) : null}
        {recipe.vegetarian && !recipe.vegan ? (
          <li className="badge badge-veggie" title="Rezept ohne Fleisch">
            Vegetarisch<span className="visually-hidden">: Rezept ohne Fleisch</span>
          </li>
        ) : null}
        {recipe.vegan ? (
          <li className="badge badge-veggie" title="Ohne tierische Produkte">
            Vegan<span className="visually-hidden">: Ohne tierische Produkte</span>
          </li>
        ) : null}
        {extraBadge ? <li className="badge badge-extra">{extraBadge}</li> : null}
      </ul>
      {weekPlanLink ? (
        <div className="card-actions">
          <SaveRecipeButton recipeId={recipe.id} recipeName={recipe.name} />
          {/* nofollow: the week plan is personal and closed to crawlers (robots.txt), one address per recipe. */}
          <RouteLink
            to={addToWeekPlanHref(recipe.slug)}
            className="tool-button card-week-plan"
            rel="nofollow"
            aria-label={`Zum Wochenplan: ${recipe.name}`}
          >
            Zum Wochenplan
          </RouteLink>
        </div>
      ) : (
        <SaveRecipeButton recipeId={recipe.id} recipeName={recipe.name} />
      )}
      {actions}
      {recipe.description ? <p className="recipe-description">{recipe.description}</p> : null}
      {children}
      {body}
    </article>
  );
}
