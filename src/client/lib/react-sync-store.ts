/**
 * React 19 has useSyncExternalStore; wouter still imports the React 17 shim for it, whose fallback code
 * would ride on every first load. The client build points the shim's import here (vite.config.ts).
 */
export { useSyncExternalStore } from "react";
