// The brand mark: a search lens over a rising bar, drawn in the brand colour.
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <rect x="7" y="17" width="4" height="8" rx="1.5" fill="#c7d2fe" />
      <rect x="13" y="12" width="4" height="13" rx="1.5" fill="#e0e7ff" />
      <circle cx="21" cy="13" r="5" fill="none" stroke="#ffffff" strokeWidth="2.5" />
      <path d="M24.5 16.5 27 19" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
