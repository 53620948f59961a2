import { Icon, type IconProps } from "@chakra-ui/react";

/** A small line icon for the shell (24 × 24, stroke follows the text colour), drawn from its paths. */
function lineIcon(...paths: string[]) {
  function LineIcon(props: IconProps) {
    return (
      <Icon {...props} asChild>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </Icon>
    );
  }
  return LineIcon;
}

export const HomeIcon = lineIcon("M3 10.5 12 3l9 7.5", "M5 9.5V21h5v-6h4v6h5V9.5");

export const LogoutIcon = lineIcon("M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "m16 17 5-5-5-5", "M21 12H9");

export const ArrowLeftIcon = lineIcon("M19 12H5", "m12 19-7-7 7-7");

export const ArrowRightIcon = lineIcon("M5 12h14", "m12 5 7 7-7 7");

export const ChevronDownIcon = lineIcon("m6 9 6 6 6-6");

export const BuildingIcon = lineIcon(
  "M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16",
  "M16 9h2a2 2 0 0 1 2 2v10",
  "M2 21h20",
  "M10 7v4M8 9h4",
  "M9 17h2",
);

/** The product mark: a cross inside a rounded square, drawn in the brand colour. */
export function ProductMark(props: IconProps) {
  return (
    <Icon {...props} asChild>
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect x="1" y="1" width="30" height="30" rx="8" fill="currentColor" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="white" />
      </svg>
    </Icon>
  );
}

export const UploadCloudIcon = lineIcon(
  "M16 16l-4-4-4 4",
  "M12 12v9",
  "M20.39 18.39A5 5 0 0 0 18 9h-1.26A8 8 0 1 0 3 16.3",
);

export const FileSheetIcon = lineIcon(
  "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z",
  "M14 2v6h6",
  "M8 13h8M8 17h8M12 11v8",
);

export const TrashIcon = lineIcon(
  "M3 6h18",
  "M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2",
  "M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6",
);

export const CheckCircleIcon = lineIcon("M22 11.08V12a10 10 0 1 1-5.93-9.14", "M22 4 12 14.01l-3-3");

export const DownloadIcon = lineIcon("M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "m7 10 5 5 5-5", "M12 15V3");
