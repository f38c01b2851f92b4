/** Five stars filled to the rating; one accessible label instead of five images. */
export function Stars({ rating, label }: { rating: number; label: string }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span
      role="img"
      aria-label={label}
      className="relative inline-block text-base leading-none tracking-wider"
    >
      <span className="text-line">★★★★★</span>
      <span className="absolute inset-0 overflow-hidden text-brand-600" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
