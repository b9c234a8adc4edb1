import { Link } from "react-router";
import { headerTitle } from "../lib/page-title.ts";
import { LogoMark, SearchIcon } from "./icons.tsx";

/** The app bar of spec section 2: search button, logo and the site title. */
export function SiteHeader({ productName }: { productName: string }) {
  return (
    <header className="site-header">
      <Link to="/suche" className="icon-button" aria-label="Suche">
        <SearchIcon />
      </Link>
      <Link to="/zufallsgenerator" className="site-title">
        <LogoMark />
        <span>{headerTitle(productName)}</span>
      </Link>
    </header>
  );
}
