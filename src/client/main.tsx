import "./styles.css";
import { registerSW } from "virtual:pwa-register";
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

window.addEventListener("load", () => {
  try {
    registerSW({
      immediate: true,
      onRegisterError: (error: unknown) => console.error("Service worker registration failed:", error),
    });
  } catch (error) {
    console.error("Service worker registration failed:", error);
  }
});
