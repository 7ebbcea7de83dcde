import { Component, type ReactNode, Suspense } from "react";
import { useOnline } from "#client/lib/online.ts";
import { retryFailedLoads } from "#client/lib/retrying-lazy.ts";
import { buttonClass } from "#client/ui/button.tsx";
import { loadFailureTexts as t } from "#domain/texts/load-failure.ts";

/**
 * Around every lazily loaded screen and dialog (ADR 024): when its code cannot be fetched (offline before
 * the app was installed, or from a tab opened before an upgrade) it says so with Retry, where React would
 * otherwise leave a blank page. Retry fetches again what failed (retrying-lazy.ts) and renders the part
 * anew. A new `resetKey` (the next screen's path) clears it too. With a `fallback` it is also the part's
 * Suspense boundary (in place of `<Suspense fallback>`). In place of a whole screen (`kind` "screen") its
 * words are the page's heading; in place of a dialog ("dialog") they float above the screen as the dialog
 * would. A decoration repeated down a list (`quiet`) shows that instead, once, rather than a message per
 * row. In the first load, so kept tiny.
 */
export class LoadBoundary extends Component<
  {
    children: ReactNode;
    resetKey?: string;
    fallback?: ReactNode;
    kind?: "screen" | "dialog";
    quiet?: ReactNode;
  },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }
  retry = () => {
    retryFailedLoads();
    this.setState({ failed: false });
  };
  override render() {
    const { children, fallback, kind, quiet } = this.props;
    if (this.state.failed) return quiet === undefined ? <LoadFailed retry={this.retry} kind={kind} /> : quiet;
    return fallback === undefined ? children : <Suspense fallback={fallback}>{children}</Suspense>;
  }
}

function LoadFailed({ retry, kind }: { retry: () => void; kind?: "screen" | "dialog" | undefined }) {
  const online = useOnline();
  const Title = kind === "screen" ? "h1" : "p";
  return (
    <div
      role="alert"
      className={`rounded-xl border border-stone-300 bg-white p-4 text-center text-sm ${kind === "dialog" ? "fixed inset-x-4 bottom-24 z-40 mx-auto max-w-md shadow-lg" : "my-4"}`}
    >
      <Title className="font-semibold text-stone-800">{t.title}</Title>
      {online ? null : <p className="mt-1 text-stone-600">{t.offline}</p>}
      <button type="button" onClick={retry} className={buttonClass("primary", "mt-3")}>
        {t.retry}
      </button>
    </div>
  );
}
