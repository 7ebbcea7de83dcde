export function Logo({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f3d2f" />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#d9a441" strokeWidth="5" />
      <path d="M24 40c2-9 6-15 14-17l-3 7 5 2-10 10z" fill="#f7f5f0" />
    </svg>
  );
}
