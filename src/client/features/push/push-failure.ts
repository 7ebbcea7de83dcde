import { ApiError } from "#client/lib/api.ts";
import { PushSetupError } from "#client/lib/push-device.ts";
import { pushTexts } from "#domain/texts/push.ts";

const t = pushTexts.thisDevice;

/**
 * What a failed "Notify me on this phone" says (issue 34 item 9): the server's refusals are ours and
 * shown after the lead sentence; anything the browser threw (a DOMException such as "Registration
 * failed - permission denied") is replaced by our words on what to do.
 */
export function pushFailureWords(error: unknown): string {
  if (error instanceof ApiError) return `${t.failed} ${error.message}`;
  if (error instanceof PushSetupError) return t.workerNotReady;
  return t.browserRefused;
}
