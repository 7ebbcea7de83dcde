/**
 * Development: the API server (restarted on change by tsx watch) on :3000 and Vite's dev
 * server with hot reload on :5173, which proxies /api to it. Ctrl-C stops both.
 */
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
