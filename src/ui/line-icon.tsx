import { Icon, type IconProps } from '@chakra-ui/react';

// Small line icons drawn for this app on a 24px grid; they take the text colour. The ones /login shows
// are here; the others are in ./icons, which /login does not load.
export function LineIcon({ children, ...props }: IconProps) {
  return (
    <Icon boxSize="1.1em" {...props} asChild>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    </Icon>
  );
}

export const EyeIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </LineIcon>
);
export const EyeOffIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M2 12s3.6-7 10-7c1.7 0 3.2.5 4.5 1.2M22 12s-3.6 7-10 7c-1.7 0-3.2-.5-4.5-1.2" />
    <path d="M3 3l18 18" />
  </LineIcon>
);
export const AlertIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5" />
    <path d="M12 16.5v.01" />
  </LineIcon>
);
