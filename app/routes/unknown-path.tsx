import { redirect } from "react-router";

// Spec section 2: any other path redirects to the home path. Static files
// never get here: Workers Assets answers them before the Worker runs.
export function loader(): never {
  throw redirect("/");
}

export default function UnknownPath() {
  return null;
}
