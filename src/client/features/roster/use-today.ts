import { useContext, useEffect, useState } from "react";
import { RenderDay } from "#client/app/render-day.ts";
import { localDay } from "#domain/roster/roster-view.ts";

/** The device's calendar day, updated at local midnight while the screen stays open. */
export function useToday(): string {
  const rendered = useContext(RenderDay);
  const [today, setToday] = useState(() => rendered ?? localDay(new Date()));
  useEffect(() => {
    const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
    const nextMidnight = new Date(year, month - 1, day + 1);
    const wait = Math.max(1000, nextMidnight.getTime() - Date.now() + 1000);
    const timer = setTimeout(() => setToday(localDay(new Date())), wait);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
