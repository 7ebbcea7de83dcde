import "./styles.css";
import { startApp } from "#client/app/app.tsx";
import { startPwa } from "#client/app/pwa.ts";

const root = document.getElementById("root");
if (!root) throw new Error("Ringside cannot start: the page has no #root element.");
void startApp(root);
startPwa();
