/** Tables of case files, their rows, analyses and file reports (camelCase here, snake_case in the database; see db/schema.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- groundwork: issue 15 adds the tables
export interface CaseFileTables {}
