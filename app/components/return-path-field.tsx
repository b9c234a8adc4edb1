import { useLocation } from "react-router";
import { RETURN_PATH_PARAM } from "../lib/url/form-fields.ts";

/** This page's path and query: where a posted form or the sign-in link brings the visitor back to. */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** The hidden field that asks a form's action to return to this page when it answers without JavaScript. */
export function ReturnPathField() {
  return <input type="hidden" name={RETURN_PATH_PARAM} value={useCurrentPath()} />;
}
