// The heavy-input worker when the server runs from its TypeScript sources (tests, `npm run dev`): tsx is
// registered in the worker thread itself, since a parent's loader flags do not reliably reach it. The
// production build runs the bundled heavy-worker.js instead.
import { register } from "tsx/esm/api";

register();
const worker = await import("./heavy-worker.ts");

export const { calendar, document, modelImage } = worker;
