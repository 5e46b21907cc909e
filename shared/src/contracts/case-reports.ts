// Filled by the case-reports work of issue 15 (groundwork).
export {};
