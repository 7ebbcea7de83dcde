/**
 * Makes tests/fixtures/results-photo/results-sheet-photo.jpg: a results sheet photographed the way the
 * prize-list corpus makes its phone photos (tests/fixtures/prize-lists/README.md, its tools/build.mjs):
 * the sheet rendered by Chromium from HTML in a real font, laid on a wooden table in a second Chromium
 * scene (turned, tilted in perspective, drop shadow, uneven lamp light, a phone's shadow), then sharp adds
 * blur, sensor noise, gamma and JPEG. It is ours, not part of the corpus. Deterministic for a given
 * Chromium, font set and sharp: `node --import tsx scripts/results-sheet-photo.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { seededRandom } from "#tests/support/seeded-random.ts";

export const RESULTS_SHEET = {
  title: "Tennessee Walking Horse National Celebration",
  subtitle: "Thursday Night, August 21, 2025 · Calsonic Arena",
  heading: "Class 32 — Lite Shod Walking Horse",
  judge: "Judge: Larry Wheelon",
  placings: [
    "1 Midnight Sun — Jane Doe — Smith Farms",
    "2 Golden Harvest — Bob Ray — Ray Stables",
    "3 Pride Of Shelbyville — Kim Ott — Ott Farm",
    "4 Delight's Dark Shadow — Amy Lane — Lane Walking Horses",
    "5 The Sunday Gambler — Tom Burke — Burke Stables",
  ],
  footer: "Results are official when posted by the show office · (931) 555-0110",
};

const FRAME = { width: 1200, height: 1600 };
const OUT = resolve(import.meta.dirname, "../tests/fixtures/results-photo");

function sheetHtml(): string {
  const s = RESULTS_SHEET;
  return `<!doctype html><html><head><style>
    body{margin:0}
    .page{width:816px;height:1056px;box-sizing:border-box;padding:72px 80px;background:#fff;font-family:"DejaVu Serif",Georgia,serif;color:#111;position:relative}
    h1{font-size:26px;text-align:center;margin:0 0 6px}
    .sub{text-align:center;font-size:14px;margin-bottom:28px}
    h2{font-size:19px;border-bottom:1.5px solid #111;padding-bottom:4px;margin:0 0 6px}
    .judge{font-size:14px;font-style:italic;margin-bottom:18px}
    .p{font-size:16px;line-height:1.9}
    .footer{position:absolute;bottom:56px;left:80px;right:80px;border-top:1px solid #444;padding-top:6px;font-size:11px;text-align:center}
  </style></head><body><div class="page">
    <h1>${s.title}</h1><div class="sub">${s.subtitle}</div>
    <h2>${s.heading}</h2><div class="judge">${s.judge}</div>
    ${s.placings.map((p) => `<div class="p">${p}</div>`).join("")}
    <div class="footer">${s.footer}</div></div></body></html>`;
}

function sceneHtml(pagePng: Buffer): string {
  const { width: W, height: H } = FRAME;
  const ph = Math.round(H * 0.7);
  const pw = Math.round((ph * 8.5) / 11);
  return `<!doctype html><html><head><style>
    html,body{margin:0;width:${W}px;height:${H}px;overflow:hidden}
    #bg{position:absolute;inset:0;background-color:#7a5230;background-image:repeating-linear-gradient(92deg,rgba(0,0,0,.35) 0 2px,transparent 2px 230px),repeating-linear-gradient(90deg,rgba(255,255,255,.05) 0 7px,transparent 7px 19px)}
    #wrap{position:absolute;left:${(W - pw) / 2 + 30}px;top:${(H - ph) / 2 - 20}px;width:${pw}px;height:${ph}px;
      transform:perspective(${H * 1.1}px) rotateX(-4deg) rotateY(3deg) rotateZ(-2.8deg);
      box-shadow:12px 18px 36px rgba(0,0,0,.5),0 0 3px rgba(0,0,0,.35);background:#fff}
    #wrap img{width:100%;height:100%;display:block;filter:contrast(.94) brightness(.98)}
    #light{position:absolute;inset:0;background:radial-gradient(ellipse 80% 70% at 20% 10%,rgba(255,250,235,0) 0%,rgba(255,248,230,0) 35%,rgba(80,70,55,.6) 100%);mix-blend-mode:multiply}
    #phone{position:absolute;inset:0;background:radial-gradient(ellipse ${W * 0.35}px ${H * 0.22}px at ${W * 0.6}px ${H * 0.8}px,rgba(40,40,50,.22) 0%,rgba(40,40,50,0) 100%);mix-blend-mode:multiply}
  </style></head><body><div id="bg"></div><div id="wrap"><img src="data:image/png;base64,${pagePng.toString("base64")}"></div><div id="light"></div><div id="phone"></div></body></html>`;
}

export async function resultsSheetPhoto(): Promise<Buffer> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--disable-gpu", "--font-render-hinting=none"],
  });
  try {
    const sheet = await browser.newContext({ viewport: { width: 816, height: 1056 }, deviceScaleFactor: 2 });
    const sheetPage = await sheet.newPage();
    await sheetPage.setContent(sheetHtml(), { waitUntil: "load" });
    const pagePng = await sheetPage.locator(".page").screenshot({ type: "png" });
    const scene = await browser.newContext({ viewport: FRAME, deviceScaleFactor: 1 });
    const scenePage = await scene.newPage();
    await scenePage.setContent(sceneHtml(pagePng), { waitUntil: "load" });
    const shot = await scenePage.screenshot({ type: "png" });
    const { data, info } = await sharp(shot)
      .removeAlpha()
      .blur(0.8)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A fixed sequence of noise: the same photo every run.
    const r = seededRandom(3232);
    for (let i = 0; i < data.length; i += 3) {
      const l = (r() - 0.5) * 9;
      for (let k = 0; k < 3; k++)
        data[i + k] = Math.max(0, Math.min(255, data[i + k]! + l + (r() - 0.5) * 3));
    }
    return await sharp(data, { raw: info })
      .gamma(2.0, 2.2)
      .jpeg({ quality: 66, chromaSubsampling: "4:2:0" })
      .toBuffer();
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(resolve(OUT, "results-sheet-photo.jpg"), await resultsSheetPhoto());
  console.log(`wrote ${resolve(OUT, "results-sheet-photo.jpg")}`);
}
