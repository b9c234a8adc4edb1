/** A shopping basket, drawn like the icons of icons.tsx (decorative: the button around it is named). */
export function BasketIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 9h18l-2 11H5L3 9Z" />
      <path d="m8 9 3-6M16 9l-3-6" />
      <path d="M9 13v4M15 13v4" />
    </svg>
  );
}
