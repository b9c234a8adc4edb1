/**
 * Answers the Worker gives before React Router is asked: refused requests,
 * an unreachable Directus, and a failure no handler caught. Browsers get a small German page with a way
 * back; other clients the same sentence as plain text. Nothing from the
 * request is ever echoed.
 */

const MESSAGES = {
  400: { title: "Anfrage nicht verstanden", text: "Diese Anfrage verstehen wir nicht." },
  403: {
    title: "Anfrage abgelehnt",
    text: "Diese Anfrage kam nicht von unserer Website und wurde deshalb abgelehnt.",
  },
  404: { title: "Nicht gefunden", text: "Diese Adresse gibt es bei uns nicht." },
  405: { title: "Anfrage nicht möglich", text: "Diese Art von Anfrage nehmen wir unter dieser Adresse nicht an." },
  413: {
    title: "Anfrage zu groß",
    text: "Diese Anfrage ist zu groß für uns. Unsere Formulare sind nur wenige Zeilen lang – bitte lade die Seite neu und versuche es noch einmal.",
  },
  415: {
    title: "Format nicht unterstützt",
    text: "Diese Anfrage kommt in einem Format, das wir nicht annehmen. Bitte nutze die Formulare auf unserer Website.",
  },
  500: {
    title: "Ein Fehler ist aufgetreten",
    text: "Hier ist gerade etwas schiefgelaufen. Bitte versuche es in einem Moment noch einmal.",
  },
  502: {
    title: "Gerade nicht erreichbar",
    text: "Der Rezeptdienst ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.",
  },
} as const;

type ErrorStatus = keyof typeof MESSAGES;

/** Whether the client is a browser asking for a page (rather than a script or an image). */
function wantsPage(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

function page(title: string, text: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/">Zur Startseite</a></p>
</main>
</body>
</html>
`;
}

/** The German answer for `status`, as a page for browsers and as text otherwise; never cached. */
export function errorResponse(request: Request, status: ErrorStatus, headers: Record<string, string> = {}): Response {
  const { title, text } = MESSAGES[status];
  return germanAnswer(request, status, { title, text }, headers);
}

/** A German answer with a title and sentence of the caller's (fixed texts only: nothing of the request). */
export function germanAnswer(
  request: Request,
  status: number,
  { title, text }: { title: string; text: string },
  headers: Record<string, string> = {},
): Response {
  const html = wantsPage(request);
  return new Response(request.method === "HEAD" ? null : html ? page(title, text) : `${text}\n`, {
    status,
    headers: {
      "content-type": html ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}
