import { headerTitle } from "../lib/seo/page-title.ts";
import { LogoMark, SearchIcon } from "./icons.tsx";
import { RouteLink } from "./route-link.tsx";

/** The app bar of spec section 2: search button, logo and the site title. */
export function SiteHeader({ productName }: { productName: string }) {
  return (
    <header className="site-header">
      <RouteLink to="/suche" className="icon-button" aria-label="Suche">
        <SearchIcon />
      </RouteLink>
      <RouteLink to="/zufallsgenerator" className="site-title">
        <LogoMark />
        <span>{headerTitle(productName)}</span>
      </RouteLink>
    </header>
  );
}
