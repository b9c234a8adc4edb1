import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * What marks an anchor as a link to one of the site's own pages
 * (components/route-link.tsx): the attribute React Router's <Link> renders
 * too, by which its route discovery finds the links in the page and asks
 * for their routes before they are followed. A <Link>'s own click handler
 * runs first and marks the click as handled.
 */
export const ROUTE_LINK_ATTRIBUTE = "data-discover";

/**
 * Turns clicks on RouteLink anchors anywhere in the page into client-side
 * navigations, as React Router's <Link> does for its own: a plain left
 * click without modifier keys, on a link without a target of its own, to
 * this origin. Everything else (a new tab, a download, another site, a
 * click a handler already took) is left to the browser. Mounted once, in
 * the root route.
 */
export function useRouteLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(`a[${ROUTE_LINK_ATTRIBUTE}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target !== "" && anchor.target !== "_self")) return;
      if (anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = `${url.pathname}${url.search}${url.hash}`;
      // The page already shown is not pushed again, as <Link> does.
      const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(path, { replace: path === current });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
