import { Link } from "react-router";
import { buttonClass } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/page.tsx";
import { texts } from "#domain/texts.ts";

export default function HorseDetailScreen() {
  return (
    <EmptyState title={texts.errors.horseNotFound}>
      <Link to="/horses" className={buttonClass("primary", "mt-2")}>
        {texts.horses.backToHorses}
      </Link>
    </EmptyState>
  );
}
