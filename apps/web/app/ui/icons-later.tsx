import { base, type TIconProps } from './icons.tsx';

/**
 * The icons only parts loaded after the page draw (the side menu, commissioner pages): out of
 * icons.tsx, whose icons travel in every page's first script (vite.config.ts, the i18n chunk).
 */
export const CloseIcon = ({ size = 24 }: TIconProps) => (
  <svg {...base(size)}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

export const ShieldIcon = ({ size = 20 }: TIconProps) => (
  <svg {...base(size)}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10" />
    <path d="m9 12 2 2 4-4" />
  </svg>
);
