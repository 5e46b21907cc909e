/** /case/files: uploaded case files, their analysis and file reports. */
export function CaseFilesPage() {
  return null;
}
