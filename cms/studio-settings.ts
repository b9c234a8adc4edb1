/** Project settings of the Data Studio that are the same everywhere: its name, and editors work in German. */
export const STUDIO_SETTINGS = { project_name: "Was koche ich jetzt", default_language: "de-DE" } as const;
