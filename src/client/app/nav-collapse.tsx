import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useEffect, useState } from "react";
import { wideTexts } from "#domain/texts/wide.ts";

/** Where the choice is remembered on this device (the spec's local-storage prefix). */
const KEY = "ringside_nav_collapsed";

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The side navigation's collapse button (issue 36): it narrows the column to its icons by setting
 * `data-nav-collapsed` on the root element, which the CSS (`nav-collapsed:` in styles.css) reads, and remembers
 * the choice on this device. A lazy part of the layout: the first load does not carry it.
 */
export default function NavCollapse() {
  const [collapsed, setCollapsed] = useState(stored);
  useEffect(() => {
    document.documentElement.toggleAttribute("data-nav-collapsed", collapsed);
    try {
      window.localStorage.setItem(KEY, collapsed ? "1" : "0");
    } catch {
      // Private modes can refuse storage: the choice then lasts until the page is left.
    }
  }, [collapsed]);
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <button
      type="button"
      aria-pressed={collapsed}
      aria-label={wideTexts.collapseNav}
      title={wideTexts.collapseNav}
      onClick={() => setCollapsed((c) => !c)}
      className="mt-auto flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900"
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      <span className="nav-collapsed:sr-only">{wideTexts.collapse}</span>
    </button>
  );
}
