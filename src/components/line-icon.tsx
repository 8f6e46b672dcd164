/**
 * A pictogram drawn as one stroked path in the text's colour (`currentColor`), for lists of features, modules and
 * notices. Decorative: the text beside it says what it shows, so it is hidden from screen readers.
 */
export function LineIcon({
  path,
  size = 24,
  strokeWidth = 2,
  className,
}: {
  /** The path's `d`, drawn in a square of `size` units. */
  path: string;
  size?: 24 | 32;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
