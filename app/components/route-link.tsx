import type { AnchorHTMLAttributes } from "react";
import { ROUTE_LINK_ATTRIBUTE } from "../lib/hooks/use-route-link-navigation.ts";

type RouteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path of one of the site's pages, as React Router's `to`. */
  to: string;
};

/**
 * A link to one of the site's pages, as a plain anchor. React Router's
 * <Link> runs a dozen hooks for each link it renders on the server; a list
 * page prints about forty links (two dozen cards, the header, the tabs and
 * the footer), and measured in workerd the category page spent about a
 * tenth of its CPU on them (decision 0023). One listener for the whole page
 * turns a click on these anchors into React Router's client-side navigation
 * (lib/use-route-link-navigation.ts), so with JavaScript they behave as a
 * <Link> would, and without it they are what a <Link> renders anyway.
 */
export function RouteLink({ to, ...props }: RouteLinkProps) {
  return <a {...props} href={to} {...{ [ROUTE_LINK_ATTRIBUTE]: "true" }} />;
}
