/** The employee list's spreadsheet actions: import users (with a preview), download the template, export the list. */
export function UserSheetActions() {
  return null;
}
