import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "#client/app/app.tsx";
import { startPwa } from "#client/app/pwa.ts";

const root = document.getElementById("root");
if (!root) throw new Error("Ringside cannot start: the page has no #root element.");

// A transition lets React render the first screen in slices, yielding to the browser between them,
// instead of one long task that blocks input on a slow phone (issue 13, total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

startPwa();
