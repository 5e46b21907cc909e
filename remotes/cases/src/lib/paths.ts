/** Where the case list lives. */
export const CASE_LIST_PATH = '/case';
