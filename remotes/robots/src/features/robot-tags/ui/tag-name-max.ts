/** The same limit the server checks (contracts' tag name: 1–50 characters, not only spaces). */
export const TAG_NAME_MAX = 50;
