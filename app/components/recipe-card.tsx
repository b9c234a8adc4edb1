import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CatalogRecipe } from "../lib/catalog/types.ts";
import { CARD_IMAGE, IMAGE_TRANSFORMS, recipeImageUrl } from "../lib/recipe-images.ts";
import { SaveRecipeButton } from "./save-recipe-button.tsx";

interface RecipeCardProps {
  recipe: CatalogRecipe;
  /** Link the name to the recipe page; off on that page itself. */
  linkName?: boolean;
  /** The first card on a page loads its image at once; the rest when scrolled near. */
  priority?: boolean;
  /** Heading level: h1 on the recipe page, h2 in lists, h3 in a list under its own heading. */
  headingLevel?: 1 | 2 | 3;
  /**
   * In lists, steps and ingredients sit in a closed disclosure: the list stays
   * short to scan, and everything is still in the page for crawlers and
   * visitors without JavaScript.
   */
  compact?: boolean;
  /** Ingredients the visitor has at hand (ingredient search), marked in the list. */
  have?: ReadonlySet<string>;
  /** Extra lines under the badges, such as how well a recipe matches. */
  children?: ReactNode;
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5"] as const;

/** The recipe card of spec section 2. */
export function RecipeCard({
  recipe,
  linkName = true,
  priority = false,
  headingLevel = 2,
  compact = false,
  have,
  children,
}: RecipeCardProps) {
  const Heading = HEADINGS[headingLevel - 1] ?? "h2";
  const SubHeading = HEADINGS[headingLevel] ?? "h3";
  const MinorHeading = HEADINGS[headingLevel + 1] ?? "h4";
  const ingredientItem = (name: string) =>
    have?.has(name) ? (
      <li key={name} className="ingredient-have">
        {name}
        <span className="visually-hidden"> (hast du)</span>
      </li>
    ) : (
      <li key={name}>{name}</li>
    );
  const details = (
    <>
      <section aria-label="Zubereitung" className="recipe-section">
        <SubHeading>Zubereitung</SubHeading>
        {recipe.steps.length > 0 ? (
          <ol className="recipe-steps">
            {recipe.steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list, and two may read alike
              <li key={index}>{step}</li>
            ))}
          </ol>
        ) : (
          <p>{recipe.instructions}</p>
        )}
      </section>
      <section aria-label="Zutaten" className="recipe-section">
        <SubHeading>Zutaten</SubHeading>
        <ul className="recipe-ingredients">{recipe.ingredients.map(ingredientItem)}</ul>
        {recipe.optionalIngredients.length > 0 ? (
          <>
            <MinorHeading>Optionale Zutaten</MinorHeading>
            <ul className="recipe-ingredients">{recipe.optionalIngredients.map(ingredientItem)}</ul>
          </>
        ) : null}
      </section>
    </>
  );
  return (
    <article className="recipe-card" data-slug={recipe.slug}>
      <Heading className="recipe-name">
        {linkName ? <Link to={`/rezepte/${recipe.slug}`}>{recipe.name}</Link> : recipe.name}
      </Heading>
      {recipe.image ? (
        <picture className="recipe-image">
          <source type="image/avif" srcSet={recipeImageUrl(recipe.image, IMAGE_TRANSFORMS.cardAvif)} />
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
          Quelle:{" "}
          <a href={recipe.recipeUrl} rel="noopener">
            {recipe.recipeUrl.replace(/^https?:\/\//, "")}
          </a>
        </p>
      ) : null}
      <ul className="badges" aria-label="Eigenschaften">
        <li className="badge">
          Zeitaufwand: <strong>{recipe.totalTime} Minuten</strong>
        </li>
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
      </ul>
      <SaveRecipeButton recipeId={recipe.id} recipeName={recipe.name} />
      {recipe.description ? <p className="recipe-description">{recipe.description}</p> : null}
      {children}
      {compact ? (
        <details className="recipe-details">
          <summary>Zubereitung und Zutaten</summary>
          {details}
        </details>
      ) : (
        details
      )}
    </article>
  );
}
