import { createContext } from "react-router";
import type { SiteConfig } from "./config.server";

/** The validated site configuration, set by the Worker for every request. */
export const siteConfigContext = createContext<SiteConfig>();
