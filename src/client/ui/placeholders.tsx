/** Where a stored picture is served; ids never change content, so the browser caches them. */
export const imageUrl = (id: string): string => `/api/images/${encodeURIComponent(id)}`;

/** A calm horse-head silhouette on the brand's paper tone, for horses without a picture. */
export function HorsePlaceholder({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 120 90"
      className={className}
      aria-hidden
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="120" height="90" fill="#eef5f0" />
      <circle cx="92" cy="20" r="9" fill="#e2b55a" opacity="0.55" />
      <path d="M0 74c22-6 44-7 64-4s40 2 56-3v23H0z" fill="#d5e7db" />
      <path
        d="M47 80c0-10 2-17 7-23-7 0-12-2-15-7l7-12c3-4 7-6 12-7l2-6 3 5c10 2 16 12 16 25v25z"
        fill="#2f6b4f"
        opacity="0.85"
      />
      <path d="M58 25c5 5 8 13 8 24" stroke="#1f3d2f" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <circle cx="54" cy="37" r="1.6" fill="#f7f5f0" />
    </svg>
  );
}

/** A head-and-shoulders silhouette for people without a photo. */
export function PersonPlaceholder({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
      <rect width="64" height="64" fill="#d5e7db" />
      <circle cx="32" cy="25" r="11" fill="#2f6b4f" opacity="0.85" />
      <path d="M12 60c2-12 10-19 20-19s18 7 20 19z" fill="#2f6b4f" opacity="0.85" />
    </svg>
  );
}

/** A horse's picture, or the placeholder; `alt` is empty when a nearby text already names the horse. */
export function HorsePicture({
  pictureId,
  alt,
  className = "",
}: {
  pictureId: string | null;
  alt: string;
  className?: string;
}) {
  if (!pictureId) return <HorsePlaceholder className={className} />;
  return <img src={imageUrl(pictureId)} alt={alt} className={`object-cover ${className}`} loading="lazy" />;
}

export function PersonPhoto({
  photoId,
  alt,
  className = "",
}: {
  photoId: string | null;
  alt: string;
  className?: string;
}) {
  if (!photoId) return <PersonPlaceholder className={className} />;
  return <img src={imageUrl(photoId)} alt={alt} className={`object-cover ${className}`} loading="lazy" />;
}
