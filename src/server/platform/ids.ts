import { v7 } from "uuid";

/** Time-ordered ids (UUIDv7): the spec's "timestamp-based id", without collisions. */
export const newId = (): string => v7();

export const nowIso = (): string => new Date().toISOString();
