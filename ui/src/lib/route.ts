/** The app's screens, addressed by the URL hash so that links are real links (no router library). */
export type Route =
  | { name: "home" }
  | { name: "new" }
  | { name: "history" }
  | { name: "stats" }
  | { name: "settings" }
  | { name: "people" }
  | { name: "table"; id: number }
  | { name: "record"; id: number };

/** The screen for a location hash such as "#/table/3"; anything unknown is Home. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter((p) => p !== "");
  const [head, arg] = parts;
  const id = arg !== undefined && /^\d+$/.test(arg) ? Number(arg) : NaN;
  switch (head) {
    case "new":
      return { name: "new" };
    case "history":
      return { name: "history" };
    case "stats":
      return { name: "stats" };
    case "settings":
      return { name: "settings" };
    case "people":
      return { name: "people" };
    case "table":
      return Number.isSafeInteger(id) && id > 0 ? { name: "table", id } : { name: "home" };
    case "record":
      return Number.isSafeInteger(id) && id > 0 ? { name: "record", id } : { name: "history" };
    default:
      return { name: "home" };
  }
}

/** The hash link for a screen. */
export function href(route: Route): string {
  switch (route.name) {
    case "home":
      return "#/";
    case "new":
      return "#/new";
    case "history":
      return "#/history";
    case "stats":
      return "#/stats";
    case "settings":
      return "#/settings";
    case "people":
      return "#/people";
    case "table":
      return `#/table/${route.id}`;
    case "record":
      return `#/record/${route.id}`;
  }
}

/** Go to a screen (the App listens to `hashchange`). */
export function go(route: Route): void {
  window.location.hash = href(route);
}
