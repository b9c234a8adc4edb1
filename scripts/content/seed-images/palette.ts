/** Colours the scenes pick from where no ingredient decides: napkins, cups, plates and bowls. */

/** Bright colours for napkins, cups and the fries' bag. */
export const ACCENTS = [
  "#e76f51",
  "#2a9d8f",
  "#e9c46a",
  "#f4a261",
  "#264653",
  "#8ab17d",
  "#b56576",
  "#6d597a",
  "#457b9d",
];
/** Plates and bowls; the first four are the plain ones plates use. */
export const BOWL_COLOURS = ["#ffffff", "#f7f1e3", "#e8f1f2", "#fdf0d5", "#2f3e46", "#e5989b", "#84a59d", "#f6bd60"];
