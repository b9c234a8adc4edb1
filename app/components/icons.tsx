// Inline SVG icons: no extra requests, they inherit the text colour, and the
// fixed viewBox plus width/height keep the layout from shifting. All are
// decorative; the link or button around them carries the accessible name.

export interface IconProps {
  size?: number;
}

export function Svg({ size = 24, children }: IconProps & { children: React.ReactNode }) {
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
      {children}
    </svg>
  );
}

/** Magnifying glass. */
export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </Svg>
  );
}

/** A cross: clear or remove. */
export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12" />
      <path d="M18 6 6 18" />
    </Svg>
  );
}

/** A pencil: edit settings. */
export function EditIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </Svg>
  );
}

/** Two crossing arrows: the random generator. */
export function ShuffleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M16 3h5v5" />
      <path d="M4 20 21 3" />
      <path d="M21 16v5h-5" />
      <path d="m15 15 6 6" />
      <path d="M4 4l5 5" />
    </Svg>
  );
}

/** A carrot: searching by ingredient. */
export function IngredientIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2.3 21.7s9.9-3.4 13.4-6.9a4.2 4.2 0 0 0-6-6C6.2 12.3 2.3 21.7 2.3 21.7Z" />
      <path d="m8.6 14.3-1.5-1.5" />
      <path d="m12.4 12.4-1.9-1.9" />
      <path d="M15.6 8.4c1-2.1 2.8-3.4 5.4-3.4-.1 2.6-1.4 4.4-3.4 5.4" />
      <path d="M15 9c0-2.4.8-4.4 2.5-6" />
    </Svg>
  );
}

/** A heart: saved recipes. */
export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...props}>
      <path
        fill={filled ? "currentColor" : "none"}
        d="M12 20.5s-7.5-4.6-9.3-9.3C1.5 8 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.5 4.3 6.7-1.8 4.7-9.3 9.3-9.3 9.3Z"
      />
    </Svg>
  );
}

/** A printer: print the recipe. */
export function PrintIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 9V3h10v6" />
      <path d="M7 18H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <path d="M7 14h10v7H7z" />
    </Svg>
  );
}

/** An arrow out of a box: share. */
export function ShareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3v12" />
      <path d="m7.5 7.5 4.5-4.5 4.5 4.5" />
      <path d="M6 11H5v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9h-1" />
    </Svg>
  );
}

/** The site's logo: a steaming pot. Also the favicon's motif (public/icon.svg). */
export function LogoMark({ size = 36 }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 64 64">
      <circle cx="32" cy="32" r="32" fill="#2f6b3a" />
      <path
        d="M23 14c-2 3 2 5 0 8M32 12c-2 3 2 5 0 8M41 14c-2 3 2 5 0 8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path d="M14 28h36v4H14z" fill="#f4a259" />
      <path d="M17 32h30v10a10 10 0 0 1-10 10H27a10 10 0 0 1-10-10z" fill="#fff" />
      <path d="M11 34h6M47 34h6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
