import type { TCheckoutPaymentType } from '../lib/payment-types';

/**
 * Small marks beside each payment method's name, drawn inline (no picture to download, nothing from
 * the providers' servers). Decorative: the radio's label already names the method, so the marks are
 * hidden from assistive technology.
 */
function Mark({ children }: { children: React.ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" width={40} height={24} viewBox="0 0 40 24">
      {children}
    </svg>
  );
}

function CashMark() {
  return (
    <Mark>
      <rect x="1" y="4" width="38" height="16" rx="3" fill="#2f855a" />
      <rect x="4" y="7" width="32" height="10" rx="2" fill="none" stroke="#c6f6d5" strokeWidth="1.2" />
      <circle cx="20" cy="12" r="3.5" fill="#c6f6d5" />
    </Mark>
  );
}

function CardMark() {
  return (
    <Mark>
      <rect x="3" y="2" width="34" height="20" rx="3" fill="#3b4a6b" />
      <rect x="3" y="6" width="34" height="4" fill="#1a2238" />
      <rect x="7" y="14" width="8" height="4" rx="1" fill="#f6c453" />
    </Mark>
  );
}

function PaymeMark() {
  return (
    <Mark>
      <rect x="0.5" y="2" width="39" height="20" rx="5" fill="#00a5b5" />
      <text
        x="20"
        y="16"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="11"
        fontWeight="700"
        fill="#ffffff"
      >
        payme
      </text>
    </Mark>
  );
}

function ClickMark() {
  return (
    <Mark>
      <rect x="0.5" y="2" width="39" height="20" rx="5" fill="#0070d9" />
      <circle cx="10" cy="12" r="5" fill="none" stroke="#ffffff" strokeWidth="2.2" />
      <text
        x="26"
        y="16"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="10"
        fontWeight="700"
        fill="#ffffff"
      >
        click
      </text>
    </Mark>
  );
}

const MARKS: Record<TCheckoutPaymentType, () => React.JSX.Element> = {
  cash: CashMark,
  card: CardMark,
  payme: PaymeMark,
  click: ClickMark,
};

export function PaymentMark({ type }: { type: TCheckoutPaymentType }) {
  const Mark = MARKS[type];
  return (
    <span className="inline-flex shrink-0" data-testid={`payment-mark-${type}`}>
      <Mark />
    </span>
  );
}
