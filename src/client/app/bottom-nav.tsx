import { Bell, CalendarCheck, type LucideIcon, Search, Shield, User, Warehouse } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
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

export function BottomNav({ me }: { me: Me }) {
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  return (
    <nav
      aria-label="Main"
      className="safe-bottom fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 backdrop-blur print:hidden"
    >
      <ul className="mx-auto flex max-w-3xl">
        {items
          .filter((item) => item.show(me))
          .map((item) => {
            const Icon = item.icon;
            const badge = item.to === "/notifications" && count > 0;
            return (
              // Items share the width by the length of their labels (not equally), so even "Notifications"
              // fits whole beside six others on a 360 px phone (a smaller type below 360 px).
              <li key={item.to} className="min-w-11 flex-auto max-[359px]:min-w-10">
                <NavLink
                  to={item.to}
                  aria-label={badge ? `${item.label}, ${count} unread` : undefined}
                  className={({ isActive }) =>
                    `relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[0.6875rem] font-medium max-[359px]:px-0.5 max-[359px]:text-[0.625rem] ${
                      isActive ? "text-brand-700" : "text-stone-500 hover:text-stone-800"
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      <span className="relative">
                        <Icon className={`size-5 ${isActive ? "stroke-[2.5]" : ""}`} aria-hidden />
                        {badge ? (
                          <span
                            data-testid="unread-badge"
                            className="absolute -top-1.5 -right-2.5 min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[0.625rem] leading-4.5 font-bold text-white"
                          >
                            {count > 99 ? "99+" : count}
                          </span>
                        ) : null}
                      </span>
                      <span className="whitespace-nowrap">{item.label}</span>
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
