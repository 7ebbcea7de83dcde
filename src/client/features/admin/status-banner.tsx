import { CircleAlert, CircleCheck } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { errorsTexts } from "#domain/texts/errors.ts";

/** The spec: admin banners clear after 3 to 5 seconds. */
export const BANNER_MS = 4000;

interface Status {
  kind: "success" | "error";
  message: string;
  /** A new report of the same text still restarts the timer and is announced again. */
  id: number;
}

type Report = (kind: "success" | "error", message: string) => void;

const StatusContext = createContext<Report>(() => {});

/** How a panel tells the admin what happened: `report("error", error.message)` shows 'Error: …'. */
export const useAdminStatus = () => useContext(StatusContext);

/**
 * The Admin Panel's status banner: every admin action reports success or 'Error: {message}' here. It
 * stays in the page as a live region (so screen readers announce each message) and clears after 4 s.
 */
export function AdminStatusProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status | null>(null);
  const report = useCallback<Report>((kind, message) => {
    setStatus((previous) => ({
      kind,
      message: kind === "error" ? errorsTexts.adminAction(message) : message,
      id: (previous?.id ?? 0) + 1,
    }));
  }, []);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const value = useMemo(() => report, [report]);
  return (
    <StatusContext.Provider value={value}>
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex justify-center px-3"
      >
        {status ? (
          <p
            key={status.id}
            className={`pointer-events-auto flex max-w-xl items-start gap-2 rounded-lg border px-4 py-2 text-sm font-medium shadow-md ${
              status.kind === "success"
                ? "border-green-300 bg-green-50 text-green-900"
                : "border-red-300 bg-red-50 text-red-800"
            }`}
          >
            {status.kind === "success" ? (
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            <span>{status.message}</span>
          </p>
        ) : null}
      </div>
      {children}
    </StatusContext.Provider>
  );
}
