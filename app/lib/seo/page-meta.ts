/**
 * The head tags every indexable page shares: title, description, canonical
 * link and Open Graph. Routes describe their page; this module turns it into
 * React Router meta descriptors, so no page forgets one.
 */
import type { MetaDescriptor } from "react-router";

interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute URL of the page's one address. */
  canonical: string;
  siteName: string;
  /** Absolute URL of a preview image. */
  image?: string | null;
  /** Open Graph type: "website" for lists, "article" for a recipe. */
  type?: "website" | "article";
  /** Previous and next page of a paginated list, absolute URLs. */
  prev?: string | null;
  next?: string | null;
}

/** Meta descriptors for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: input.canonical },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: input.canonical },
    { property: "og:site_name", content: input.siteName },
    { property: "og:locale", content: "de_DE" },
  ];
  if (input.image) {
    tags.push({ property: "og:image", content: input.image });
    tags.push({ name: "twitter:card", content: "summary_large_image" });
  }
  if (input.prev) tags.push({ tagName: "link", rel: "prev", href: input.prev });
  if (input.next) tags.push({ tagName: "link", rel: "next", href: input.next });
  return tags;
}
