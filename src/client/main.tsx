import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "#client/app/app.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("Ringside cannot start: the page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// After load and out of the entry chunk: the service worker is no part of the first paint.
window.addEventListener("load", () => {
  import("virtual:pwa-register")
    .then(({ registerSW }) =>
      registerSW({
        immediate: true,
        onRegisterError: (error: unknown) => console.error("Service worker registration failed:", error),
      }),
    )
    .catch((error: unknown) => console.error("Service worker registration failed:", error));
});
