import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "#client/app/route-match.ts";

// The shape of the app's table (router.tsx), with names for elements.
const layout: RouteObject = {
  element: "layout",
  children: [
    { index: true, element: "home" },
    { path: "*", element: "fallback" },
    { path: "shows/:showId", element: "show" },
    { path: "horses", element: "horses" },
    { path: "horses/:horseId", element: "horse" },
  ],
};
const routes: RouteObject[] = [{ path: "/auth", element: "auth" }, layout];

const match = (pathname: string) => {
  const found = matchRoutes(routes, pathname);
  return found && { elements: found.map((m) => m.route.element), params: found.at(-1)?.params };
};

describe("matchRoutes", () => {
  it.each([
    ["/auth", ["auth"], {}],
    ["/AUTH/", ["auth"], {}],
    ["/", ["layout", "home"], {}],
    ["", ["layout", "home"], {}],
    ["/horses", ["layout", "horses"], {}],
    ["/horses/h-1", ["layout", "horse"], { horseId: "h-1" }],
    ["/shows/a%20b", ["layout", "show"], { showId: "a b" }],
    ["/shows/a%2Fb", ["layout", "show"], { showId: "a/b" }],
    ["/shows/%E0%A4%A", ["layout", "show"], { showId: "%E0%A4%A" }],
    ["/shows", ["layout", "fallback"], { "*": "shows" }],
    ["/shows/1/extra", ["layout", "fallback"], { "*": "shows/1/extra" }],
    ["/nowhere/at/all", ["layout", "fallback"], { "*": "nowhere/at/all" }],
    ["/auth/more", ["layout", "fallback"], { "*": "auth/more" }],
  ])("%j renders %j with %j", (pathname, elements, params) => {
    expect(match(pathname)).toEqual({ elements, params });
  });

  it("ranks a static segment over a param and a param over a splat, whatever the table's order", () => {
    const table: RouteObject[] = [
      { path: "*", element: "splat" },
      { path: "x/:id", element: "param" },
      { path: "x/new", element: "static" },
    ];
    expect(matchRoutes(table, "/x/new")?.[0]?.route.element).toBe("static");
    expect(matchRoutes(table, "/x/7")?.[0]?.route.element).toBe("param");
    expect(matchRoutes(table, "/y")?.[0]?.route.element).toBe("splat");
  });

  it("matches nothing when no route fits", () => {
    expect(matchRoutes([{ path: "/a", element: "a" }], "/b")).toBeNull();
  });
});
