import { base } from './icons.tsx';

/** Checkout icons, drawn like ./icons.tsx (no emoji: phones without an emoji font show boxes). */
export const ClockIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...base(size)} aria-hidden="true">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

export const CardIcon = ({ size = 22 }: { size?: number }) => (
  <svg {...base(size)} aria-hidden="true">
    <rect width="20" height="14" x="2" y="5" rx="2" />
    <path d="M2 10h20M6 15h4" />
  </svg>
);

/** The Pix mark's shape: a diamond of four rounded arms. */
export const PixIcon = ({ size = 22 }: { size?: number }) => (
  <svg {...base(size)} aria-hidden="true">
    <path d="M12 3.5 20.5 12 12 20.5 3.5 12Z" />
    <path d="M8 12h8M12 8v8" strokeWidth={1.5} />
  </svg>
);

/** A padlock (a copy of ./icons.tsx's: importing that module from checkout splits it out of the event page's chunk). */
export const PadlockIcon = ({ size = 16 }: { size?: number }) => (
  <svg {...base(size)} aria-hidden="true">
    <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </svg>
);
