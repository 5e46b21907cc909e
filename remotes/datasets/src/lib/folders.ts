/** The folder choices that are no catalogue: every file, or the files outside any folder (`catalogueId=root`). */
export const ALL_FILES = 'all';
export const NOT_IN_FOLDER = 'root';

/** The folder new files go into from the folder selected: none for "all files" and "not in a folder". */
export function uploadFolderOf(selected: string): string | null {
  return selected === ALL_FILES || selected === NOT_IN_FOLDER ? null : selected;
}
