/** Small stroke icons; decorative, since every button also carries its text. */
interface IconProps {
  path: string;
}

export function Icon({ path }: IconProps) {
  return (
    <svg
      className="button__icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

export const MenuIcon = () => <Icon path="M4 6h16M4 12h16M4 18h16" />;
export const PlusIcon = () => <Icon path="M12 5v14M5 12h14" />;
export const ChevronDownIcon = () => <Icon path="M6 9l6 6 6-6" />;
export const BackIcon = () => <Icon path="M15 18l-6-6 6-6" />;
export const CloseIcon = () => <Icon path="M6 6l12 12M18 6L6 18" />;
export const InfoIcon = () => (
  <Icon path="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01" />
);
export const TrashIcon = () => <Icon path="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />;
export const PaperclipIcon = () => (
  <Icon path="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5" />
);
export const HistoryIcon = () => <Icon path="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2" />;
export const LogOutIcon = () => (
  <Icon path="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
);
export const AccountIcon = () => (
  <Icon path="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" />
);
export const ShareIcon = () => (
  <Icon path="M21 5a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM9 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 19a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
);
export const DownloadIcon = () => <Icon path="M12 3v12M7 10l5 5 5-5M4 21h16" />;
export const UploadIcon = () => <Icon path="M12 15V3M7 8l5-5 5 5M4 21h16" />;
