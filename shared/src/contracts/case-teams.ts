// Filled by the case-teams work of issue 15 (groundwork).
export {};
