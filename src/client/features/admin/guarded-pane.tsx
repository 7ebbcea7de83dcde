import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { ConfirmDialog } from "#client/ui/dialog.tsx";
import { adminTexts } from "#domain/texts/admin.ts";

const t = adminTexts.switchRow;

/**
 * The row whose form is open in the side pane (ADR 048). From 1280 px the pane is not modal, so another
 * row's Edit (or Add) can be chosen while it is open: the pane then shows that row. If anything was typed or
 * chosen in the form since it opened, the switch asks first ("Discard your changes?"), so an edit is never
 * lost unseen. The form's changes are heard through React's event bubbling, which crosses the dialog's
 * portal: `guard` wraps the form dialog in an element that is `display: contents`, so nothing moves.
 */
export function useGuardedPane<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [pending, setPending] = useState<{ next: T } | null>(null);
  const edited = useRef(false);
  // The card's tabs ask this tab's pane whether a switch would drop its changes (useGuardedTabs).
  const tabs = useContext(PaneChanged);
  useEffect(() => {
    if (!tabs) return;
    tabs.current = () => editing !== null && edited.current;
    return () => {
      tabs.current = () => false;
    };
  }, [tabs, editing]);
  const show = (next: T | null) => {
    edited.current = false;
    setEditing(next);
  };
  const choose = (next: T) => {
    if (editing !== null && next !== editing && edited.current) setPending({ next });
    else show(next);
  };
  const guard = (form: ReactNode) => (
    <div
      className="contents"
      onChange={() => {
        edited.current = true;
      }}
    >
      {form}
    </div>
  );
  const question = discardQuestion(
    pending !== null,
    () => setPending(null),
    () => pending && show(pending.next),
  );
  return { editing, choose, close: () => show(null), guard, question };
}

/** Whether the open tab's pane has changes a tab switch would drop (set by that tab's useGuardedPane). */
const PaneChanged = createContext<RefObject<() => boolean> | null>(null);

/**
 * Tabs whose panels keep a guarded pane (the Data Management card's Users and Horses): switching tabs closes
 * the open pane, so with changes in it the switch asks first, the same "Discard your changes?" as another
 * row's Edit. `provide` wraps the tabs' panels.
 */
export function useGuardedTabs<K extends string>(first: K) {
  const changed = useRef<() => boolean>(() => false);
  const [tab, setTab] = useState<K>(first);
  const [pending, setPending] = useState<K | null>(null);
  const choose = (next: K) => {
    if (next === tab) return;
    if (changed.current()) setPending(next);
    else setTab(next);
  };
  const provide = (panels: ReactNode) => (
    <PaneChanged.Provider value={changed}>{panels}</PaneChanged.Provider>
  );
  const question = discardQuestion(
    pending !== null,
    () => setPending(null),
    () => pending && setTab(pending),
  );
  return { tab, choose, provide, question };
}

/** "Discard your changes?": Keep editing (`keep`: nothing changes) or Discard changes (`discard`, then `keep`). */
const discardQuestion = (open: boolean, keep: () => void, discard: () => void) => (
  <ConfirmDialog
    open={open}
    onOpenChange={(stay) => !stay && keep()}
    title={t.title}
    message={t.message}
    confirmLabel={t.discard}
    cancelLabel={t.keep}
    onConfirm={() => {
      discard();
      keep();
    }}
  />
);
