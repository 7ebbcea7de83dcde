import { type ReactNode, useEffect, useState } from "react";
import { adminAiTexts } from "#domain/texts/admin-ai.ts";

/** Types Chromium, Safari and Firefox all draw in an <img>: a HEIC photo or a PDF is not shown. */
const DRAWN = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;

/** A picture of the chosen file while it is chosen; the object URL is let go when the file changes. */
function useImageUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !DRAWN.test(file.type)) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * An import's preview beside the image it was read from (issue 36, ADR 048): from 1024 px the photographed
 * list at the left, kept in view while the preview scrolls, so each line can be checked against the print.
 * Below 1024 px, or for a file that is not a picture, only the preview, as before. The image is not
 * focusable, so the keyboard goes straight into the preview.
 */
export function BesideSource({ file, children }: { file: File | null; children: ReactNode }) {
  const url = useImageUrl(file);
  if (!url) return <div className="flex flex-col gap-3">{children}</div>;
  return (
    <div className="flex flex-col gap-3 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-6">
      <figure className="hidden rounded-lg border border-stone-200 bg-stone-50 p-2 lg:sticky lg:top-16 lg:block">
        <img
          src={url}
          alt={adminAiTexts.sourceImage}
          className="max-h-[80vh] w-full object-contain"
          data-testid="import-source-image"
        />
      </figure>
      <div className="flex min-w-0 flex-col gap-3">{children}</div>
    </div>
  );
}
