import type { ReactNode } from "react";
import { Link } from "#client/app/routing.ts";
import { HorsePicture } from "#client/ui/placeholders.tsx";

/** A card linking to /horses/{id}: picture (or placeholder), name and a line below it. */
export function HorseCard({
  id,
  name,
  pictureId,
  children,
}: {
  id: string;
  name: string;
  pictureId: string | null;
  children?: ReactNode;
}) {
  return (
    <li>
      <Link
        to={`/horses/${id}`}
        className="group block overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md"
      >
        <HorsePicture pictureId={pictureId} alt="" className="aspect-[4/3] w-full" />
        <div className="px-3 py-2.5">
          <p className="font-semibold break-words text-stone-900 group-hover:text-brand-800">{name}</p>
          {children ? <div className="text-sm break-words text-stone-600">{children}</div> : null}
        </div>
      </Link>
    </li>
  );
}
