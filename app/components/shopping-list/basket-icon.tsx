import { type IconProps, Svg } from "../icons.tsx";

/** A shopping basket, drawn on the icons' own frame (decorative: the button around it is named). */
export function BasketIcon({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <path d="M3 9h18l-2 11H5L3 9Z" />
      <path d="m8 9 3-6M16 9l-3-6" />
      <path d="M9 13v4M15 13v4" />
    </Svg>
  );
}
