/**
 * The product's built-in mark, drawn in the page rather than as an image of public/favicon.svg
 * (which, with the splash in index.html, draws the same). At 14 units the bold "SRM" took the whole
 * 32-unit square in Arial's metrics and more in any wider font standing in for it: the letters ran
 * into the edges. Now they are held to 22 units (textLength), a margin of 5 either side whatever
 * font draws them.
 */
export function ProductMark({ size, testId }: { size: number; testId?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      style={{ flex: 'none' }}
      aria-hidden="true"
      data-testid={testId}
    >
      <rect width="32" height="32" rx="6" fill="#1890ff" />
      <text
        x="16"
        y="20"
        fontSize="11"
        textLength="22"
        lengthAdjust="spacingAndGlyphs"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="bold"
      >
        SRM
      </text>
    </svg>
  );
}
