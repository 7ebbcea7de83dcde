import type { SVGProps } from "react";

/** A horse head in lucide's style (lucide has none). */
export function HorseIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      <path d="M7 21c0-4 1-6 3-8-3 0-5-1-6-3l3-5c1-1 3-2 5-2l1-2 1 2c4 1 6 5 6 10v8" />
      <path d="M10 6.5h.01" />
      <path d="M13 3c2 2 3 5 3 9" />
    </svg>
  );
}
