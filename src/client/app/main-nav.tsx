import { Bell, CalendarCheck, type LucideIcon, Search, Shield, User, Warehouse } from "lucide-react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { NavLink } from "#client/app/routing.ts";
import { useUnreadCount } from "#client/features/notifications/api/get-unread-count.ts";
import { HorseIcon } from "#client/ui/icons.tsx";
import type { Me } from "#domain/contracts/auth.ts";
import { hasRole } from "#domain/people/roles.ts";
import { texts } from "#domain/texts/shell.ts";

interface Item {
  to: string;
  label: string;
  icon: LucideIcon | ComponentType<SVGProps<SVGSVGElement>>;
  show: (me: Me) => boolean;
}

const items: Item[] = [
  { to: "/roster", label: texts.nav.roster, icon: CalendarCheck, show: () => true },
  { to: "/planner", label: texts.nav.planner, icon: Search, show: () => true },
  { to: "/horses", label: texts.nav.horses, icon: HorseIcon, show: () => true },
  { to: "/barn", label: texts.nav.barn, icon: Warehouse, show: (me) => hasRole(me, "Trainer") },
  { to: "/profile", label: texts.nav.profile, icon: User, show: () => true },
  { to: "/admin", label: texts.nav.admin, icon: Shield, show: (me) => hasRole(me, "Admin") },
  { to: "/notifications", label: texts.nav.notifications, icon: Bell, show: () => true },
];

/**
 * The main navigation, in one of two places: `bar`, the phone's bottom tab bar (below 1024 px), and `side`,
 * a column at the left from 1024 px (issue 36, ADR 035). The layout renders both, and CSS shows one: the side
 * one comes before the main content in the page, so the keyboard meets it where the eye does. The side column
 * is narrowed to its icons when `:root` has `data-nav-collapsed` (nav-collapse.tsx); `extra` is that button.
 */
export function MainNav({ me, place, extra }: { me: Me; place: "bar" | "side"; extra?: ReactNode }) {
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  return (
    <nav
      aria-label="Main"
      data-testid={`nav-${place}`}
      className={`z-40 bg-white/95 print:hidden ${place === "bar" ? "bottom-nav" : "side-nav"}`}
    >
      <ul className="mx-auto flex max-w-3xl lg:mx-0 lg:flex-col lg:gap-1">
        {items
          .filter((item) => item.show(me))
          .map((item) => {
            const Icon = item.icon;
            const badge = item.to === "/notifications" && count > 0;
            return (
              // Items share the width by the length of their labels (not equally), so even "Notifications"
              // fits whole beside six others on a 360 px phone (a smaller type below 360 px).
              <li key={item.to} className="min-w-11 flex-auto max-[359px]:min-w-10 lg:flex-none">
                <NavLink
                  to={item.to}
                  aria-label={badge ? `${item.label}, ${count} unread` : undefined}
                  // The bar is translucent: stone-600 keeps 4.5:1 over whatever grey the page scrolls under it.
                  className={({ isActive }) =>
                    `nav-link side-nav-link ${
                      isActive
                        ? "text-brand-700 lg:bg-brand-50"
                        : "text-stone-600 hover:text-stone-900 lg:hover:bg-stone-100"
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      <span className="relative">
                        <Icon className={`size-5 ${isActive ? "stroke-[2.5]" : ""}`} aria-hidden />
                        {badge ? (
                          <span data-testid="unread-badge" className="unread-badge">
                            {count > 99 ? "99+" : count}
                          </span>
                        ) : null}
                      </span>
                      <span className="whitespace-nowrap nav-collapsed:lg:sr-only">{item.label}</span>
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
      </ul>
      {extra}
    </nav>
  );
}
