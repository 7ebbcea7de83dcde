import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "#client/app/app.tsx";
import { startPwa } from "#client/app/pwa.ts";

const root = document.getElementById("root");
if (!root) throw new Error("Ringside cannot start: the page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startPwa();
