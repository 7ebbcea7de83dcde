/**
 * The first step of `npm run build` (ADR 024): before Vite writes the new client build, the files of the
 * build it replaces are kept in `<client folder>-previous/assets/` for KEEP_PREVIOUS_DAYS, which the server
 * serves after the new build's own, so a tab opened before the upgrade keeps loading its screens.
 *
 * The client folder is Vite's (dist/client, or CLIENT_OUT_DIR as vite.config.ts reads it). The build
 * replaced is that folder itself, or PREVIOUS_CLIENT_DIR when the new build goes into a fresh release
 * folder (docs/deploy.md: PREVIOUS_CLIENT_DIR=/srv/ringside/current/dist/client npm run build).
 */
import { resolve } from "node:path";
import { keepPreviousAssets, previousClientDir } from "#server/http/previous-assets.ts";

const clientDir = resolve("src/client", process.env.CLIENT_OUT_DIR ?? "../../dist/client");
const from = process.env.PREVIOUS_CLIENT_DIR ? resolve(process.env.PREVIOUS_CLIENT_DIR) : clientDir;
const { kept, removed } = keepPreviousAssets({ clientDir, from });
console.log(
  `Kept ${kept} files of the build being replaced in ${previousClientDir(clientDir)}` +
    (removed ? `; removed ${removed} replaced more than a while ago.` : "."),
);
