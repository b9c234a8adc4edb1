import { CSRF_FIELD, RECIPE_ACTION_FIELD } from "../../lib/url/form-fields.ts";
import { ReturnPathField } from "../return-path-field.tsx";

/** The fields every form of the list page carries: its action, the form token (in the account) and the way back. */
export function ListFormFields({ action, csrfToken }: { action: string; csrfToken: string | null }) {
  return (
    <>
      <input type="hidden" name={RECIPE_ACTION_FIELD} value={action} />
      {csrfToken === null ? null : <input type="hidden" name={CSRF_FIELD} value={csrfToken} />}
      <ReturnPathField />
    </>
  );
}
