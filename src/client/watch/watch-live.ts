import {
  type BarnWatchDay,
  renderBarnLive,
  renderWatchLive,
  type WatchDay,
} from "#domain/watch/watch-view.ts";
import { followLive, showHtml } from "./follow-live.ts";
import { notifyMe } from "./watch-notify.ts";

/**
 * The watch page's script (issue 35, ADR 044; a barn's page, ADR 050): not the app, a plain module of
 * its own (built by scripts/build-watch.ts). It holds the page's day, listens to the link's own stream
 * (this show's ring only), renders the live part again with the server's own renderer on every patch and
 * every 30 s, says when it last heard from the ring, and reloads when the link is revoked (the page then
 * says 404). A barn's page (`data-kind="barn"`) renders each of its horses, and its Notify me lets the
 * watcher choose them (ADR 052).
 */

const data = document.getElementById("watch-data");
const live = document.getElementById("watch-live");
const heard = document.getElementById("watch-heard");
const notify = document.getElementById("notify");

if (data && live && heard) {
  if (data.dataset.kind === "barn") {
    followLive<BarnWatchDay>({
      data,
      heard,
      render: (view) => {
        showHtml(live, renderBarnLive(view, Date.now()));
      },
    });
    if (notify) notifyMe(notify, null);
  } else {
    followLive<WatchDay>({
      data,
      heard,
      render: (view) => {
        showHtml(live, renderWatchLive(view, Date.now()));
      },
    });
    if (notify) notifyMe(notify, (JSON.parse(data.textContent ?? "{}") as WatchDay).horse);
  }
}
