import { useLocation } from "react-router";
import { HeartIcon, IngredientIcon, SearchIcon, ShuffleIcon } from "./icons.tsx";
import { RouteLink } from "./route-link.tsx";

const TABS = [
  // The random generator is also the home page, so "/" marks this tab too.
  { label: "zufällige Rezepte", to: "/zufallsgenerator", paths: ["/", "/zufallsgenerator"], Icon: ShuffleIcon },
  { label: "Zutatensuche", to: "/zutatensuche", paths: ["/zutatensuche"], Icon: IngredientIcon },
  { label: "Gespeicherte Rezepte", to: "/gespeicherte-rezepte", paths: ["/gespeicherte-rezepte"], Icon: HeartIcon },
  { label: "Suche", to: "/suche", paths: ["/suche"], Icon: SearchIcon },
] as const;

/** The four tabs of spec section 2; the current one carries `aria-current="page"`. */
export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" aria-label="Hauptnavigation">
      <ul>
        {TABS.map(({ label, to, paths, Icon }) => {
          const current = (paths as readonly string[]).includes(pathname);
          return (
            <li key={to}>
              <RouteLink to={to} aria-current={current ? "page" : undefined}>
                <Icon />
                <span>{label}</span>
              </RouteLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
