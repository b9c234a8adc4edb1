/**
 * Whether a robots.txt lets a crawler fetch a path, by the rules Google follows (RFC 9309): the group of
 * the crawler's own name, else the `*` group; of its rules the longest matching path wins, and `Allow` wins
 * a tie; `*` matches any characters and `$` ends a path. A structured-data image a crawler may not fetch is
 * no image to it, however well formed its URL.
 */

interface Rule {
  allow: boolean;
  pattern: string;
}

/** The rules of each user agent named, lower-cased; groups naming the same agent add up. */
function groups(robots: string): Map<string, Rule[]> {
  const byAgent = new Map<string, Rule[]>();
  let agents: string[] = [];
  let inRules = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      // User-agent lines after rules start a new group; in a row they share one.
      if (inRules) agents = [];
      inRules = false;
      const agent = value.toLowerCase();
      agents.push(agent);
      if (!byAgent.has(agent)) byAgent.set(agent, []);
    } else if (key === "allow" || key === "disallow") {
      inRules = true;
      // An empty Disallow allows everything: it is no rule.
      if (value === "") continue;
      for (const agent of agents) byAgent.get(agent)?.push({ allow: key === "allow", pattern: value });
    }
  }
  return byAgent;
}

/** Whether `pattern` matches the start of `path` (or all of it, with `$`). */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const expression = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${expression}${anchored ? "$" : ""}`).test(path);
}

/**
 * Whether `robots` lets the first of `agents` (most specific first, e.g. Googlebot-Image, Googlebot) that has
 * a group of its own, or else `*`, fetch `path` (with its query).
 */
export function robotsAllows(robots: string, agents: readonly string[], path: string): boolean {
  const byAgent = groups(robots);
  const agent = agents.map((name) => name.toLowerCase()).find((name) => byAgent.has(name)) ?? "*";
  let best: Rule | undefined;
  for (const rule of byAgent.get(agent) ?? []) {
    if (!matches(rule.pattern, path)) continue;
    const longer = best === undefined || rule.pattern.length > best.pattern.length;
    const tieAllowed = best !== undefined && rule.pattern.length === best.pattern.length && rule.allow;
    if (longer || tieAllowed) best = rule;
  }
  return best?.allow ?? true;
}
