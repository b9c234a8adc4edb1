/**
 * The Data Studio's Live Preview of a recipe (the `recipe` collection's
 * preview URL, cms/schema/snapshot.json) opens
 * `/preview-link/recipe/<id>` on Directus' own host, in a frame of the Data
 * Studio, with the editor's session (decision 0051). This endpoint checks
 * that the caller is someone who works in the Data Studio (app access:
 * editors and admins, never a visitor's "Nutzer" role) and may read that
 * recipe, then sends the frame on to the site's preview with a token only
 * this editor and this recipe are good for, ten minutes long
 * (app/lib/preview/preview-token.ts, the same module the Worker checks it with).
 * The Data Studio loads the frame anew after each save, so each save gets a
 * fresh token and the page as now saved.
 *
 * Bundled with everything it imports by scripts/cms/build-extensions.ts.
 * Needs PREVIEW_SECRET (the Worker's secret too) and PREVIEW_SITE_URL (the
 * site's origin) in Directus' environment.
 */
import { makePreviewToken, previewKey, recipeIdFrom } from "../../../../app/lib/preview/preview-token.ts";
import { type PreviewLinkRefusal, previewRefusalPage } from "./refusal-page.ts";

/** The parts of Directus' accountability this reads (@directus/types' Accountability). */
interface Accountability {
  user?: string | null;
  admin?: boolean;
  app?: boolean;
}
type Item = Record<string, unknown>;
interface ItemsService {
  readByQuery(query: Item): Promise<Item[]>;
}
interface EndpointContext {
  services: {
    ItemsService: new (
      collection: string,
      options: { schema: unknown; accountability: Accountability | null },
    ) => ItemsService;
  };
  getSchema(): Promise<unknown>;
  env: Record<string, unknown>;
  logger: { warn(object: unknown, message?: string): void };
}
interface Request {
  params: Record<string, string>;
  accountability?: Accountability | null;
}
interface Response {
  status(code: number): Response;
  set(name: string, value: string): Response;
  type(type: string): Response;
  send(body: string): Response;
  redirect(status: number, url: string): void;
}
interface Router {
  get(path: string, handler: (req: Request, res: Response) => Promise<void>): void;
}

const SITE_ORIGIN = /^https?:\/\/[^/?#]+$/;

function refuse(res: Response, status: number, refusal: PreviewLinkRefusal): void {
  res.status(status).type("html").send(previewRefusalPage(refusal));
}

export default {
  id: "preview-link",
  handler(router: Router, context: EndpointContext) {
    const secret = String(context.env.PREVIEW_SECRET ?? process.env.PREVIEW_SECRET ?? "");
    const site = String(context.env.PREVIEW_SITE_URL ?? process.env.PREVIEW_SITE_URL ?? "").replace(/\/$/, "");
    const key = secret.length >= 32 ? previewKey(secret) : null;

    router.get("/recipe/:id", async (req, res) => {
      // The answer names a token made for one editor: no cache keeps it, no referrer carries it.
      res.set("cache-control", "no-store");
      res.set("referrer-policy", "no-referrer");
      res.set("x-robots-tag", "noindex, nofollow");
      const id = recipeIdFrom(req.params.id ?? "");
      if (id === null) return refuse(res, 404, "no-recipe");
      const accountability = req.accountability ?? null;
      // Who works in the Data Studio has app access; a visitor signed in with Google ("Nutzer") has none.
      if (!accountability?.user || !(accountability.app || accountability.admin)) {
        return refuse(res, 403, "not-an-editor");
      }
      if (key === null || !SITE_ORIGIN.test(site)) {
        context.logger.warn({ id }, "preview-link: PREVIEW_SECRET (32+ characters) or PREVIEW_SITE_URL is not set");
        return refuse(res, 503, "not-set-up");
      }
      // The editor's own permissions decide whether they may see this recipe at all.
      const recipes = new context.services.ItemsService("recipe", {
        schema: await context.getSchema(),
        accountability,
      });
      let found: Item[];
      try {
        found = await recipes.readByQuery({ fields: ["id"], filter: { id: { _eq: id } }, limit: 1 });
      } catch {
        return refuse(res, 403, "not-an-editor");
      }
      if (found.length === 0) return refuse(res, 404, "no-recipe");
      const token = await makePreviewToken(await key, id, accountability.user);
      res.redirect(302, `${site}/vorschau/rezept/${id}?token=${token}`);
    });
  },
};
