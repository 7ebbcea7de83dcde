/**
 * zod for the browser build (vite.config.ts aliases `zod` here): set up before any schema is made. zod
 * probes whether it may compile validators with `new Function` when it makes an object schema; the page's
 * CSP forbids eval, so the probe shows as a CSP violation (a Lighthouse best-practices failure). Setting
 * it in a form's module was too late: a screen's contracts made their schemas before the form's module ran.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
