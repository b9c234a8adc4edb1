import { useRouteLoaderData } from "react-router";
import type { ShellData } from "../root.tsx";

/** The signed-in visitor from the root loader (e-mail, saved recipe ids, form token), or null. */
export function useVisitor(): ShellData["visitor"] {
  return useRouteLoaderData<ShellData>("root")?.visitor ?? null;
}
