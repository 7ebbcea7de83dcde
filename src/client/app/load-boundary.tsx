import { Component, type ReactNode, Suspense } from "react";
import { useOnline } from "#client/lib/online.ts";
import { retryFailedLoads } from "#client/lib/retrying-lazy.ts";
import { buttonClass } from "#client/ui/button.tsx";
import { loadFailureTexts as t } from "#domain/texts-load-failure.ts";

/**
 * Around every lazily loaded screen and dialog (ADR 024): when its code cannot be fetched (offline before
 * the app was installed, or from a tab opened before an upgrade) it says so with Retry, where React would
 * otherwise leave a blank page. Retry fetches again what failed (retrying-lazy.ts) and renders the part
 * anew. A new `resetKey` (the next screen's path) clears it too. With a `fallback` it is also the part's
 * Suspense boundary (in place of `<Suspense fallback>`). In place of a whole screen (`screen`), its words
 * are the page's heading. In the first load, so kept tiny.
 */
export class LoadBoundary extends Component<
  { children: ReactNode; resetKey?: string; fallback?: ReactNode; screen?: boolean },
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
    const { children, fallback, screen } = this.props;
    if (this.state.failed) return <LoadFailed retry={this.retry} screen={screen} />;
    return fallback === undefined ? children : <Suspense fallback={fallback}>{children}</Suspense>;
  }
}

function LoadFailed({ retry, screen }: { retry: () => void; screen?: boolean | undefined }) {
  const online = useOnline();
  const Title = screen ? "h1" : "p";
  return (
    <div role="alert" className="my-4 rounded-xl border border-stone-300 bg-white p-4 text-center text-sm">
      <Title className="font-semibold text-stone-800">{t.title}</Title>
      {online ? null : <p className="mt-1 text-stone-600">{t.offline}</p>}
      <button type="button" onClick={retry} className={buttonClass("primary", "mt-3")}>
        {t.retry}
      </button>
    </div>
  );
}
