import { Link, useLocation } from "react-router";
import { pageHref } from "../lib/url/pagination.ts";

/** "Vorherige Seite · Seite 2 von 5 · Nächste Seite" under a long list; nothing for a single page. */
export function PaginationNav({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <nav className="pagination" aria-label="Seiten">
      {page > 1 ? (
        <Link to={pageHref(here, page - 1)} rel="prev" className="button button-secondary">
          Vorherige Seite
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination-status">
        Seite {page} von {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageHref(here, page + 1)} rel="next" className="button button-secondary">
          Nächste Seite
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
