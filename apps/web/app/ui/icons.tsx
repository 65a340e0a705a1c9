/** Inline icons: no icon font, no extra request; each is decorative unless labelled by its parent. */
export type TIconProps = { size?: number };

export const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

export const BellIcon = ({ size = 22 }: TIconProps) => (
  <svg {...base(size)}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

export const UserIcon = ({ size = 20 }: TIconProps) => (
  <svg {...base(size)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

export const CartIcon = ({ size = 22 }: TIconProps) => (
  <svg {...base(size)}>
    <circle cx="8" cy="21" r="1" />
    <circle cx="19" cy="21" r="1" />
    <path d="M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12" />
  </svg>
);

export const SearchIcon = ({ size = 18 }: TIconProps) => (
  <svg {...base(size)}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </svg>
);

export const MenuIcon = ({ size = 24 }: TIconProps) => (
  <svg {...base(size)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const ChevronDownIcon = ({ size = 16 }: TIconProps) => (
  <svg {...base(size)}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export function Logo({ brand }: { brand: string }) {
  return (
    <svg width="120" height="32" viewBox="0 0 120 32" aria-hidden="true" focusable="false">
      <rect x="0" y="4" width="30" height="24" rx="5" fill="currentColor" />
      <circle cx="0" cy="16" r="4" fill="var(--header-bg)" />
      <circle cx="30" cy="16" r="4" fill="var(--header-bg)" />
      <path d="M10 10h7a3.5 3.5 0 0 1 0 7h-7zM10 17h8a3.5 3.5 0 0 1 0 7h-8z" fill="var(--header-bg)" />
      <text x="36" y="23" fontFamily="inherit" fontSize="19" fontWeight="800" fill="currentColor">
        {brand.toLowerCase()}
      </text>
    </svg>
  );
}
